/**
 * Which tools an LLM could confuse, and which tool a request matches, by the words of their catalog entries (name,
 * description, parameter names): TF-IDF vectors compared by cosine. It is lexical retrieval, not a model: it shows
 * the tools that compete for the same words, which is where an LLM's choice is most often wrong.
 *
 * Our own small module rather than a search library (MiniSearch, wink-bm25): pairwise similarity needs a symmetric
 * score in 0..1 and the words two documents share, which those libraries' query APIs do not give.
 */
import { detachedString } from '../detachedString';
import { sortedIndex } from '../sortedIndex';

export interface ToolText {
  name: string;
  description: string;
  parameters: readonly string[];
}

export interface SimilarPair {
  a: string;
  b: string;
  score: number;
  shared: string[];
  warn: boolean;
}

export interface ToolMatch {
  name: string;
  score: number;
  matched: string[];
}

const STOP_WORDS = new Set(
  `a an and are as at be been by can could do does for from has have if in into is it its may more most no not of on
  one or other our should so some such than that the their them then there these this those to too use used uses using
  via was we were what when where which while who will with would you your also any all each only own same both e g
  eg ie etc tool tools`.split(/\s+/),
);

/** A word reduced to a common stem: lower case, plural and verb endings off (searches/searching/searched → search). */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** The words of a text as stems, in order: snake_case and camelCase split, stop words and one-letter words out. */
export function terms(text: string, surface?: Map<string, string>): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^\p{L}\p{N}]+/u)) {
    const word = raw.toLowerCase();
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    const s = stem(word);
    if (surface && !surface.has(s)) surface.set(s, word);
    out.push(s);
  }
  return out;
}

/** Up to this many tools every pair sharing a word is compared; above it, see closestPairs. */
const SMALL_TOOLBOX = 200;
/** In a bigger toolbox, words used by more tools than this do not make two tools a candidate pair. */
const MAX_CANDIDATE_DF = 50;

interface Doc {
  name: string;
  /** The name's and the description's words, apart: a phrase does not run from one into the other. */
  fields: string[][];
  counts: ReadonlyMap<string, number>;
  /** Made when first needed: most tools of a big toolbox share no rare word with another and are never compared. */
  weights: Map<string, number> | undefined;
}

/** One tool's words, as read from its text: what is kept between calls (reading the words is most of the work). */
interface ToolTerms {
  fields: string[][];
  /** Each stem's first written form in this tool, in the order met. */
  firsts: [string, string][];
  /** Each term and how often it occurs. */
  counts: Map<string, number>;
}

function readTerms(tool: ToolText): ToolTerms {
  const surface = new Map<string, string>();
  const fields = [terms(tool.name, surface), terms(tool.description, surface), terms(tool.parameters.join(' '), surface)];
  const counts = new Map<string, number>();
  for (const field of fields) for (const term of field) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { fields, firsts: [...surface], counts };
}

/**
 * The words of each tool as last read, by its text, for indexes of the same toolbox as it is typed in: a keystroke
 * reads the words of the tool it touched; the weights (which depend on every tool) are computed again, exactly.
 */
export class TermCache {
  // By tool name, then the texts compared (no key built from the texts: see DescriptionReviewCache).
  private kept = new Map<string, { tool: ToolText; terms: ToolTerms }>();
  private next = new Map<string, { tool: ToolText; terms: ToolTerms }>();
  /** Tools read in the last index (for tests and the bench). */
  read = 0;

  termsOf(tool: ToolText): ToolTerms {
    const kept = this.kept.get(tool.name) ?? this.next.get(tool.name);
    const same = kept !== undefined && kept.tool.description === tool.description && sameList(kept.tool.parameters, tool.parameters);
    // Read from copies: the words are slices of what they were read from, and the terms outlive this text.
    const terms = same ? kept.terms : readTerms({ name: detachedString(tool.name), description: detachedString(tool.description), parameters: tool.parameters.map(detachedString) });
    if (!same) this.read++;
    this.next.set(tool.name, { tool, terms });
    return terms;
  }

