import { create } from 'zustand';
import type { ApiClient, ApiRequest } from '../../shared/api/index';
import type { Preferences } from '../../shared/api/index';

export interface PreferencesState {
  /** The user's preferences as the main side holds them; null until the first answer. */
  prefs: Preferences | null;
  /** Asks the main side again (once at start; readers never ask on their own). */
  load(): Promise<Preferences>;
  /** Saves some fields and takes the main side's answer, so every reader sees the change at once. */
  save(changes: ApiRequest<'prefs.set'>): Promise<Preferences>;
}

/**
 * The one copy of the preferences in a window. Every reader subscribes to it (the theme, the pane sizes, the test-run
 * pane's interpreter and timeout, the Preferences dialog), so a saved change is seen everywhere without a reload.
 * A new preference is a field of PreferencesT in the contract; nothing here changes.
 */
export function createPreferencesStore(api: ApiClient) {
  const store = create<PreferencesState>()((set) => ({
    prefs: null,
    load: async () => {
      const prefs = await api.invoke('prefs.get', {});
      set({ prefs });
      return prefs;
    },
    save: async (changes) => {
      const prefs = await api.invoke('prefs.set', changes);
      set({ prefs });
      return prefs;
    },
  }));
  return store;
}

export type PreferencesStoreHook = ReturnType<typeof createPreferencesStore>;
