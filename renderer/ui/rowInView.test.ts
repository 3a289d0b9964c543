import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { rowInView } from './rowInView';

/** A virtualizer as rowInView reads it: rows of 36 px, scrolled to `top`, `height` px of them shown. */
function list(top: number | null, height: number | null, rows = 100): Virtualizer<HTMLDivElement, Element> {
  const measurementsCache = Array.from({ length: rows }, (_, i) => ({ index: i, key: i, start: i * 36, end: i * 36 + 36, size: 36, lane: 0 }));
  return { measurementsCache, scrollOffset: top, scrollRect: height === null ? null : { width: 300, height } } as unknown as Virtualizer<HTMLDivElement, Element>;
}

describe('rowInView: whether the list must scroll to show a row', () => {
  it('no scroll for a row wholly shown', () => {
    expect(rowInView(list(0, 360), 3)).toBe(true);
    expect(rowInView(list(360, 360), 19)).toBe(true);
  });

  it('a scroll for a row above, below or cut by an edge', () => {
    expect(rowInView(list(360, 360), 9)).toBe(false);
    expect(rowInView(list(0, 360), 10)).toBe(false);
    expect(rowInView(list(10, 360), 0)).toBe(false);
  });

  it('the first row of a list at its top needs none, before the list was measured too', () => {
    expect(rowInView(list(null, null), 0)).toBe(true);
    expect(rowInView(list(null, null), 5)).toBe(false);
  });

  it('a row not laid out yet asks for the scroll', () => {
    expect(rowInView(list(0, 360, 3), 7)).toBe(false);
  });
});
