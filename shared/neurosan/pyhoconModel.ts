import { floatRepr } from '../pyvalue/floatRepr';

/**
 * The values pyhocon 0.3.61 builds while it reads a file, with the rules of its `ConfigTree` (put, get, merge) and
 * `ConfigValues` (concatenation): neuro-san's reading depends on their quirks (a key is re-parsed on every get, a
 * `null` read through `get` becomes None, a quoted key holding a special character keeps its quotes...).
 *
 * Python values are JavaScript values where the types map one to one (see shared/pyvalue): None → null,
 * bool → boolean, int → bigint, float → number, str → string, list → array. pyhocon's own classes are below.
 */

/** Where something was written: offsets into the original text of `file`. */
export interface SourceSpan {
  file: string;
  start: number;
  end: number;
}

/** pyhocon's `NoneValue`: `null` as written; `get` turns it into None, `json.dumps` cannot write it elsewhere. */
export class NoneValue {
  readonly pythonNull = true;
}

/** A duration or period (`10 seconds`): a Python timedelta or relativedelta, which `json.dumps` cannot write. */
export class PeriodValue {
  constructor(
    readonly pythonType: 'relativedelta' | 'timedelta',
    readonly unit: string,
    readonly amount: bigint,
  ) {}
  /** Python's str() of it, as a concatenation writes it. */
  str(): string {
    if (this.pythonType === 'timedelta') {
      // Only milliseconds make a timedelta: str() gives H:MM:SS.ffffff (days apart).
      const micros = this.amount * 1000n;
      const totalSeconds = micros / 1_000_000n;
      const frac = micros % 1_000_000n;
      const days = totalSeconds / 86400n;
      const rest = totalSeconds % 86400n;
      const hms = `${rest / 3600n}:${String((rest % 3600n) / 60n).padStart(2, '0')}:${String(rest % 60n).padStart(2, '0')}`;
      const time = frac === 0n ? hms : `${hms}.${String(frac).padStart(6, '0')}`;
      return days === 0n ? time : `${days} day${days === 1n ? '' : 's'}, ${time}`;
    }
    if (this.amount === 0n) return 'relativedelta()';
    const unit = this.unit === 'weeks' ? 'days' : this.unit;
    const amount = this.unit === 'weeks' ? this.amount * 7n : this.amount;
    return `relativedelta(${unit}=${amount > 0n ? '+' : ''}${amount})`;
  }
}

/** A quoted string as a token of a concatenation: its value and the spaces written after it. */
export class QuotedToken {
  constructor(
    readonly value: string,
    readonly ws: string,
  ) {}
}

/** An unquoted string as a token of a concatenation (the last one of a value loses its trailing blanks). */
export class UnquotedToken {
  constructor(public value: string) {}
}

/** `include ...` as a token: the included tree's items (or list elements), spliced where it stood. */
export class IncludeToken {
  /** A key's item may carry where it was written in the included file (kept so that warnings can point there). */
  constructor(readonly items: Array<[string, PyHocon] | [string, PyHocon, FieldSpan | undefined]> | PyHocon[]) {}
}

export type PyContainerParent = ConfigTree | PyHocon[];

/** `${x}` / `${?x}` inside a ConfigValues. */
export class ConfigSubstitution {
  index = 0;
  parent!: ConfigValues;
  constructor(
    readonly variable: string,
    readonly optional: boolean,
    /** Blanks written right after the `}`: kept only when a string value is put there and another token follows. */
    readonly ws: string,
    /** Offset (in the text pyparsing read: tabs expanded) and that text, for messages. */
    readonly loc: number,
    /** pyhocon passes a bool here for the substitution a `+=` makes (its messages then fail: see lineCol). */
    readonly instring: string | boolean,
    readonly span: SourceSpan | undefined,
  ) {}
}

export type Token = PyHocon | QuotedToken | UnquotedToken | ConfigSubstitution | IncludeToken;

