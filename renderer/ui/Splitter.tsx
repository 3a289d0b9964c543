interface SplitterProps {
  label: string;
  orientation: 'vertical' | 'horizontal';
  value: number;
  /** +1 when dragging right/down grows the pane, -1 when it shrinks it. */
  direction: 1 | -1;
  onResize(value: number): void;
}

/** A draggable (and keyboard-adjustable: arrows) separator between two panes. */
export function Splitter({ label, orientation, value, direction, onResize }: SplitterProps) {
  const vertical = orientation === 'vertical';
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={value}
      tabIndex={0}
      className={`splitter splitter-${orientation}`}
      onPointerDown={(event) => {
        const startPos = vertical ? event.clientX : event.clientY;
        const target = event.currentTarget;
        target.setPointerCapture(event.pointerId);
        const move = (e: PointerEvent) => onResize(value + direction * ((vertical ? e.clientX : e.clientY) - startPos));
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 50 : 10;
        const grow = vertical ? e.key === 'ArrowRight' : e.key === 'ArrowDown';
        const shrink = vertical ? e.key === 'ArrowLeft' : e.key === 'ArrowUp';
        if (grow || shrink) {
          e.preventDefault();
          onResize(value + direction * (grow ? step : -step));
        }
      }}
    />
  );
}
