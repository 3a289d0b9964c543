import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * Whether row `index` of a virtual list is wholly in view by what the virtualizer last measured (no DOM read). Its
 * `scrollToIndex` scrolls a row at the top even when it is already there (`align: 'auto'` takes "at the top" as
 * "above"), and the scroll forces a layout of the whole page: 224 ms of opening a 5,000-tool file went there. A list
 * at its top with the first row selected needs no scroll, measured or not.
 */
export function rowInView(virtualizer: Virtualizer<HTMLDivElement, Element>, index: number): boolean {
  const row = virtualizer.measurementsCache[index];
  if (row === undefined) return false;
  const top = virtualizer.scrollOffset ?? 0;
  const height = virtualizer.scrollRect?.height ?? 0;
  if (row.start === 0 && top === 0) return true;
  return height > 0 && row.start >= top && row.end <= top + height;
}
