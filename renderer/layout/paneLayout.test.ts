import { describe, expect, it } from 'vitest';
import { DEFAULT_PANE_SIZES, EDITOR_MIN_SHARE, EMPTY_PROBLEMS_PX, pixelSizes, readLayout, readPaneSizes, shareOf } from './paneLayout';

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