/** A value that holds substitutions (or is being concatenated): resolved later by replacing its tokens. */
export class ConfigValues {
  parent: PyContainerParent | null = null;
  key: string | number | null = null;
  overriddenValue: PyHocon | undefined = null;
  constructor(
    public tokens: Token[],
    /** The text, or the bool pyhocon passes for a `+=` value. */
    readonly instring: string | boolean,
    readonly loc: number,
    public span: SourceSpan | undefined,
  ) {
    this.recompute();
  }

  recompute(): void {
    this.tokens.forEach((token, index) => {
      if (token instanceof ConfigSubstitution) {
        token.parent = this;
        token.index = index;
      }
    });
    if (this.tokens.length === 0) this.tokens = [''];
    const last = this.tokens[this.tokens.length - 1];
    if (last instanceof UnquotedToken) this.tokens[this.tokens.length - 1] = new UnquotedToken(last.value.replace(/[ \t]+$/, ''));
  }

  getSubstitutions(): ConfigSubstitution[] {
    let list = this.tokens.filter((t): t is ConfigSubstitution => t instanceof ConfigSubstitution);
    let node: unknown = this.overriddenValue;
    const seen = new Set<unknown>([this]);
    while (node instanceof ConfigValues && !seen.has(node)) {
      seen.add(node);
      list = [...node.tokens.filter((t): t is ConfigSubstitution => t instanceof ConfigSubstitution), ...list];
      node = node.overriddenValue;
    }
    return list;
  }

  hasSubstitution(): boolean {
    for (const token of this.tokens) if (token instanceof ConfigSubstitution) return true;
    return this.overriddenValue instanceof ConfigValues && this.getSubstitutions().length > 0;
  }

  put(index: number, value: Token): void {
    this.tokens[index] = value;
  }

  /** The concatenation's value, or itself while it holds substitutions. Throws PyhoconError on a type mix. */
  transform(): PyHocon | ConfigValues {
    if (this.hasSubstitution()) return this;
    const tokens = this.tokens.filter((t) => t !== null);
    if (tokens.length === 0) return null;
    const first = tokenType(tokens[0]!);
    for (let i = 1; i < tokens.length; i++) {
      const type = tokenType(tokens[i]!);
      if (type !== first) {
        throw new PyhoconError(
          'ConfigWrongTypeException',
          `Token '${pyStr(tokens[i]!)}' of type ${typeNameOf(tokens[i]!, type)} (index ${i}) must be of type ${first === 'str' ? 'str' : first} (${lineCol(this.instring, this.loc, this.span)})`,
          this.span,
        );
      }
    }
    if (first === 'ConfigTree') {
      const children: ConfigTree[] = [];
      let node: unknown = this.overriddenValue;
      const seen = new Set<unknown>();
      while (isTruthy(node) && !seen.has(node)) {
        seen.add(node);
        if (node instanceof ConfigValues) {
          const value = node.transform();
          if (value instanceof ConfigTree) children.push(value);
          else break;
        } else if (node instanceof ConfigTree) children.push(node);
        else break;
        node = (node as { overriddenValue?: unknown }).overriddenValue;
      }
      const result = new ConfigTree(false);
      for (const tree of children.reverse()) ConfigTree.mergeConfigs(result, tree, true);
      for (const token of tokens) ConfigTree.mergeConfigs(result, token as ConfigTree, true);
      return result;
    }
    if (first === 'ConfigList') {
      const result: PyHocon[] = [];
      for (const sublist of tokens as PyHocon[][]) {
        for (const item of sublist) {
          if (item instanceof ConfigValues) {
            item.parent = result;
            item.key = result.length;
          }
          result.push(item);
        }
      }
      return result;
    }
    if (tokens.length === 1) {
      const only = tokens[0]!;
      if (only instanceof QuotedToken || only instanceof UnquotedToken) return only.value;
      return only as PyHocon;
    }
    let text = '';
    tokens.forEach((token, i) => {
      const last = i === tokens.length - 1;
      text += token instanceof QuotedToken ? token.value + (last ? '' : token.ws) : pyStr(token);
    });
    return text;
  }
}

/** Everything a pyhocon tree can hold. */
export type PyHocon =
  | null
  | boolean
  | bigint
  | number
  | string
  | PyHocon[]
  | ConfigTree
  | ConfigValues
  | NoneValue
  | PeriodValue
  | IncludeToken;

