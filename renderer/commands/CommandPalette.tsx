import { useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from '../ui/listNavigation';
import { formatShortcut, isMac, type Command, type CommandRegistry } from './commandRegistry';
import { matchCommands } from './matchCommands';

/**
 * The command palette (Ctrl+Shift+P, F1): every command of the registry with its shortcut; typing narrows the list,
 * Enter runs the highlighted one. A command that cannot run now is listed, greyed, and not run.
 */
/** `desktop`: the native menu binds the desktop-scoped shortcuts (Ctrl+N, Ctrl+W), so they are shown. */
export function CommandPalette({ registry, desktop, onClose }: { registry: CommandRegistry; desktop: boolean; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => input.current?.focus(), []);
  // The enabled state is read once, when the palette opens: running a command closes it.
  const commands = useMemo(
    () => registry.list().map((command) => ({ command, enabled: registry.isEnabled(command) })),
    [registry],
  );
  const matches = useMemo(() => matchCommands(commands, query), [commands, query]);
  useEffect(() => setActive(0), [query]);
  // A statement, not the effect's value: Chromium's scrollIntoView returns a promise, which React would call on unmount.
  useEffect(() => {
    list.current?.querySelector(`#palette-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (entry: { command: Command; enabled: boolean } | undefined) => {
    if (!entry?.enabled) return;
    onClose();
    // After the palette has gone: a command that opens a dialog or moves focus does so on a settled page.
    requestAnimationFrame(() => registry.run(entry.command.id));
  };
  const shortcutOf = (command: Command) => {
    const shown = (command.keyScope ?? 'window') !== 'desktop' || desktop;
    const first = command.shortcuts?.[0];
    return shown && first ? formatShortcut(first, isMac()) : '';
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Command palette" className="modal quick-open">
        <input
          ref={input}
          aria-label="Command"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={matches.length ? `palette-${active}` : undefined}
          placeholder="Type a command…"
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
        <ul id="palette-list" ref={list} role="listbox" aria-label="Commands" className="quick-open-list palette-list">
          {matches.map((entry, i) => (
            <li
              key={entry.command.id}
              id={`palette-${i}`}
              role="option"
              aria-selected={i === active}
              aria-disabled={!entry.enabled || undefined}
              className={`${i === active ? 'selected' : ''}${entry.enabled ? '' : ' disabled'}`}
              onMouseMove={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(entry);
              }}
            >
              <span className="palette-category">{entry.command.category}:</span> <span>{entry.command.title}</span>
              <kbd>{shortcutOf(entry.command)}</kbd>
            </li>
          ))}
          {matches.length === 0 && <li className="hint">No command matches.</li>}
        </ul>
      </div>
    </div>
  );
}
