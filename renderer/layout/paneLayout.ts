import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { Preferences } from '../../shared/api/index';
import type { PreferencesStoreHook } from '../prefs/preferencesStore';

/**
 * Pane sizes as proportions: the tool list and the side column of the window's width, the Problems panel of its
 * height, the project tree of the left column's height and the catalog of the side column's. Kept as proportions,
 * they fit any window the layout is restored in; the pixels come from `pixelSizes` (which also keeps the editor
 * column usable whatever was saved) and, inside a column, from `SplitPanes`.
 */
export interface PaneSizes {
  tools: number;
  side: number;
  problems: number;
  project: number;
  catalog: number;
}

/** The panes that fold to their title. */
export type CollapsiblePane = 'project' | 'tools';

export interface Layout extends PaneSizes {
  collapsed: CollapsiblePane[];
}

export interface WindowSize {
  width: number;
  height: number;
}

/** The pixels of the panes sized against the window. */
export type WindowPixels = Pick<PaneSizes, 'tools' | 'side' | 'problems'>;

const KEY = 'toolbox-editor.layout';
/**
 * The project tree takes 30% of the left column: at 1280×800 that leaves the tool list room for eight tools under
 * its filter and actions; the catalog 60% of the side column: at 1280×800 that shows nine lines of the rendered
 * catalog under its settings and views (at 55% it showed six), and the test run keeps its tool, Python and form.
 */
export const DEFAULT_PANE_SIZES: PaneSizes = { tools: 0.19, side: 0.28, problems: 0.19, project: 0.3, catalog: 0.6 };
/** Bounds of each proportion, and of the pixels it gives (a pane never shrinks to nothing). */
const LIMITS: Record<keyof PaneSizes, { min: number; max: number; minPx: number }> = {
  tools: { min: 0.08, max: 0.35, minPx: 150 },
  side: { min: 0.12, max: 0.5, minPx: 220 },
  problems: { min: 0.05, max: 0.5, minPx: 56 },
  project: { min: 0.05, max: 0.95, minPx: 0 },
  catalog: { min: 0.05, max: 0.95, minPx: 0 },
};
/** The panes sized against the window (the others against their column, never saved as pixels). */
const WINDOW_PANES = new Set<keyof PaneSizes>(['tools', 'side', 'problems']);
const COLLAPSIBLE: readonly CollapsiblePane[] = ['project', 'tools'];
/** The editor column's least share of the window width: side panes taking more are scaled down together. */
export const EDITOR_MIN_SHARE = 0.4;
/** The height of a Problems panel with nothing in it: its title and one line saying so. */
export const EMPTY_PROBLEMS_PX = 64;
const SPLITTERS_PX = 10;

const clampShare = (key: keyof PaneSizes, share: number) => Math.max(LIMITS[key].min, Math.min(LIMITS[key].max, share));

/**
 * Restores a saved layout, ignoring anything malformed. A value above 1 for a pane sized against the window is a
 * pixel size saved by an older version: it becomes a proportion of the window it is restored in.
 */