/** A failure as pyhocon (or Python under it) raises it. */
export class PyhoconError extends Error {
  constructor(
    /** The Python exception's class name: ParseException, ConfigMissingException, TypeError... */
    readonly type: string,
    message: string,
    readonly span?: SourceSpan,
    /**
     * The exception Python was handling when this one was raised (its `__context__`): neuro-san reports the
     * innermost one, so this one's words are kept as a hint for people.
     */
    readonly context?: PyhoconError,
  ) {
    super(message);
  }
}

type TokenType = 'ConfigTree' | 'ConfigList' | 'str';

function tokenType(token: Token): TokenType {
  if (token instanceof ConfigTree) return 'ConfigTree';
  if (Array.isArray(token)) return 'ConfigList';
  return 'str';
}

function typeNameOf(token: Token, type: TokenType): string {
  return type === 'str' ? 'str' : type;
}

/**
 * pyparsing's `line: L, col: C` of a location. pyhocon hands it a bool instead of the text for a `+=` value, and
 * Python then fails while writing the message: that failure is what neuro-san reports.
 */
export function lineCol(text: string | boolean, loc: number, span?: SourceSpan): string {
  if (typeof text !== 'string') throw new PyhoconError('AttributeError', "'bool' object has no attribute 'count'", span);
  const { line, col } = lineAndColumn(text, loc);
  return `line: ${line}, col: ${col}`;
}

/** pyparsing's `lineno` and `col` of a location (1-based). */
export function lineAndColumn(text: string, loc: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < loc; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: loc - lineStart + 1 };
}

/** Python truthiness of a value. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '' || value === 0 || value === 0n) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof ConfigTree) return value.map.size > 0;
  if (value instanceof PeriodValue) return value.amount !== 0n;
  return true;
}

/** Python's str() of a token, as a concatenation writes it. */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return floatRepr(value);
  if (value instanceof QuotedToken) return `[ConfigQuotedString: ${value.value}]`;
  if (value instanceof UnquotedToken) return value.value;
  if (value instanceof PeriodValue) return value.str();
  // Python prints the object's address, which differs from run to run.
  if (value instanceof NoneValue) return '<pyhocon.config_tree.NoneValue object at 0x7f0000000000>';
  if (value instanceof ConfigSubstitution) return `[ConfigSubstitution: ${value.variable}]`;
  if (value instanceof ConfigValues) return `[ConfigValues: ${value.tokens.map(pyStr).join(',')}]`;
  if (value instanceof ConfigTree) {
    return value.map.size === 0 ? 'ConfigTree()' : `ConfigTree([${[...value.map].map(([k, v]) => `(${pyRepr(k)}, ${pyRepr(v)})`).join(', ')}])`;
  }
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return String(value);
}

function pyRepr(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null) return 'None';
  return pyStr(value);
}

const SPECIAL_KEY_CHARACTERS = '$}[]:=+#`^?!@*&.';
const KEY_TOKEN = /"[^"]+"|[^$}[\]:=+#`^?!@*&.]+/g;

/** Characters below 128 that make a key more than itself: the special ones and the quote. */
const NOT_PLAIN = new Uint8Array(128);
for (const c of SPECIAL_KEY_CHARACTERS + '"') NOT_PLAIN[c.charCodeAt(0)] = 1;

/** Whether `key` is read as one part, itself, without looking it up or matching it (almost every key). */
function isPlainText(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 128 && NOT_PLAIN[c] === 1) return false;
  }
  return true;
}

/** `ConfigTree.parse_key`: a key split at dots; quotes are dropped from a part only when it holds no special character. */
export function parseKey(key: string): readonly string[] {
  if (isPlainText(key)) return [key];
  // The same few keys come back for every entry: remember them (the result is never changed by its users).
  const known = parsedKeys.get(key);
  if (known !== undefined) return known;
  const parts = key.match(KEY_TOKEN) ?? [];
  const path = parts.map((part) => ([...part].some((c) => SPECIAL_KEY_CHARACTERS.includes(c)) ? part : stripQuotes(part)));
  if (parsedKeys.size >= 10_000) parsedKeys.clear();
  parsedKeys.set(key, path);
  return path;
}

