import { describe, expect, it, vi } from 'vitest';
import { createCommandRegistry, formatShortcut, matchesShortcut, type Command } from './commandRegistry';
import { matchCommands } from './matchCommands';

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('the command registry', () => {
  it('binds each window-scoped shortcut to its command, and no other', () => {
    const registry = createCommandRegistry();
    const palette: Command = { id: 'view.palette', title: 'Show all commands', category: 'View', shortcuts: ['Mod+Shift+P', 'F1'], run: vi.fn() };
    const next: Command = { id: 'problems.next', title: 'Next problem', category: 'Problems', shortcuts: ['F8'], run: vi.fn() };
    const rename: Command = { id: 'tool.rename', title: 'Rename', category: 'Tool', shortcuts: ['F2'], keyScope: 'focus', run: vi.fn() };
    registry.register([palette, next, rename]);
    // Shift+P arrives as "P": the same chord.
    expect(registry.commandForKey(key('P', { ctrl: true, shift: true }))).toBe(palette);
    expect(registry.commandForKey(key('p', { meta: true, shift: true }))).toBe(palette);
    expect(registry.commandForKey(key('F1'))).toBe(palette);
    expect(registry.commandForKey(key('F8'))).toBe(next);
    expect(registry.commandForKey(key('F8', { shift: true }))).toBeUndefined();
    expect(registry.commandForKey(key('p', { ctrl: true }))).toBeUndefined();
    // The focused widget owns F2: the registry leaves it alone.
    expect(registry.commandForKey(key('F2'))).toBeUndefined();
  });

  it('runs an enabled command only, and forgets what its owner takes back', () => {
    const registry = createCommandRegistry();
    let enabled = false;
    const run = vi.fn();
    const unregister = registry.register([{ id: 'file.save', title: 'Save', category: 'File', enabled: () => enabled, run }]);
    expect(registry.run('file.save')).toBe(false);
    enabled = true;
    expect(registry.run('file.save')).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
    unregister();
    expect(registry.get('file.save')).toBeUndefined();
    expect(registry.run('file.save')).toBe(false);
  });

  it('lists by category, then title', () => {
    const registry = createCommandRegistry();
    registry.register([
      { id: 'b', title: 'Save', category: 'File', run: () => undefined },
      { id: 'a', title: 'Open', category: 'File', run: () => undefined },
      { id: 'c', title: 'Next problem', category: 'Problems', run: () => undefined },
    ]);
    expect(registry.list().map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('shortcuts as the palette shows them', () => {
  it('writes Ctrl on Linux and Windows, symbols on a Mac', () => {
    expect(formatShortcut('Mod+Shift+P', false)).toBe('Ctrl+Shift+P');
    expect(formatShortcut('Shift+F8', false)).toBe('Shift+F8');
    expect(formatShortcut('Mod+Shift+P', true)).toBe('⇧⌘P');
    expect(formatShortcut('Mod+,', false)).toBe('Ctrl+,');
  });
  it('needs the modifiers exactly', () => {
    expect(matchesShortcut(key('s', { ctrl: true }), 'Mod+S')).toBe(true);
    expect(matchesShortcut(key('s', { ctrl: true, alt: true }), 'Mod+S')).toBe(false);
    expect(matchesShortcut(key('S', { ctrl: true, shift: true }), 'Mod+S')).toBe(false);
  });
});

describe("the palette's matching", () => {
  const entries = [
    { command: { id: 'problems.next', title: 'Go to the next problem', category: 'Problems', run: () => undefined } },
    { command: { id: 'view.goToTool', title: 'Go to tool…', category: 'View', run: () => undefined } },
    { command: { id: 'tool.add.coded', title: 'Add a coded tool', category: 'Tool', run: () => undefined } },
  ];
  it('finds every word in any order, titles starting with the first word first', () => {
    expect(matchCommands(entries, 'next prob').map((e) => e.command.id)).toEqual(['problems.next']);
    expect(matchCommands(entries, 'tool').map((e) => e.command.id)).toEqual(['view.goToTool', 'tool.add.coded']);
    expect(matchCommands(entries, 'add').map((e) => e.command.id)).toEqual(['tool.add.coded']);
    expect(matchCommands(entries, '')).toHaveLength(3);
  });
});