  /** Keeps the tools of the index just made (a tool edited away is dropped). */
  endRound(): void {
    this.kept = this.next;
    this.next = new Map();
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export class ToolIndex {
  private readonly docs: Doc[];
  /** Each term's tools (their places in `docs`, in order): how many use it is its document frequency. */
  private readonly byTerm = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();
  /** The first written form of each stem, to show words rather than stems (found when first asked for). */
  private readonly surface = new Map<string, string>();
  private readonly read: ToolTerms[];
  /** The IDF of a word no tool uses (a request's). */
  private readonly unseenIdf: number;
  /** The pairs at or above the threshold last asked for (warnPairs), kept up to date by `replace`. */
  private kept: { threshold: number; pairs: ScoredPair[] } | undefined;

  constructor(tools: readonly ToolText[], cache?: TermCache) {
    if (cache) cache.read = 0;
    this.read = tools.map((t) => (cache ? cache.termsOf(t) : readTerms(t)));
    cache?.endRound();
    this.read.forEach(({ counts }, i) => {
      for (const term of counts.keys()) {
        const list = this.byTerm.get(term);
        if (list) list.push(i);
        else this.byTerm.set(term, [i]);
      }
    });
    this.unseenIdf = Math.log(1 + tools.length) + 1;
    this.docs = tools.map((t, i) => ({ name: t.name, fields: this.read[i]!.fields, counts: this.read[i]!.counts, weights: undefined }));
  }

  /** log((1 + n) / (1 + df)) + 1, computed for the terms of the tools compared. */
  private idfOf(term: string): number {
    let idf = this.idf.get(term);
    if (idf === undefined) {
      const df = this.byTerm.get(term)?.length;
      idf = df === undefined ? this.unseenIdf : Math.log((1 + this.docs.length) / (1 + df)) + 1;
      this.idf.set(term, idf);
    }
    return idf;
  }

  private surfaceOf(term: string): string {
    let word = this.surface.get(term);
    if (word === undefined) {
      // The first tool that uses the stem wrote it first (a tool's own first form, in the order its words were read).
      const first = this.byTerm.get(term)?.[0];
      word = (first === undefined ? undefined : this.read[first]!.firsts.find(([stem]) => stem === term)?.[1]) ?? term;
      this.surface.set(term, word);
    }
    return word;
  }

  private weightsOf(doc: Doc): Map<string, number> {
    return (doc.weights ??= this.weigh(doc.counts));
  }

  /** Sublinear term frequency times IDF, normalized to length 1. */
  private weigh(tf: ReadonlyMap<string, number>): Map<string, number> {
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of tf) {
      const w = (1 + Math.log(count)) * this.idfOf(term);
      weights.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, w] of weights) weights.set(term, w / norm);
    return weights;
  }

  private vector(list: readonly string[]): Map<string, number> {
    const tf = new Map<string, number>();
    for (const term of list) tf.set(term, (tf.get(term) ?? 0) + 1);
    return this.weigh(tf);
  }

  private score(a: Map<string, number>, b: Map<string, number>): number {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    let score = 0;
    for (const [term, w] of small) {
      const other = large.get(term);
      if (other !== undefined) score += w * other;
    }
    return score;
  }

  private sharedWords(a: Map<string, number>, b: Map<string, number>): { score: number; shared: string[] } {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    let score = 0;
    const shared: [string, number][] = [];
    for (const [term, w] of small) {
      const other = large.get(term);
      if (other === undefined) continue;
      score += w * other;
      shared.push([term, w * other]);
    }
    shared.sort((x, y) => y[1] - x[1]);
    return { score, shared: shared.map(([term]) => this.surfaceOf(term)) };
  }

