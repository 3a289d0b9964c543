import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  /** Shown at the item's end, as the palette shows it. */
  shortcut?: string;
  disabled?: boolean;
  run(): void;
}

export interface MenuButtonProps {
  /** The button's text (its accessible name unless `ariaLabel` is given). */
  label: ReactNode;
  ariaLabel?: string;
  title?: string;
  items: readonly MenuItem[];
  disabled?: boolean;
  className?: string;
}

/**
 * A button that opens a menu: the first item takes focus, arrows move, Enter or a click runs an item; Escape, Tab, a
 * click anywhere else or running an item closes it (Escape gives focus back to the button).
 */
export function MenuButton({ label, ariaLabel, title, items, disabled = false, className = '' }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    // Focus leaving for anything outside (a click elsewhere, Tab, another window) closes it too.
    const onFocusIn = (event: FocusEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => entries[(to + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(at - 1);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      move(event.key === 'Home' ? 0 : -1);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={ariaLabel}
        title={title}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div role="menu" className="menu" ref={menu} onKeyDown={onMenuKeyDown} aria-label={ariaLabel ?? (typeof label === 'string' ? label : undefined)}>
          {items.map((item) => (
            <button
              key={item.id}
              role="menuitem"
              disabled={item.disabled}
              onClick={() => {
                close(false);
                item.run();
              }}
            >
              <span>{item.label}</span>
              {item.shortcut && <kbd>{item.shortcut}</kbd>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