const parsedKeys = new Map<string, readonly string[]>();

/** Whether `get(key)` reads `key` itself at this level (no path, no quotes dropped): almost every key. */
export function isPlainKey(key: string): boolean {
  if (isPlainText(key)) return true;
  const path = parseKey(key);
  return path.length === 1 && path[0] === key;
}

function stripQuotes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '"') start++;
  while (end > start && text[end - 1] === '"') end--;
  return text.slice(start, end);
}

/** Spans of list elements (lists are plain arrays), when the reading keeps positions. */
export const listSpans = new WeakMap<PyHocon[], Array<SourceSpan | undefined>>();

const UNDEFINED = Symbol('undefined key');

/** Where a key and its value were written. */
export interface FieldSpan {
  key?: SourceSpan;
  value?: SourceSpan;
}

const NO_SPANS: ReadonlyMap<string, FieldSpan> = new Map();

/** pyhocon's ConfigTree: an insertion-ordered dict with a history of each root key's definitions. */
export class ConfigTree {
  readonly map = new Map<string, PyHocon>();
  /** Where each key's current value was written (neuro-san's reading points its values at these), when kept. */
  private spanMap: Map<string, FieldSpan> | undefined = undefined;
  get spans(): ReadonlyMap<string, FieldSpan> {
    return this.spanMap ?? NO_SPANS;
  }
  readonly history: Map<string, PyHocon[]> | undefined;
  constructor(readonly root: boolean) {
    if (root) this.history = new Map();
  }

  /** `OrderedDict.copy()`: a shallow copy (not a root). */
  copy(): ConfigTree {
    const tree = new ConfigTree(false);
    for (const [key, value] of this.map) tree.setItem(key, value, this.spanMap?.get(key));
    return tree;
  }

  setItem(key: string, value: PyHocon, span?: FieldSpan): void {
    this.map.set(key, value);
    if (span !== undefined) (this.spanMap ??= new Map()).set(key, span);
  }

  deleteItem(key: string): void {
    this.map.delete(key);
    this.spanMap?.delete(key);
  }

  pushHistory(key: string, value: PyHocon): void {
    if (this.history === undefined) return;
    let list = this.history.get(key);
    if (list === undefined) this.history.set(key, (list = []));
    list.push(value);
  }

  static mergeConfigs(a: ConfigTree, b: ConfigTree, copyTrees = false): ConfigTree {
    for (const [key, value] of b.map) {
      const existing = a.map.get(key);
      if (a.map.has(key) && existing instanceof ConfigTree && value instanceof ConfigTree) {
        let target = existing;
        if (copyTrees) {
          target = existing.copy();
          a.map.set(key, target);
        }
        ConfigTree.mergeConfigs(target, value, copyTrees);
      } else {
        if (value instanceof ConfigValues) {
          value.parent = a;
          value.key = key;
          if (a.contains(key)) value.overriddenValue = a.getItem(key);
        }
        a.setItem(key, value, b.spans.get(key));
        if (a.history !== undefined) {
          const before = a.history.get(key) ?? [];
          a.history.set(key, b.history !== undefined ? [...before, ...(b.history.get(key) ?? [value])] : [...before, value]);
        }
      }
    }
    return a;
  }

  put(key: string, value: PyHocon, append = false, span?: FieldSpan): void {
    if (isPlainText(key)) this.putLast(key, value, append, span);
    else this.putPath(parseKey(key), value, append, span);
  }

  /**
   * `_put`: pyhocon recurses once per segment of the path; walked here in a loop (a path of 100,000 segments took
   * memory in the square of its length when each level was handed `path.slice(1)`). The reading refuses a path
   * Python could not put (PYTHON_DEPTH_LEFT) before it gets here.
   */
  private putPath(path: readonly string[], value: PyHocon, append: boolean, span?: FieldSpan): void {
    const last = path.length - 1;
    if (last < 0) throw new PyhoconError('IndexError', 'list index out of range', span?.key);
    if (last === 0) {
      this.putLast(path[0]!, value, append, span);
      return;
    }
    let tree = this.subtree(path[0]!, span);
    for (let i = 1; i < last; i++) tree = tree.subtree(path[i]!, span);
    tree.putLast(path[last]!, value, append, span);
  }

