/** The pixels of the first of two panes splitting `extent` at `share`, each keeping at least `minPx`. */
export function splitPixels(share: number, extent: number, minPx: number): number {
  if (extent <= 2 * minPx) return Math.round(extent / 2);
  return Math.round(Math.max(minPx, Math.min(extent - minPx, share * extent)));
}
