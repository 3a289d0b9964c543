import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import type { Preferences } from '../../shared/api/index';
import type { PreferencesState } from '../prefs/preferencesStore';
import {
  createLayoutStore,
  DEFAULT_PANE_SIZES,
  EDITOR_MIN_SHARE,
  EMPTY_PROBLEMS_PX,
  pixelSizes,
  readLayout,
  readPaneSizes,
  shareOf,
  type LayoutStorage,
} from './paneLayout';

describe('pane sizes as proportions of the window', () => {
  it('restores saved proportions within bounds and ignores garbage', () => {
    expect(readPaneSizes('{"tools": 0.2, "side": 0.9, "problems": "x"}', { width: 1000, height: 800 })).toEqual({ ...DEFAULT_PANE_SIZES, tools: 0.2, side: 0.5 });
    expect(readPaneSizes('not json')).toEqual(DEFAULT_PANE_SIZES);
    expect(readPaneSizes(null).tools).toBe(DEFAULT_PANE_SIZES.tools);
  });
  it('reads pixel sizes saved by an older version as proportions of the window', () => {
    expect(readPaneSizes('{"tools": 256, "side": 384, "problems": 160}', { width: 1280, height: 800 })).toEqual({ ...DEFAULT_PANE_SIZES, tools: 0.2, side: 0.3, problems: 0.2 });
  });
  it('keeps the editor column at least 40% of the window, whatever was saved', () => {
    // Both side panes widened at 1920, then the window is 1280 wide.
    const wide = { ...DEFAULT_PANE_SIZES, tools: shareOf('tools', 650, { width: 1920, height: 1080 }), side: shareOf('side', 900, { width: 1920, height: 1080 }), problems: 0.2 };
    for (const width of [1920, 1280, 800]) {
      const px = pixelSizes(wide, { width, height: 800 });
      expect(width - px.tools - px.side - 10).toBeGreaterThanOrEqual(Math.floor(width * EDITOR_MIN_SHARE));
    }
  });
  it('gives the side column more pixels on a wider window, and an empty Problems panel little room', () => {
    expect(pixelSizes(DEFAULT_PANE_SIZES, { width: 1920, height: 1080 }).side).toBeGreaterThan(pixelSizes(DEFAULT_PANE_SIZES, { width: 1280, height: 800 }).side);
    expect(pixelSizes(DEFAULT_PANE_SIZES, { width: 1280, height: 800 }, true).problems).toBe(EMPTY_PROBLEMS_PX);
  });
  it('keeps the column splits and the folded panes, as proportions of their column', () => {
    const layout = readLayout('{"tools": 0.2, "side": 0.3, "problems": 0.2, "project": 0.4, "catalog": 240, "collapsed": ["tools", "catalog", 7]}');
    // A column split is never saved as pixels: 240 is not a share, so the default stays.
    expect(layout).toEqual({ tools: 0.2, side: 0.3, problems: 0.2, project: 0.4, catalog: DEFAULT_PANE_SIZES.catalog, collapsed: ['tools'] });
    expect(readLayout(null).collapsed).toEqual([]);
    expect(shareOf('catalog', 300, { width: 1280, height: 800 }, 600)).toBe(0.5);
  });
});

describe('each window keeps its own layout', () => {
  /** A Web Storage of one window's (sessionStorage) or of them all (localStorage). */
  const memoryStorage = (): LayoutStorage & { items: Map<string, string> } => {
    const items = new Map<string, string>();
    return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
  };
  const preferences = () => {
    const save = vi.fn(async () => ({}) as Preferences);
    return { save, hook: create<PreferencesState>()(() => ({ prefs: null, load: vi.fn(), save })) };
  };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { innerWidth: 1000, innerHeight: 800 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps two windows apart while open and across their reloads; a new window starts from the last change', () => {
    const shared = memoryStorage();
    const [tabA, tabB] = [memoryStorage(), memoryStorage()];
    const prefs = preferences();
    const a = createLayoutStore(prefs.hook, { window: tabA, shared });
    const b = createLayoutStore(prefs.hook, { window: tabB, shared });
    a.getState().resize('tools', 300);
    b.getState().resize('catalog', 200, 400);
    expect(a.getState().layout).toMatchObject({ tools: 0.3, catalog: DEFAULT_PANE_SIZES.catalog });
    expect(b.getState().layout).toMatchObject({ tools: DEFAULT_PANE_SIZES.tools, catalog: 0.5 });
    a.getState().toggle('project');

    // Reloaded, each window shows what it showed, whichever changed last; the preferences' copy does not replace it.
    const reloadedB = createLayoutStore(prefs.hook, { window: tabB, shared });
    reloadedB.getState().restore({ tools: 0.3, side: 0.28, problems: 0.19, project: 0.3, catalog: 0.55, collapsed: ['project'] });
    expect(reloadedB.getState().layout).toEqual(b.getState().layout);
    expect(createLayoutStore(prefs.hook, { window: tabA, shared }).getState().layout).toEqual(a.getState().layout);

    // A new window: the last change of any window (A's fold, after B's resize).
    expect(createLayoutStore(prefs.hook, { window: memoryStorage(), shared }).getState().layout).toEqual(a.getState().layout);
    // The preferences get each window's last change once its dragging stops: A's, the later, last.
    vi.runAllTimers();
    expect(prefs.save).toHaveBeenCalledTimes(2);
    expect(prefs.save).toHaveBeenLastCalledWith({ layout: a.getState().layout });
  });

  it("takes the preferences' layout in a new window (a browser-mode restart has an empty localStorage), but not after a change", () => {
    const saved = { tools: 0.25, side: 0.3, problems: 0.2, project: 0.4, catalog: 0.6, collapsed: ['tools' as const] };
    const fresh = createLayoutStore(preferences().hook, { window: memoryStorage(), shared: memoryStorage() });
    fresh.getState().restore(saved);
    expect(fresh.getState().layout).toEqual(saved);
    const changed = createLayoutStore(preferences().hook, { window: memoryStorage(), shared: memoryStorage() });
    changed.getState().resize('side', 400);
    changed.getState().restore(saved);
    expect(changed.getState().layout.side).toBe(0.4);
  });
});
