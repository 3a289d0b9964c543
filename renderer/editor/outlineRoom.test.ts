import { describe, expect, it } from 'vitest';
import { outlineFits, OUTLINE_PX } from './outlineRoom';

// Monaco's 13 px font in Chromium on Linux, and its gutter with folding controls and the scrollbar.
const metrics = { charWidth: 7.83, gutterPx: 79 };

describe('whether the outline opens by itself beside the code', () => {
  it('folds in the HOCON tab at 1280×800 and opens at 1920×1080 (the tab is 668 and 1006 px wide there)', () => {
    expect(outlineFits(668, metrics)).toBe(false);
    expect(outlineFits(1006, metrics)).toBe(true);
  });

  it('keeps 100 columns of code beside it, to the pixel', () => {
    const least = OUTLINE_PX + 100 * metrics.charWidth + metrics.gutterPx;
    expect(outlineFits(least, metrics)).toBe(true);
    expect(outlineFits(least - 1, metrics)).toBe(false);
  });

  it('opens while nothing is measured yet (a hidden tab, an editor not made)', () => {
    expect(outlineFits(0, metrics)).toBe(true);
    expect(outlineFits(668, null)).toBe(true);
  });
});
