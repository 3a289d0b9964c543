import type { Command } from './commandRegistry';

/**
 * The palette's matching: every word typed is found in the command's category and title (case-insensitive, in any
 * order: "prob next" finds "Problems: Go to the next problem"); those whose title starts with the first word come
 * first. The registry's order otherwise.
 */
export function matchCommands<T extends { command: Command }>(entries: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  const hits = entries.filter(({ command }) => {
    const text = `${command.category} ${command.title} ${command.id}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const starts = (e: T) => (e.command.title.toLowerCase().startsWith(words[0]!) ? 0 : 1);
  return hits.map((e, i) => ({ e, i })).sort((a, b) => starts(a.e) - starts(b.e) || a.i - b.i).map(({ e }) => e);
}
