/**
 * The window's commands, in one registry that the command palette, the menus and the key bindings all read: a
 * command is registered once (id, title, shortcut, run) by whoever owns what it acts on — the workspace for the file
 * and view commands, the tool list for the tool commands — and every way of invoking it goes through here.
 */

/**
 * A key chord as written in the palette: `Mod+Shift+P`, `F8`, `Shift+F8`, `Mod+Enter`. `Mod` is Ctrl, or ⌘ on a Mac
 * (either is accepted on every platform, as the browser's own shortcuts do).
 */
export type Shortcut = string;

/**
 * Who handles a command's shortcut:
 * - `window`: the registry, on the whole window before any widget (also inside Monaco and text fields);
 * - `focus`: the widget with focus (Delete and F2 in the tool list, Ctrl+Z in a text field) — shown, not bound here;
 * - `desktop`: the desktop app's native menu (Ctrl+N, Ctrl+W, which a browser keeps for itself) — shown there only.
 */
export type KeyScope = 'window' | 'focus' | 'desktop';

export interface Command {
  /** Stable name: `file.save`, `view.palette`, `tool.add.coded`. */
  id: string;
  /** What the palette and menus show: an action in a few words. */
  title: string;
  /** The palette's group: File, Edit, View, Tool, Problems, Project, Catalog, Test run. */
  category: string;
  /** The first one is shown; each one runs the command. */
  shortcuts?: Shortcut[];
  keyScope?: KeyScope;
  /** Whether it can run now (a disabled command is shown and not run); absent: always. */
  enabled?(): boolean;
  run(): unknown;
}

export interface ParsedShortcut {
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

export function parseShortcut(shortcut: Shortcut): ParsedShortcut {
  const parts = shortcut.split('+');
  const key = (parts.pop() ?? '').toLowerCase();
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { key, mod: mods.has('mod'), shift: mods.has('shift'), alt: mods.has('alt') };
}

/** The event's key as shortcuts name it: lower case, and `p` for Shift+P (whose event.key is `P`). */
const eventKey = (event: Pick<KeyboardEvent, 'key'>) => event.key.toLowerCase();

export function matchesShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, shortcut: Shortcut): boolean {
  const s = parseShortcut(shortcut);
  return eventKey(event) === s.key && (event.ctrlKey || event.metaKey) === s.mod && event.shiftKey === s.shift && event.altKey === s.alt;
}

const KEY_NAMES: Record<string, string> = { enter: 'Enter', escape: 'Esc', delete: 'Delete', arrowup: '↑', arrowdown: '↓' };

/** `Ctrl+Shift+P` (or `⇧⌘P` on a Mac), as the palette and tooltips show it. */
export function formatShortcut(shortcut: Shortcut, mac = isMac()): string {
  const s = parseShortcut(shortcut);
  const key = KEY_NAMES[s.key] ?? (s.key.length === 1 ? s.key.toUpperCase() : s.key.toUpperCase());
  if (mac) return `${s.alt ? '⌥' : ''}${s.shift ? '⇧' : ''}${s.mod ? '⌘' : ''}${key}`;
  return [s.mod && 'Ctrl', s.shift && 'Shift', s.alt && 'Alt', key].filter(Boolean).join('+');
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

export interface CommandRegistry {
  /** Adds commands (replacing any with the same id); the returned function takes them out again. */
  register(commands: readonly Command[]): () => void;
  get(id: string): Command | undefined;
  /** Every command, by category then title. */
  list(): Command[];
  isEnabled(command: Command): boolean;
  /** Runs it when it is enabled; says whether it ran. */
  run(id: string): boolean;
  /** The window-scoped command bound to this key event, if any (enabled or not: its key is taken either way). */
  commandForKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): Command | undefined;
  subscribe(listener: () => void): () => void;
  /** Changes on each register or unregister (for useSyncExternalStore). */
  version(): number;
}

export function createCommandRegistry(): CommandRegistry {
  const commands = new Map<string, Command>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version++;
    for (const listener of listeners) listener();
  };
  const isEnabled = (command: Command) => command.enabled?.() ?? true;
  return {
    register(added) {
      for (const command of added) commands.set(command.id, command);
      changed();
      return () => {
        for (const command of added) if (commands.get(command.id) === command) commands.delete(command.id);
        changed();
      };
    },
    get: (id) => commands.get(id),
    list: () => [...commands.values()].sort((a, b) => a.category.localeCompare(b.category) || a.title.localeCompare(b.title)),
    isEnabled,
    run(id) {
      const command = commands.get(id);
      if (!command || !isEnabled(command)) return false;
      void command.run();
      return true;
    },
    commandForKey(event) {
      for (const command of commands.values()) {
        if ((command.keyScope ?? 'window') !== 'window') continue;
        if (command.shortcuts?.some((s) => matchesShortcut(event, s))) return command;
      }
      return undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/**
 * The registry's key bindings on the window, in the capture phase: they win over Monaco's and the browser's own
 * (Ctrl+P would print, F1 open Monaco's palette). Keys pressed while a modal dialog is open belong to the dialog.
 */
export function installKeyBindings(registry: CommandRegistry, target: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const command = registry.commandForKey(event);
    if (!command) return;
    const inDialog = (event.target as Element | null)?.closest?.('[aria-modal="true"]');
    if (inDialog) return;
    event.preventDefault();
    event.stopPropagation();
    if (registry.isEnabled(command)) void command.run();
  };
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
