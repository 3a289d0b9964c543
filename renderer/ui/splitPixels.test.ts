import { describe, expect, it } from 'vitest';
import { splitPixels } from './splitPixels';

describe('two panes splitting a column', () => {
  it('never lets a split pane shrink below its least height', () => {
    expect(splitPixels(0.3, 600, 56)).toBe(180);
    expect(splitPixels(0.01, 600, 56)).toBe(56);
    expect(splitPixels(0.99, 600, 56)).toBe(544);
    expect(splitPixels(0.3, 100, 56)).toBe(50);
  });
});