  /** A step of `_put` down a path: the tree at `keyElt`, made (over anything else there) when there is none. */
  private subtree(keyElt: string, span: FieldSpan | undefined): ConfigTree {
    const next = this.map.get(keyElt);
    if (next instanceof ConfigTree) return next;
    const made = new ConfigTree(false);
    this.pushHistory(keyElt, made);
    this.setItem(keyElt, made, span);
    return made;
  }

  /** The last step of `_put`: `keyElt` set (merged, appended to) in this tree. */
  private putLast(keyElt: string, value: PyHocon, append: boolean, span?: FieldSpan): void {
    const existing = this.map.get(keyElt);
    if (this.map.has(keyElt) && existing instanceof ConfigTree && value instanceof ConfigTree) {
      if (this.root) {
        let merged = ConfigTree.mergeConfigs(new ConfigTree(false), existing, true);
        merged = ConfigTree.mergeConfigs(merged, value, true);
        this.pushHistory(keyElt, merged);
        this.setItem(keyElt, merged, span);
      } else {
        ConfigTree.mergeConfigs(existing, value);
      }
    } else if (append) {
      const current = this.get(keyElt, null);
      if (current instanceof ConfigValues) {
        current.tokens.push(value as Token);
        current.recompute();
      } else if (current instanceof ConfigTree && value instanceof ConfigValues) {
        value.overriddenValue = current;
        value.tokens.unshift(current);
        value.recompute();
        value.parent = this;
        value.key = keyElt;
        this.pushHistory(keyElt, value);
        this.setItem(keyElt, value, span);
      } else if (Array.isArray(current) && value instanceof ConfigValues) {
        this.pushHistory(keyElt, value);
        value.overriddenValue = current;
        value.parent = this;
        value.key = keyElt;
        this.setItem(keyElt, value, span);
      } else if (Array.isArray(current)) {
        this.setItem(keyElt, [...current, ...(value as PyHocon[])], span);
        this.pushHistory(keyElt, current);
      } else if (current === null) {
        this.pushHistory(keyElt, value);
        this.setItem(keyElt, value, span);
      } else {
        throw new PyhoconError(
          'ConfigWrongTypeException',
          `Cannot concatenate the list ${keyElt}: ${pyStr(value)} to ${pyStr(current)} of ${pythonTypeName(current)}`,
          span?.value,
        );
      }
    } else {
      if (value instanceof ConfigValues) {
        value.parent = this;
        value.key = keyElt;
        value.overriddenValue = this.get(keyElt, null);
      }
      this.pushHistory(keyElt, value);
      this.setItem(keyElt, value, span);
    }
  }

  /** `ConfigTree.get(key, default)`: throws ConfigMissingException / ConfigWrongTypeException without a default. */
  get(key: string, defaultValue: PyHocon | typeof UNDEFINED = UNDEFINED): PyHocon {
    if (isPlainText(key) && (defaultValue !== UNDEFINED || this.map.has(key))) {
      // One part, itself (almost every key): what getPath does for it, without making the path.
      if (!this.map.has(key)) return defaultValue as PyHocon;
      const element = this.map.get(key)!;
      if (element instanceof NoneValue) return null;
      if (Array.isArray(element)) return element.map((x) => (x instanceof NoneValue ? null : x));
      return element;
    }
    return this.getPath(parseKey(key), 0, defaultValue);
  }

  /** `_get` from `path[index]` on. */
  getPath(path: readonly string[], index: number, defaultValue: PyHocon | typeof UNDEFINED = UNDEFINED): PyHocon {
    return getPathFrom(this, path, index, defaultValue);
  }

  /** `key in tree` (a path lookup). */
  contains(key: string): boolean {
    const missing = new NoneValue();
    return this.get(key, missing) !== missing;
  }

  /** `tree[key]`. */
  getItem(key: string): PyHocon {
    return this.get(key);
  }
}

