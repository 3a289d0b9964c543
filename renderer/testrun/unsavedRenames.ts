import { parseHocon } from '../../shared/hocon/index';

/**
 * Tools renamed in the open document since it was last saved (the tool list's Rename). Their saved test cases and
 * their runs are kept on disk under the name the saved file has: they move when the file is saved with the new name
 * (testRunStore), never before, so an undo, a rename never saved or a window closed without saving leaves them where
 * they belong. Meanwhile the Test run pane shows them under the name the text has now.
 */
export interface ToolRename {
  /** The name the cases and runs have on disk. */
  from: string;
  /** The name the text gives the tool now. */
  to: string;
}

/** The renames with `from` → `to` added: a→b then b→c is a→c; a→b then b→a is none. */
export function withRename(renames: readonly ToolRename[], from: string, to: string): ToolRename[] {
  if (from === to) return [...renames];
  const chained = renames.find((r) => r.to === from);
  if (!chained) return [...renames.filter((r) => !(r.from === from && r.to === to)), { from, to }];
  const others = renames.filter((r) => r !== chained);
  return chained.from === to ? others : [...others, { from: chained.from, to }];
}

/**
 * The renames the text holds now, as disk name → current name: the tool has its new name and no tool has the old one.
 * An undo brings the old name back, and with it the cases under it. `savedNames` (the saved file's tools, read only
 * when there are renames): a tool the saved file never had has no name on disk, so a case saved for it takes the name
 * the text gives it now (issue #35: a tool added, renamed and run before any save kept its first name in its case).
 */
export function renamesInEffect(renames: readonly ToolRename[], toolNames: readonly string[], savedNames?: () => ReadonlySet<string>): Map<string, string> {
  const inEffect = new Map<string, string>();
  if (renames.length === 0) return inEffect;
  const names = new Set(toolNames);
  const saved = savedNames?.();
  for (const r of renames) if (names.has(r.to) && !names.has(r.from) && (saved === undefined || saved.has(r.from))) inEffect.set(r.from, r.to);
  return inEffect;
}

/** The name on disk of the tool the text now calls `name`. */
export function diskName(inEffect: ReadonlyMap<string, string>, name: string): string {
  for (const [from, to] of inEffect) if (to === name) return from;
  return name;
}

/**
 * Which renames a save made real: the file on disk did not have the new name, and now has it and not the old one
 * (the old one it had, or a tool added and renamed before its first save: what was kept under its first name, its
 * runs, follows it). The others stay pending (undone before the save, or not yet done again after it).
 */
export function savedRenames(renames: readonly ToolRename[], before: string, after: string): { saved: ToolRename[]; pending: ToolRename[] } {
  if (renames.length === 0) return { saved: [], pending: [] };
  const was = topLevelKeys(before);
  const is = topLevelKeys(after);
  const saved = renames.filter((r) => !was.has(r.to) && is.has(r.to) && !is.has(r.from));
  return { saved, pending: renames.filter((r) => !saved.includes(r)) };
}

/** The keys a toolbox text defines at its top level: its tools. */
export function topLevelKeys(text: string): Set<string> {
  const root = parseHocon(text).root;
  const keys = new Set<string>();
  if (root.kind !== 'object') return keys;
  for (const entry of root.entries) if (entry.kind === 'field' && entry.key.segments[0]) keys.add(entry.key.segments[0].name);
  return keys;
}
