import { useRef, type ReactNode } from 'react';
import { splitPixels } from './splitPixels';
import { Splitter } from './Splitter';
import { useElementHeight } from './useElementSize';

export interface SplitPanesProps {
  /** The splitter's accessible name ("Resize the project tree"). */
  label: string;
  /** The first pane's share of the height (0–1). */
  share: number;
  /** The first pane dragged to `px` pixels of `extent` (the height both panes share). */
  onResize(px: number, extent: number): void;
  /** Absent: the second pane takes the whole height. */
  first: ReactNode;
  second: ReactNode;
  /** A folded pane shows its title only; the other takes the rest. */
  firstCollapsed?: boolean;
  secondCollapsed?: boolean;
  className?: string;
}

const SPLITTER_PX = 5;
/** Neither pane is dragged smaller than its title row and a line. */
const MIN_PANE_PX = 56;

/**
 * Two panes stacked in a column with a splitter between them (drag, or arrows once focused). The share is drawn as
 * grid fractions, so the panes follow the column's height before and after it is measured; the measured height turns
 * a drag's pixels into a share.
 */
export function SplitPanes({ label, share, onResize, first, second, firstCollapsed = false, secondCollapsed = false, className = '' }: SplitPanesProps) {
  const ref = useRef<HTMLDivElement>(null);
  const extent = Math.max(0, useElementHeight(ref) - SPLITTER_PX);
  const split = first !== null && first !== undefined && first !== false;
  const resizable = split && !firstCollapsed && !secondCollapsed;
  const rows = !split
    ? 'minmax(0, 1fr)'
    : firstCollapsed && secondCollapsed
      ? 'auto 0 auto'
      : firstCollapsed
        ? 'auto 0 minmax(0, 1fr)'
        : secondCollapsed
          ? 'minmax(0, 1fr) 0 auto'
          : `minmax(${MIN_PANE_PX}px, ${share}fr) ${SPLITTER_PX}px minmax(${MIN_PANE_PX}px, ${1 - share}fr)`;
  const firstPx = splitPixels(share, extent, MIN_PANE_PX);
  return (
    <div ref={ref} className={`split-panes ${className}`} style={{ gridTemplateRows: rows }}>
      {split && first}
      {split && (resizable ? <Splitter label={label} orientation="horizontal" value={firstPx} direction={1} onResize={(px) => onResize(Math.max(MIN_PANE_PX, Math.min(extent - MIN_PANE_PX, px)), extent)} /> : <span aria-hidden="true" />)}
      {second}
    </div>
  );
}
