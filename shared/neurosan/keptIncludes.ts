/**
 * An included file as pyhocon's parser read it, kept for the next reading that includes the same text through the
 * same host (a project's: `IncludeHost.parsedIncludes`, shared/hocon/parsedIncludes.ts): every network of a project
 * includes the same LLM config and shared instructions, and each reading parsed them again.
 *
 * What the parse did besides making the tree is kept with it and done again on reuse, so that the reading is the same
 * as parsing: the includes it met (with the files they read, which must read the same now), the files' texts, the
 * substitutions it counted, what it spent of the include budget and how deep it nested. The tree is copied each
 * time: resolving substitutions changes it.
 */
import { ConfigSubstitution, ConfigTree, ConfigValues, IncludeToken, NoneValue, listSpans, type PyHocon, type Token } from './pyhoconModel';
import type { IncludeResolution, PyhoconIncludeHost } from './pyhoconParser';

export interface KeptInclude {
  /** The tree as parsed (never handed out: each reading gets a copy). */
  tree: ConfigTree | PyHocon[];
  /** The includes met inside the file, in order. */
  includes: IncludeResolution[];
  /** What each of them read: the text, or undefined where there was no file (`ParseContext.texts` gets each text). */
  reads: Array<[path: string, text: string | undefined]>;
  substitutions: number;
  /** Include statements and bytes spent from the budget inside it. */
  spentIncludes: number;
  spentBytes: number;
  /** How much deeper than the file itself its includes went (-1: it includes nothing). */
  depth: number;
}

/** Whether the files the kept parse read inside it read the same now (the host may have been given other text). */
export function readsTheSame(kept: KeptInclude, host: PyhoconIncludeHost): boolean {
  return kept.reads.every(([path, text]) => host.readFile(path) === text);
}

/**
 * A copy of a tree as the parser made it: every container, concatenation and substitution copied (resolving changes
 * them), shared references copied once (a concatenation's parent, a root's history), the positions of list elements
 * kept. Undefined for a tree holding an include token (its items are not copied here): such a file is parsed again.
 */
export function copyParsed(tree: ConfigTree | PyHocon[]): ConfigTree | PyHocon[] | undefined {
  try {
    return copy(tree, new Map()) as ConfigTree | PyHocon[];
  } catch (error) {
    if (error === NOT_COPIED) return undefined;
    throw error;
  }
}

const NOT_COPIED = Symbol('not copied');

function copy(value: PyHocon | ConfigValues | Token | undefined, memo: Map<object, unknown>): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value;
  const known = memo.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    memo.set(value, list);
    for (const item of value) list.push(copy(item, memo));
    const spans = listSpans.get(value);
    if (spans !== undefined) listSpans.set(list as PyHocon[], spans);
    return list;
  }
  if (value instanceof ConfigTree) {
    const tree = new ConfigTree(value.root);
    memo.set(value, tree);
    for (const [key, item] of value.map) tree.setItem(key, copy(item, memo) as PyHocon, value.spans.get(key));
    if (value.history !== undefined) for (const [key, list] of value.history) tree.history!.set(key, list.map((x) => copy(x, memo) as PyHocon));
    return tree;
  }
  if (value instanceof ConfigValues) {
    const values = Object.create(ConfigValues.prototype) as ConfigValues;
    memo.set(value, values);
    Object.assign(values, { instring: value.instring, loc: value.loc, span: value.span, key: value.key });
    values.tokens = value.tokens.map((t) => copy(t, memo) as Token);
    values.parent = copy(value.parent, memo) as ConfigValues['parent'];
    values.overriddenValue = copy(value.overriddenValue, memo) as ConfigValues['overriddenValue'];
    return values;
  }
  if (value instanceof ConfigSubstitution) {
    const substitution = new ConfigSubstitution(value.variable, value.optional, value.ws, value.loc, value.instring, value.span);
    memo.set(value, substitution);
    substitution.index = value.index;
    substitution.parent = copy(value.parent, memo) as ConfigValues;
    return substitution;
  }
  if (value instanceof NoneValue) {
    const none = new NoneValue();
    memo.set(value, none);
    return none;
  }
  if (value instanceof IncludeToken) throw NOT_COPIED;
  // Strings' tokens and periods are never changed.
  return value;
}