export function readLayout(stored: string | null, window: WindowSize = { width: 1280, height: 800 }): Layout {
  const layout: Layout = { ...DEFAULT_PANE_SIZES, collapsed: [] };
  let parsed: Partial<Record<keyof Layout, unknown>> = {};
  try {
    const value: unknown = JSON.parse(stored ?? '{}');
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // keep the defaults
  }
  for (const key of Object.keys(LIMITS) as (keyof PaneSizes)[]) {
    const value = parsed[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
    if (value > 1 && !WINDOW_PANES.has(key)) continue;
    layout[key] = clampShare(key, value > 1 ? value / (key === 'problems' ? window.height : window.width) : value);
  }
  if (Array.isArray(parsed.collapsed)) layout.collapsed = COLLAPSIBLE.filter((pane) => (parsed.collapsed as unknown[]).includes(pane));
  return layout;
}

/** The sizes alone of a saved layout (see readLayout). */
export function readPaneSizes(stored: string | null, window?: WindowSize): PaneSizes {
  const { collapsed: _collapsed, ...sizes } = readLayout(stored, window);
  return sizes;
}

/**
 * The pixels of each window-sized pane in a window of this size: each proportion within its bounds, the tool list
 * and side column together never more than leaves the editor its share, and an empty Problems panel small.
 */
export function pixelSizes(sizes: PaneSizes, window: WindowSize, problemsEmpty = false): WindowPixels {
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

/** The proportion a pane dragged to `px` pixels takes of `extent` (the window's width or height by default). */
export function shareOf(key: keyof PaneSizes, px: number, window: WindowSize, extent?: number): number {
  return clampShare(key, px / (extent ?? (key === 'problems' ? window.height : window.width)));
}

const windowSize = (): WindowSize => ({ width: window.innerWidth, height: window.innerHeight });

/** How long after the last drag the sizes are saved to the preferences (a drag resizes many times a second). */
const SAVE_DELAY_MS = 500;

export interface LayoutState {
  layout: Layout;
  /** A pane dragged to `px` pixels: of the window, or of `extent` (its column's height) for a column split. */
  resize(key: keyof PaneSizes, px: number, extent?: number): void;
  /** Folds a pane to its title, or unfolds it. */
  toggle(pane: CollapsiblePane): void;
  /**
   * Takes the layout the preferences kept (read once at start-up), unless this window has a layout of its own: one it
   * kept across a reload, or one the user changed meanwhile.
   */
  restore(saved: Preferences['layout']): void;
}

/** The part of the Web Storage API the layout uses (a fake in unit tests). */
export type LayoutStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Where layouts are kept. `window`: this window's own, across its reloads — sessionStorage, which belongs to one tab
 * in a browser and to one BrowserWindow in Electron, survives a reload and is never shared with another window (a
 * duplicated tab gets a copy). `shared`: the last layout any window changed, where a new window starts from.
 */
export interface LayoutStorages {
  window: LayoutStorage | undefined;
  shared: LayoutStorage | undefined;
}

const pageStorages = (): LayoutStorages => ({ window: globalThis.sessionStorage, shared: globalThis.localStorage });

/**
 * The window's pane sizes and folded panes. Each window keeps its own while it is open and across its reloads (see
 * LayoutStorages); a change is also saved as the start of any new window: in localStorage (at hand at once, so the
 * first frame has it) and in the preferences (which outlive a browser-mode restart: each start has a new port, so a
 * new localStorage). One per window, owned by its workspace; `usePanePixels` draws them in pixels.
 */
export function createLayoutStore(usePreferences: PreferencesStoreHook, storages: LayoutStorages = pageStorages()) {
  const own = storages.window?.getItem(KEY) ?? null;
  /** The window's layout is its own: kept across a reload, or changed here; the preferences' copy does not replace it. */
  let owned = own !== null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const keep = (layout: Layout) => storages.window?.setItem(KEY, JSON.stringify(layout));
  return create<LayoutState>()((set, get) => {
    const change = (next: Layout) => {
      owned = true;
      keep(next);
      storages.shared?.setItem(KEY, JSON.stringify(next));
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => void usePreferences.getState().save({ layout: next }).catch(() => undefined), SAVE_DELAY_MS);
      set({ layout: next });
    };
    const initial = readLayout(own ?? storages.shared?.getItem(KEY) ?? null, typeof window === 'undefined' ? undefined : windowSize());
    // Kept as this window's from the first frame: a reload shows what the window showed, not what another changed since.
    keep(initial);
    return {
      layout: initial,
      resize: (key, px, extent) => change({ ...get().layout, [key]: shareOf(key, px, windowSize(), extent) }),
      toggle: (pane) => {
        const { collapsed } = get().layout;
        change({ ...get().layout, collapsed: collapsed.includes(pane) ? collapsed.filter((p) => p !== pane) : [...collapsed, pane] });
      },
      restore: (saved) => {
        if (owned || !saved) return;
        const next = readLayout(JSON.stringify(saved), windowSize());
        keep(next);
        storages.shared?.setItem(KEY, JSON.stringify(next));
        set({ layout: next });
      },
    };
  });
}

export type LayoutStoreHook = ReturnType<typeof createLayoutStore>;

/** The window-sized panes' pixels, following the window as it is resized; the shares and folds as they are. */
export function usePanePixels(useLayout: LayoutStoreHook, problemsEmpty = false) {
  const [win, setWin] = useState(windowSize);
  useEffect(() => {
    const onResize = () => setWin(windowSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const layout = useLayout((s) => s.layout);
  const { collapsed, ...shares } = layout;
  return { sizes: pixelSizes(shares, win, problemsEmpty), shares, collapsed };
}
