import type { ReactNode } from 'react';
import { formatShortcut, type CommandRegistry } from './commandRegistry';

/**
 * A button that runs a registered command: disabled when the command cannot run, its shortcut in the tooltip. It is
 * drawn again when its owner is (the toolbar's owner follows the document's status), which is when `enabled` can
 * change.
 */
export function CommandButton({ registry, id, title, children, className }: { registry: CommandRegistry; id: string; title?: string; children: ReactNode; className?: string }) {
  const command = registry.get(id);
  const shortcut = command?.shortcuts?.[0] && command.keyScope !== 'desktop' ? ` (${formatShortcut(command.shortcuts[0])})` : '';
  return (
    <button className={className} disabled={!command || !registry.isEnabled(command)} title={`${title ?? command?.title ?? ''}${shortcut}`} onClick={() => registry.run(id)}>
      {children}
    </button>
  );
}
