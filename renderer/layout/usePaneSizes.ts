import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreferencesStoreHook } from '../prefs/preferencesStore';

export interface PaneSizes {
  tools: number;
  side: number;
  problems: number;
}

const KEY = 'toolbox-editor.layout';
const DEFAULTS: PaneSizes = { tools: 260, side: 340, problems: 150 };
const LIMITS: Record<keyof PaneSizes, [number, number]> = { tools: [160, 700], side: [200, 900], problems: [60, 600] };

/** Restores saved sizes, ignoring anything malformed or out of bounds (a layout must never hide a pane). */
export function readPaneSizes(stored: string | null): PaneSizes {
  const sizes = { ...DEFAULTS };
  try {
    const parsed = JSON.parse(stored ?? '{}') as Partial<Record<keyof PaneSizes, unknown>>;
    for (const key of Object.keys(LIMITS) as (keyof PaneSizes)[]) {
      const value = parsed[key];
      if (typeof value === 'number' && Number.isFinite(value)) sizes[key] = clampSize(key, value);
    }
  } catch {
    // keep the defaults
  }
  return sizes;
}

export function clampSize(key: keyof PaneSizes, value: number): number {
  const [min, max] = LIMITS[key];
  return Math.round(Math.max(min, Math.min(max, value)));
}

/** How long after the last drag the sizes are saved to the preferences (a drag resizes many times a second). */
const SAVE_DELAY_MS = 500;

/**
 * Pane sizes, remembered across sessions: in localStorage (at hand at once, so the first frame has them) and in
 * the preferences (which outlive a browser-mode restart: each start has a new port, so a new localStorage).
 * `restore` takes the sizes from the preferences once they are read (the app reads them once at start-up).
 */
export function usePaneSizes(usePreferences: PreferencesStoreHook) {
  const [sizes, setSizes] = useState(() => readPaneSizes(localStorage.getItem(KEY)));
  const touched = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  const restore = useCallback((layout: Partial<PaneSizes> | undefined) => {
    // A drag made meanwhile wins over what was saved.
    if (touched.current || !layout) return;
    const saved = readPaneSizes(JSON.stringify(layout));
    localStorage.setItem(KEY, JSON.stringify(saved));
    setSizes(saved);
  }, []);
  const resize = useCallback(
    (key: keyof PaneSizes, value: number) => {
      touched.current = true;
      setSizes((previous) => {
        const next = { ...previous, [key]: clampSize(key, value) };
        localStorage.setItem(KEY, JSON.stringify(next));
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => void usePreferences.getState().save({ layout: next }).catch(() => undefined), SAVE_DELAY_MS);
        return next;
      });
    },
    [usePreferences],
  );
  return { sizes, resize, restore };
}
