import type { ToolEntry } from '../toolEntry';
export { keyOrigin } from '../toolEntry';
import type { ToolboxDiagnostic } from '../toolboxDiagnostic';
import type { NeuroSanFacts } from '../../neurosan/versions/index';

/** What every rule gets: the entry, what the project's neuro-san does, and a sink for its findings. */
export interface RuleContext {
  entry: ToolEntry;
  /** The facts of the neuro-san version the project runs (shared/neurosan/versions). */
  neuroSan: NeuroSanFacts;
  /** The user's toolbox file as neuro-san is given it (its AGENT_TOOLBOX_INFO_FILE), which its messages name. */
  toolboxFile: string | undefined;
  report(diagnostic: ToolboxDiagnostic): void;
}

export type EntryRule = (context: RuleContext) => void;

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A string as HOCON text, quoted the way the original was when possible. */
export function quoteLike(original: { style?: string } | undefined, text: string): string {
  return original?.style === 'unquoted' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) ? text : JSON.stringify(text);
}

/**
 * A list kept from one tool to the next, for a walk's stack and its findings. A plain array gives its storage back
 * whenever it empties (popped to empty, or `length = 0`), so a list per walk, or one emptied between walks, makes its
 * storage anew for every tool; this one keeps it, and clears the slots it used so that no value of an old file stays
 * reachable through it.
 */
export class ReusedList<T> {
  private readonly items: Array<T | undefined> = [];
  /** How many items are in the list (they are at 0..size-1). */
  size = 0;

  push(item: T): void {
    this.items[this.size++] = item;
  }

  /** Removes and returns the last item (the list must not be empty). */
  pop(): T {
    const item = this.items[--this.size] as T;
    this.items[this.size] = undefined;
    return item;
  }

  at(index: number): T {
    return this.items[index] as T;
  }

  set(index: number, item: T): void {
    this.items[index] = item;
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.items[i] = undefined;
    this.size = 0;
  }
}
