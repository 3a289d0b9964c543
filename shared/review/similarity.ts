/**
 * Which tools an LLM could confuse, and which tool a request matches, by the words of their catalog entries (name,
 * description, parameter names): TF-IDF vectors compared by cosine. It is lexical retrieval, not a model: it shows
 * the tools that compete for the same words, which is where an LLM's choice is most often wrong.
 *
 * Our own small module rather than a search library (MiniSearch, wink-bm25): pairwise similarity needs a symmetric
 * score in 0..1 and the words two documents share, which those libraries' query APIs do not give.
 */

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
  weights: Map<string, number>;
}

export class ToolIndex {
  private readonly docs: Doc[];
  private readonly idf = new Map<string, number>();
  /** The first written form of each stem, to show words rather than stems. */
  private readonly surface = new Map<string, string>();
  /** The IDF of a word no tool uses (a request's). */
  private readonly unseenIdf: number;

  constructor(tools: readonly ToolText[]) {
    const fieldLists = tools.map((t) => [terms(t.name, this.surface), terms(t.description, this.surface), terms(t.parameters.join(' '), this.surface)]);
    const termLists = fieldLists.map((fields) => fields.flat());
    const df = new Map<string, number>();
    for (const list of termLists) for (const term of new Set(list)) df.set(term, (df.get(term) ?? 0) + 1);
    const n = tools.length;
    this.unseenIdf = Math.log(1 + n) + 1;
    for (const [term, count] of df) this.idf.set(term, Math.log((1 + n) / (1 + count)) + 1);
    this.docs = tools.map((t, i) => ({ name: t.name, fields: fieldLists[i]!, weights: this.vector(termLists[i]!) }));
  }

  /** Sublinear term frequency times IDF, normalized to length 1. */
  private vector(list: readonly string[]): Map<string, number> {
    const tf = new Map<string, number>();
    for (const term of list) tf.set(term, (tf.get(term) ?? 0) + 1);
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of tf) {
      const w = (1 + Math.log(count)) * (this.idf.get(term) ?? this.unseenIdf);
      weights.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, w] of weights) weights.set(term, w / norm);
    return weights;
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
    return { score, shared: shared.map(([term]) => this.surface.get(term) ?? term) };
  }

  /** The `limit` most similar pairs, most similar first; `warn` at or above the threshold. */
  closestPairs(threshold: number, limit = 20): SimilarPair[] {
    // Only pairs that share a word can score above 0: found through each word's list of tools. In a big toolbox a
    // word most tools use (a common parameter name) would make every pair a candidate; such words weigh little,
    // so pairs that share nothing else are not looked at (they could not reach a useful similarity).
    const n = this.docs.length;
    const commonFrom = n > SMALL_TOOLBOX ? MAX_CANDIDATE_DF : Infinity;
    const byTerm = new Map<string, number[]>();
    this.docs.forEach((d, i) => {
      for (const term of d.weights.keys()) {
        const list = byTerm.get(term);
        if (list) list.push(i);
        else byTerm.set(term, [i]);
      }
    });
    const pairs: SimilarPair[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      for (const term of this.docs[i]!.weights.keys()) {
        const tools = byTerm.get(term)!;
        if (tools.length > commonFrom) continue;
        for (const j of tools) {
          if (j <= i || seen.has(i * n + j)) continue;
          seen.add(i * n + j);
          const { score, shared } = this.sharedWords(this.docs[i]!.weights, this.docs[j]!.weights);
          pairs.push({ a: this.docs[i]!.name, b: this.docs[j]!.name, score: round(score), shared, warn: score >= threshold });
        }
      }
    }
    pairs.sort((x, y) => y.score - x.score);
    return pairs.slice(0, limit);
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
      const { score, shared } = this.sharedWords(vector, d.weights);
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

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
