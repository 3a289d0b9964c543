/**
 * The few icons the workbench draws, as inline SVG in the text's colour: no icon font to load, and the same glyph on
 * every system (the fonts of a Linux desktop lack many symbols). Each is decorative: the button holding it is named.
 */
const paths = {
  chevronDown: 'M4 6l4 4 4-4',
  chevronRight: 'M6 4l4 4-4 4',
  copy: 'M5.5 5.5h7v7h-7zM3.5 10.5v-7h7',
  pencil: 'M3 13l1-3.5L10.5 3l2.5 2.5L6.5 12zM9 4.5l2.5 2.5',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  plus: 'M8 3v10M3 8h10',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
