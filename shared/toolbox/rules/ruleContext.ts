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

/**
 * The closest candidate by edit distance, when it is close enough to be a likely typo: the first of the nearest within
 * max(2, a quarter of the name's length) edits. A candidate is measured only as far as it could still be nearer than
 * the best so far (its length, then row by row), so most are given up after a few characters. For many names against
 * one large set of candidates, see ClosestNames.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  // The most edits a candidate may be from the name and still be offered (once one is found: be nearer than it).
  let within = reach(name);
  for (const candidate of candidates) {
    const distance = editDistanceWithin(name, candidate, within);
    if (distance === undefined) continue;
    best = candidate;
    if (distance === 0) break;
    within = distance - 1;
  }
  return best;
}

/** How many edits away a candidate may be offered for `name`. */
const reach = (name: string) => Math.max(2, Math.floor(name.length / 4));

/**
 * closestName for many names against one set of candidates (a network's agents naming tools its toolbox lacks,
 * against its thousands of tools), with the same answers. The candidates are indexed by their pairs of adjacent
 * characters: a string within k edits of a name shares at least (the name's length - 1 - 2k) of its pairs, counted
 * with repeats (Ukkonen's q-gram lemma). So one holding none of the name's rarer pairs (all but that many less one, the
 * commonest left out) is not within reach, and only the candidates holding one of those are measured, instead of every
 * candidate for every name. A name too short for the lemma to say anything is measured against every candidate of a
 * length within reach.
 */
export class ClosestNames {
  private readonly names: string[];
  /** Each candidate's place among them (the first, for a name given twice). */
  private readonly ids = new Map<string, number>();
  /** Per pair of characters: the candidates holding it, in their order. */
  private readonly byPair = new Map<string, number[]>();
  /** Per length: the candidates of that length, in their order. */
  private readonly byLength = new Map<number, number[]>();
  /** Per candidate: the last name it was gathered for (each gathered once per name). */
  private readonly gatheredFor: Int32Array;
  private asked = 0;

  constructor(candidates: Iterable<string>) {
    this.names = [...candidates];
    this.gatheredFor = new Int32Array(this.names.length);
    const add = <K>(map: Map<K, number[]>, key: K, id: number) => {
      const ids = map.get(key);
      if (ids) ids.push(id);
      else map.set(key, [id]);
    };
    this.names.forEach((name, id) => {
      if (!this.ids.has(name)) this.ids.set(name, id);
      for (const pair of pairsOf(name).keys()) add(this.byPair, pair, id);
      add(this.byLength, name.length, id);
    });
  }

  closest(name: string): string | undefined {
    // The name itself is the nearest there is; without it, one edit away is.
    if (this.ids.has(name)) return name;
    let within = reach(name);
    const fewest = name.length - 1 - 2 * within;
    const stamp = ++this.asked;
    const gathered: number[] = [];
    const gather = (ids: readonly number[]) => {
      for (const id of ids) {
        if (this.gatheredFor[id] === stamp) continue;
        this.gatheredFor[id] = stamp;
        gathered.push(id);
      }
    };
    if (fewest <= 0) {
      for (let length = Math.max(0, name.length - within); length <= name.length + within; length++) gather(this.byLength.get(length) ?? []);
    } else {
      const pairs = [...pairsOf(name)].map(([pair, count]) => ({ count, ids: this.byPair.get(pair) ?? [] }));
      pairs.sort((a, b) => a.ids.length - b.ids.length);
      // A candidate within reach holds one of the rarest pairs: the others, with their repeats, are fewer than `fewest`.
      let left = name.length - 1;
      for (const pair of pairs) {
        if (left < fewest) break;
        gather(pair.ids);
        left -= pair.count;
      }
    }
    let best: string | undefined;
    for (const id of Int32Array.from(gathered).sort()) {
      const distance = editDistanceWithin(name, this.names[id]!, within);
      if (distance === undefined) continue;
      best = this.names[id];
      if (distance <= 1) break;
      within = distance - 1;
    }
    return best;
  }
}

/** The pairs of adjacent characters of `text`, each with how many times it occurs. */
function pairsOf(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const pair = text.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** One row of the edit distance's table, kept between calls. */
let row = new Int32Array(64);

/**
 * The edit distance between `a` and `b` when it is at most `within`; undefined when it is more. Only the cells within
 * `within` of the table's diagonal are computed (the others are more), and it stops at a row all more than `within`
 * (a row's least never decreases from one row to the next).
 */
function editDistanceWithin(a: string, b: string, within: number): number | undefined {
  if (Math.abs(a.length - b.length) > within) return undefined;
  const n = b.length;
  // Every value above `within` is as good as `more`: the table is kept at most that.
  const more = within + 1;
  if (row.length < n + 1) row = new Int32Array(2 * (n + 1));
  for (let j = 0; j <= n; j++) row[j] = Math.min(j, more);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - within);
    const to = Math.min(n, i + within);
    let diagonal = row[from - 1]!;
    row[from - 1] = from === 1 ? Math.min(i, more) : more;
    let least = row[from - 1]!;
    const letter = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const above = row[j]!;
      const cell = Math.min(above + 1, row[j - 1]! + 1, diagonal + (letter === b.charCodeAt(j - 1) ? 0 : 1), more);
      diagonal = above;
      row[j] = cell;
      if (cell < least) least = cell;
    }
    if (least > within) return undefined;
  }
  return row[n]! <= within ? row[n] : undefined;
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
