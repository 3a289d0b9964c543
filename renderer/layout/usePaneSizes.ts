import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreferencesStoreHook } from '../prefs/preferencesStore';

/**
 * Pane sizes as proportions of the window: the tool list and the side column of its width, the Problems panel of
 * its height. Kept as proportions, they fit any window the layout is restored in; the pixels come from
 * `pixelSizes`, which also keeps the editor column usable whatever was saved.
 */
export interface PaneSizes {
  tools: number;
  side: number;
  problems: number;
}

export interface WindowSize {
  width: number;
  height: number;
}

const KEY = 'toolbox-editor.layout';
export const DEFAULT_PANE_SIZES: PaneSizes = { tools: 0.19, side: 0.28, problems: 0.19 };
/** Bounds of each proportion, and of the pixels it gives (a pane never shrinks to nothing). */
const LIMITS: Record<keyof PaneSizes, { min: number; max: number; minPx: number }> = {
  tools: { min: 0.08, max: 0.35, minPx: 150 },
  side: { min: 0.12, max: 0.5, minPx: 220 },
  problems: { min: 0.05, max: 0.5, minPx: 56 },
};
/** The editor column's least share of the window width: side panes taking more are scaled down together. */
export const EDITOR_MIN_SHARE = 0.4;
/** The height of a Problems panel with nothing in it: its title and one line saying so. */
export const EMPTY_PROBLEMS_PX = 64;
const SPLITTERS_PX = 10;

const clampShare = (key: keyof PaneSizes, share: number) => Math.max(LIMITS[key].min, Math.min(LIMITS[key].max, share));

/**
 * Restores saved sizes, ignoring anything malformed. A value above 1 is a pixel size saved by an older version:
 * it becomes a proportion of the window it is restored in.
 */
export function readPaneSizes(stored: string | null, window: WindowSize = { width: 1280, height: 800 }): PaneSizes {
  const sizes = { ...DEFAULT_PANE_SIZES };
  try {
    const parsed = JSON.parse(stored ?? '{}') as Partial<Record<keyof PaneSizes, unknown>>;
    for (const key of Object.keys(LIMITS) as (keyof PaneSizes)[]) {
      const value = parsed[key];
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
      sizes[key] = clampShare(key, value > 1 ? value / (key === 'problems' ? window.height : window.width) : value);
    }
  } catch {
    // keep the defaults
  }
  return sizes;
}

/**
 * The pixels of each pane in a window of this size: each proportion within its bounds, the tool list and side
 * column together never more than leaves the editor its share, and an empty Problems panel small.
 */
export function pixelSizes(sizes: PaneSizes, window: WindowSize, problemsEmpty = false): PaneSizes {
  let tools = Math.max(LIMITS.tools.minPx, clampShare('tools', sizes.tools) * window.width);
  let side = Math.max(LIMITS.side.minPx, clampShare('side', sizes.side) * window.width);
  const room = Math.max(0, window.width * (1 - EDITOR_MIN_SHARE) - SPLITTERS_PX);
  if (tools + side > room) {
    const scale = room / (tools + side);
    tools *= scale;
    side *= scale;
  }
  const problems = problemsEmpty ? EMPTY_PROBLEMS_PX : Math.max(LIMITS.problems.minPx, clampShare('problems', sizes.problems) * window.height);
  return { tools: Math.round(tools), side: Math.round(side), problems: Math.round(problems) };
}

/** The proportion a pane dragged to `px` pixels takes in this window. */
export function shareOf(key: keyof PaneSizes, px: number, window: WindowSize): number {
  return clampShare(key, px / (key === 'problems' ? window.height : window.width));
}

const windowSize = (): WindowSize => ({ width: window.innerWidth, height: window.innerHeight });

/** How long after the last drag the sizes are saved to the preferences (a drag resizes many times a second). */
const SAVE_DELAY_MS = 500;

/**
 * Pane sizes, remembered across sessions: in localStorage (at hand at once, so the first frame has them) and in
 * the preferences (which outlive a browser-mode restart: each start has a new port, so a new localStorage).
 * `restore` takes the sizes from the preferences once they are read (the app reads them once at start-up).
 * `pixels` follow the window as it is resized.
 */
export function usePaneSizes(usePreferences: PreferencesStoreHook, problemsEmpty = false) {
  const [win, setWin] = useState(windowSize);
  const [sizes, setSizes] = useState(() => readPaneSizes(localStorage.getItem(KEY), windowSize()));
  const touched = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  useEffect(() => {
    const onResize = () => setWin(windowSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const restore = useCallback((layout: Partial<PaneSizes> | undefined) => {
    // A drag made meanwhile wins over what was saved.
    if (touched.current || !layout) return;
    const saved = readPaneSizes(JSON.stringify(layout), windowSize());
    localStorage.setItem(KEY, JSON.stringify(saved));
    setSizes(saved);
  }, []);
  const resize = useCallback(
    (key: keyof PaneSizes, px: number) => {
      touched.current = true;
      setSizes((previous) => {
        const next = { ...previous, [key]: shareOf(key, px, windowSize()) };
        localStorage.setItem(KEY, JSON.stringify(next));
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => void usePreferences.getState().save({ layout: next }).catch(() => undefined), SAVE_DELAY_MS);
        return next;
      });
    },
    [usePreferences],
  );
  return { sizes: pixelSizes(sizes, win, problemsEmpty), shares: sizes, resize, restore };
}
