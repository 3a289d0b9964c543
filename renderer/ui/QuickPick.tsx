import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { navigate } from './listNavigation';

export interface QuickPickProps<T> {
  /** The dialog's accessible name ("Go to tool", "Command palette"). */
  title: string;
  /** The field's accessible name and placeholder. */
  inputLabel: string;
  placeholder: string;
  /** The list's accessible name. */
  listLabel: string;
  /** The items matching what is typed, best first. */
  match(query: string): readonly T[];
  keyOf(item: T): string;
  /** An item that cannot be chosen now is listed, greyed. */
  disabled?(item: T): boolean;
  render(item: T): ReactNode;
  onChoose(item: T): void;
  onClose(): void;
  className?: string;
}

/**
 * A quick pick: a field over a list, typing narrows it, arrows move, Enter or a click chooses, Escape or a click
 * outside closes. Go to tool and the command palette are two of them.
 */
export function QuickPick<T>({ title, inputLabel, placeholder, listLabel, match, keyOf, disabled, render, onChoose, onClose, className = '' }: QuickPickProps<T>) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);
  const matches = useMemo(() => match(query), [match, query]);
  useEffect(() => setActive(0), [query]);
  // A statement, not the effect's value: Chromium's scrollIntoView returns a promise, which React would call on unmount.
  useEffect(() => {
    list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const choose = (item: T | undefined) => {
    if (item !== undefined && !disabled?.(item)) onChoose(item);
  };
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={title} className={`modal quick-open ${className}`}>
        <input
          ref={input}
          aria-label={inputLabel}
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={matches.length ? `${id}-${active}` : undefined}
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            const next = navigate(e.key, active, matches.length, 10);
            if (next !== undefined && e.key !== 'Home' && e.key !== 'End') {
              e.preventDefault();
              setActive(next);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              choose(matches[active]);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onClose();
            }
          }}
        />
        <ul id={`${id}-list`} ref={list} role="listbox" aria-label={listLabel} className="quick-open-list">
          {matches.map((item, i) => (
            <li
              key={keyOf(item)}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              aria-disabled={disabled?.(item) || undefined}
              className={`${i === active ? 'selected' : ''}${disabled?.(item) ? ' disabled' : ''}`}
              onMouseMove={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(item);
              }}
            >
              {render(item)}
            </li>
          ))}
          {matches.length === 0 && <li className="hint">Nothing matches.</li>}
        </ul>
      </div>
    </div>
  );
}
