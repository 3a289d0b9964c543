/** The outline's width beside the code when it is open. */
export const OUTLINE_PX = 140;

/** The least code the HOCON tab shows beside an outline that opened by itself. */
export const MIN_CODE_COLUMNS = 100;

/** What the editor needs around its characters: their width and the gutter's (line numbers, folding, scrollbar). */
export interface CodeMetrics {
  charWidth: number;
  gutterPx: number;
}

/**
 * Whether the outline fits beside the code in a HOCON tab `panelPx` wide: the code keeps 100 columns. At 1280×800 it
 * does not (the tab is 668 px: 50 columns with the outline, before the issue #35 change); at 1920×1080 it does (1006 px).
 * Unknown measures (the tab not drawn yet, the editor not made): it fits, as before.
 */
export function outlineFits(panelPx: number, metrics: CodeMetrics | null): boolean {
  if (panelPx <= 0 || metrics === null) return true;
  return panelPx - OUTLINE_PX >= MIN_CODE_COLUMNS * metrics.charWidth + metrics.gutterPx;
}
