/**
 * Keeps a toolbox's history file within its size cap the way a shell's or a browser's history does: when the file
 * would grow past the cap, the oldest runs (of any tool) are dropped, whole, down to a target below the cap, so that
 * trimming happens once in a while rather than on every run. The file is always written whole (JSON, atomically, by
 * the store), so a dropped run never leaves part of itself behind.
 */
import type { HistoryEntry } from '../../shared/api/index';

/** What the store writes: runs by tool name (the file's other fields are small). */
export interface HistoryContent {
  version: 1;
  toolbox: string;
  /** By tool name, without a prototype: a tool may be named `constructor`, `toString` or `__proto__`. */
  tools: Record<string, HistoryEntry[]>;
}

export interface HistoryBounds {
  /** The file is never written larger than this. */
  maxBytes: number;
  /** A file past maxBytes is trimmed down to this (its newest ~3/4), so the next runs fit without trimming. */
  targetBytes: number;
}

export function historyBounds(maxBytes: number): HistoryBounds {
  return { maxBytes, targetBytes: Math.floor((maxBytes * 3) / 4) };
}

const textOf = (content: HistoryContent) => `${JSON.stringify(content)}\n`;

/**
 * The file's text within `bounds.maxBytes`: the content as it is when
 * it fits, else without its oldest runs down to `bounds.targetBytes` (`content` is changed in place). `keep` (the run
 * being recorded) is never dropped: undefined when it does not fit the cap even alone, and nothing is written.
 */
export function textWithin(content: HistoryContent, bounds: HistoryBounds, keep?: HistoryEntry): string | undefined {
  const text = textOf(content);
  const size = Buffer.byteLength(text);
  if (size <= bounds.maxBytes) return text;
  // Each run's share of the file: its JSON and the comma before the next (one pass over what was just written).
  const runs: { tool: string; entry: HistoryEntry; index: number; at: string; bytes: number }[] = [];
  for (const [tool, calls] of Object.entries(content.tools)) {
    if (!Array.isArray(calls)) continue;
    calls.forEach((entry, index) => {
      if (entry === keep) return;
      const at = typeof entry?.at === 'string' ? entry.at : '';
      runs.push({ tool, entry, index, at, bytes: Buffer.byteLength(JSON.stringify(entry) ?? 'null') + 1 });
    });
  }
  // Oldest first; a tool's list is newest first, so of two runs at the same moment the later in the list is older.
  runs.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : b.index - a.index));
  let excess = size - bounds.targetBytes;
  const dropped = new Set<HistoryEntry>();
  for (const run of runs) {
    if (excess <= 0) break;
    dropped.add(run.entry);
    excess -= run.bytes;
  }
  for (const [tool, calls] of Object.entries(content.tools)) {
    if (!Array.isArray(calls)) continue;
    const kept = calls.filter((entry) => !dropped.has(entry));
    if (kept.length > 0) content.tools[tool] = kept;
    else delete content.tools[tool];
  }
  const trimmed = textOf(content);
  // The estimate is exact but for a comma or a tool's emptied list, which only makes the file smaller: this holds
  // unless `keep` alone is past the cap.
  return Buffer.byteLength(trimmed) <= bounds.maxBytes ? trimmed : undefined;
}