/** `_get` from `path[index]` on, from `tree`: pyhocon recurses once per segment; walked here in a loop. */
function getPathFrom(start: ConfigTree, path: readonly string[], index: number, defaultValue: PyHocon | typeof UNDEFINED): PyHocon {
  let tree = start;
  for (let i = index; ; i++) {
    const keyElt = path[i];
    if (keyElt === undefined) throw new PyhoconError('IndexError', 'list index out of range');
    if (!tree.map.has(keyElt)) {
      if (defaultValue === UNDEFINED) {
        throw new PyhoconError('ConfigMissingException', `No configuration setting found for key ${path.slice(0, i + 1).join('.')}`);
      }
      return defaultValue;
    }
    const element = tree.map.get(keyElt)!;
    if (i === path.length - 1) {
      if (element instanceof NoneValue) return null;
      if (Array.isArray(element)) return element.map((x) => (x instanceof NoneValue ? null : x));
      return element;
    }
    if (element instanceof ConfigTree) {
      tree = element;
      continue;
    }
    if (defaultValue === UNDEFINED) {
      throw new PyhoconError('ConfigWrongTypeException', `${path.slice(0, i + 1).join('.')} has type ${pythonTypeName(element)} rather than dict`);
    }
    return defaultValue;
  }
}

export function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (value instanceof ConfigTree) return 'ConfigTree';
  if (value instanceof ConfigValues) return 'ConfigValues';
  if (value instanceof NoneValue) return 'NoneValue';
  if (value instanceof PeriodValue) return value.pythonType;
  return 'object';
}

/**
 * Containers copied by substitutions since `resetCopyBudget`: a few lines of `a = [${b}, ${b}]` can describe a tree
 * too big to hold (pyhocon would run out of memory); past the budget the reading stops with a MemoryError.
 */
let copied = 0;
let maxCopied = 1_000_000;

/** A new budget for reading a text of `length` characters: a million values, more for a big file. */
export function resetCopyBudget(length: number): void {
  copied = 0;
  maxCopied = Math.max(1_000_000, length * 4);
}

/** Counts `count` values walked against the same budget (the resolver walks what substitutions made, too). */
export function spendCopyBudget(count: number): void {
  copied += count;
  if (copied > maxCopied) throw new PyhoconError('MemoryError', `Toolbox Editor stopped: the substitutions make more than ${maxCopied} values`);
}

/** `copy.deepcopy` of a value (shared references copied once, as Python's memo does). */
export function deepCopy<T>(value: T, memo = new Map<unknown, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (memo.has(value)) return memo.get(value) as T;
  spendCopyBudget(1);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    memo.set(value, copy);
    for (const item of value) copy.push(deepCopy(item, memo));
    return copy as T;
  }
  if (value instanceof ConfigTree) {
    const copy = new ConfigTree(value.root);
    memo.set(value, copy);
    for (const [key, item] of value.map) copy.setItem(key, deepCopy(item, memo), value.spans.get(key));
    if (value.history !== undefined) {
      for (const [key, list] of value.history) copy.history!.set(key, list.map((x) => deepCopy(x, memo)));
    }
    return copy as T;
  }
  if (value instanceof ConfigValues) {
    const copy = Object.create(ConfigValues.prototype) as ConfigValues;
    memo.set(value, copy);
    Object.assign(copy, { instring: value.instring, loc: value.loc, span: value.span });
    copy.tokens = value.tokens.map((t) => deepCopy(t, memo));
    copy.parent = deepCopy(value.parent, memo);
    copy.key = value.key;
    copy.overriddenValue = deepCopy(value.overriddenValue, memo);
    return copy as T;
  }
  if (value instanceof ConfigSubstitution) {
    const copy = new ConfigSubstitution(value.variable, value.optional, value.ws, value.loc, value.instring, value.span);
    memo.set(value, copy);
    copy.index = value.index;
    copy.parent = deepCopy(value.parent, memo);
    return copy as T;
  }
  if (value instanceof NoneValue) {
    const copy = new NoneValue();
    memo.set(value, copy);
    return copy as T;
  }
  // Immutable tokens and periods.
  return value;
}