  /**
   * The `limit` most similar pairs, most similar first; `warn` at or above the threshold. `warnOnly`: only those
   * (what the live check needs: pairs below are not even listed).
   */
  closestPairs(threshold: number, limit = 20, { warnOnly = false }: { warnOnly?: boolean } = {}): SimilarPair[] {
    const pairs = warnOnly ? this.warnPairs(threshold) : this.scoredPairs(threshold, false);
    return pairs.slice(0, limit).map(({ i, j, score, exact }) => ({
      a: this.docs[i]!.name,
      b: this.docs[j]!.name,
      score,
      shared: this.sharedWords(this.weightsOf(this.docs[i]!), this.weightsOf(this.docs[j]!)).shared,
      warn: exact >= threshold,
    }));
  }

  /** The pairs at or above `threshold`, in closestPairs' order; kept for `replace` to update. */
  private warnPairs(threshold: number): ScoredPair[] {
    if (this.kept?.threshold !== threshold) this.kept = { threshold, pairs: this.scoredPairs(threshold, true) };
    return this.kept.pairs;
  }

  /**
   * Every pair sharing a candidate word, scored, most similar first. Ties keep the order the pairs are met in: by the
   * first tool, then the first of its words (in its own order) that makes the pair a candidate, then the second tool
   * (pairOrder: what `replace` merges by).
   */
  private scoredPairs(threshold: number, warnOnly: boolean): ScoredPair[] {
    // Only pairs that share a word can score above 0: found through each word's list of tools. In a big toolbox a
    // word most tools use (a common parameter name) would make every pair a candidate; such words weigh little,
    // so pairs that share nothing else are not looked at (they could not reach a useful similarity).
    const n = this.docs.length;
    const commonFrom = this.commonFrom();
    const byTerm = this.byTerm;
    // Scores first; the words a pair shares (a sort each) only for the pairs returned.
    const pairs: ScoredPair[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      let t = 0;
      for (const term of this.docs[i]!.counts.keys()) {
        const tools = byTerm.get(term)!;
        t++;
        if (tools.length > commonFrom) continue;
        for (const j of tools) {
          if (j <= i || seen.has(i * n + j)) continue;
          seen.add(i * n + j);
          const exact = this.score(this.weightsOf(this.docs[i]!), this.weightsOf(this.docs[j]!));
          if (warnOnly && exact < threshold) continue;
          pairs.push({ i, j, score: round(exact), exact, t: t - 1 });
        }
      }
    }
    return pairs.sort((x, y) => y.score - x.score);
  }

  private commonFrom(): number {
    return this.docs.length > SMALL_TOOLBOX ? MAX_CANDIDATE_DF : Infinity;
  }

