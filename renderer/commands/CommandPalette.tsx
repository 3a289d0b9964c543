import { useCallback, useMemo } from 'react';
import { QuickPick } from '../ui/QuickPick';
import { formatShortcut, isMac, type Command, type CommandRegistry } from './commandRegistry';
import { matchCommands } from './matchCommands';

/**
 * The command palette (Ctrl+Shift+P, F1): every command of the registry with its shortcut; typing narrows the list,
 * Enter runs the highlighted one. A command that cannot run now is listed, greyed, and not run. `desktop`: the native
 * menu binds the desktop-scoped shortcuts (Ctrl+N, Ctrl+W), so they are shown.
 */
export function CommandPalette({ registry, desktop, onClose }: { registry: CommandRegistry; desktop: boolean; onClose(): void }) {
  // The enabled state is read once, when the palette opens: running a command closes it.
  const commands = useMemo(() => registry.list().map((command) => ({ command, enabled: registry.isEnabled(command) })), [registry]);
  const match = useCallback((query: string) => matchCommands(commands, query), [commands]);
  const shortcutOf = (command: Command) => {
    const shown = (command.keyScope ?? 'window') !== 'desktop' || desktop;
    const first = command.shortcuts?.[0];
    return shown && first ? formatShortcut(first, isMac()) : '';
  };
  return (
    <QuickPick
      title="Command palette"
      inputLabel="Command"
      placeholder="Type a command…"
      listLabel="Commands"
      className="palette"
      match={match}
      keyOf={(e) => e.command.id}
      disabled={(e) => !e.enabled}
      render={(e) => (
        <>
          <span className="palette-category">{e.command.category}:</span> <span>{e.command.title}</span>
          <kbd>{shortcutOf(e.command)}</kbd>
        </>
      )}
      onChoose={(e) => {
        onClose();
        // After the palette has gone: a command that opens a dialog or moves focus does so on a settled page.
        requestAnimationFrame(() => registry.run(e.command.id));
      }}
      onClose={onClose}
    />
  );
}
