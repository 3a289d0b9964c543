import type { Preferences } from '../../shared/api/index';

/** The theme to show for a preference: 'system' follows the OS setting (and its changes). */
export function effectiveTheme(preference: Preferences['theme'], systemDark: boolean): 'light' | 'dark' {
  return preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
}

/** Applies a theme preference now and whenever the system's changes; returns the stop function. */
export function followTheme(preference: Preferences['theme'], apply: (theme: 'light' | 'dark') => void): () => void {
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  const update = () => apply(effectiveTheme(preference, media?.matches ?? false));
  update();
  media?.addEventListener('change', update);
  return () => media?.removeEventListener('change', update);
}