  /**
   * Tool `k`'s text is now `tool` (its name unchanged): what a keystroke in one entry changes. When only `k`'s own
   * words changed weight (the words it gained or lost are its alone, before and after, and no word's shown form moved),
   * every other tool's vector is as it was: only `k`'s pairs are scored again, and the pairs kept for the threshold
   * last asked are updated in place. Otherwise the index is as new (weights and pairs computed again when asked).
   * Either way it answers as `new ToolIndex` of the tools with `k` replaced would (similarity.test.ts).
   */
  replace(k: number, tool: ToolText): void {
    const before = this.read[k]!;
    const after = readTerms({ name: detachedString(tool.name), description: detachedString(tool.description), parameters: tool.parameters.map(detachedString) });
    const gained = [...after.counts.keys()].filter((term) => !before.counts.has(term));
    const lost = [...before.counts.keys()].filter((term) => !after.counts.has(term));
    const firstBefore = new Map(before.firsts);
    const firstAfter = new Map(after.firsts);
    // Its own words only: a word it gained no tool had, a word it lost no other tool has, and no shown form changed
    // (the first tool using a word gives the form every pair shows).
    const alone =
      gained.every((term) => !this.byTerm.has(term)) &&
      lost.every((term) => this.byTerm.get(term)!.length === 1) &&
      [...after.counts.keys()].every((term) => !before.counts.has(term) || firstBefore.get(term) === firstAfter.get(term) || this.byTerm.get(term)![0] !== k);
    this.read[k] = after;
    const doc = this.docs[k]!;
    this.docs[k] = { name: doc.name, fields: after.fields, counts: after.counts, weights: undefined };
    for (const term of lost) {
      const list = this.byTerm.get(term)!;
      list.splice(list.indexOf(k), 1);
      if (list.length === 0) this.byTerm.delete(term);
    }
    for (const term of gained) {
      const list = this.byTerm.get(term);
      if (!list) this.byTerm.set(term, [k]);
      else list.splice(sortedIndex(list, k), 0, k);
    }
    for (const term of [...gained, ...lost]) {
      this.idf.delete(term);
      this.surface.delete(term);
    }
    if (!alone) {
      this.idf.clear();
      this.surface.clear();
      for (const d of this.docs) d.weights = undefined;
      this.kept = undefined;
      return;
    }
    for (const term of after.counts.keys()) if (firstBefore.get(term) !== firstAfter.get(term)) this.surface.delete(term);
    if (this.kept === undefined) return;
    const { threshold } = this.kept;
    const kept = this.kept.pairs.filter((p) => p.i !== k && p.j !== k);
    const commonFrom = this.commonFrom();
    const mine: ScoredPair[] = [];
    const seen = new Set<number>();
    for (const term of after.counts.keys()) {
      const tools = this.byTerm.get(term)!;
      if (tools.length > commonFrom) continue;
      for (const other of tools) {
        if (other === k || seen.has(other)) continue;
        seen.add(other);
        const [i, j] = other < k ? [other, k] : [k, other];
        const exact = this.score(this.weightsOf(this.docs[i]!), this.weightsOf(this.docs[j]!));
        if (exact < threshold) continue;
        mine.push({ i, j, score: round(exact), exact, t: this.firstCandidateWord(i, j, commonFrom) });
      }
    }
    this.kept.pairs = [...kept, ...mine].sort(pairOrder);
  }

  /** The place, among tool i's words, of the first word it shares with tool j that makes them a candidate pair. */
  private firstCandidateWord(i: number, j: number, commonFrom: number): number {
    const other = this.docs[j]!.counts;
    let t = 0;
    for (const term of this.docs[i]!.counts.keys()) {
      if (other.has(term) && this.byTerm.get(term)!.length <= commonFrom) return t;
      t++;
    }
    return t;
  }

  /**
   * The tools ranked against a request: cosine of the TF-IDF vectors, plus 1 when the tool's text has the request's
   * words (two or more) in a row, so a tool that says exactly what was asked comes first. Tools sharing no word are
   * left out.
   */
  match(query: string): ToolMatch[] {
    const q = terms(query);
    const vector = this.vector(q);
    const out: ToolMatch[] = [];
    for (const d of this.docs) {
      const { score, shared } = this.sharedWords(vector, this.weightsOf(d));
      if (shared.length === 0) continue;
      const phrase = q.length >= 2 && d.fields.some((field) => containsRun(field, q)) ? 1 : 0;
      out.push({ name: d.name, score: round(score + phrase), matched: shared });
    }
    return out.sort((x, y) => y.score - x.score);
  }
}

function containsRun(haystack: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= haystack.length; i++) {
    for (let j = 0; j < run.length; j++) if (haystack[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

interface ScoredPair {
  i: number;
  j: number;
  score: number;
  exact: number;
  /** Where the pair was met (scoredPairs): the place of the word among tool i's. */
  t: number;
}

/** closestPairs' order: most similar first (by the rounded score), then as scoredPairs meets them. */
function pairOrder(x: ScoredPair, y: ScoredPair): number {
  return y.score - x.score || x.i - y.i || x.t - y.t || x.j - y.j;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
