/**
 * pyhocon 0.3.61's grammar (a pyparsing grammar), as rules over the text: which text it accepts, how it splits it
 * into tokens and what values the tokens become. It differs from the HOCON specification's tokens in ways that
 * change what neuro-san reads, so the text is read by these rules rather than from the spec's syntax tree:
 * pyparsing expands tabs before reading; a key is a run of letters, digits and `._- /` (spaces included) or a quoted
 * string kept with its quotes; `//` starts a comment only where a token could start; `:` is part of an unquoted
 * string; numbers need a delimiter after them; `true`/`false`/`null` are words in any case; `10 seconds` is a
 * period; blanks after a quoted string or substitution are kept with it, those before are dropped; a newline or
 * comma run (`,,`) separates entries.
 *
 * pyparsing's `a - b` makes a failure of `b` fatal once `a` matched (no other alternative is tried); `a + b` and
 * `a | b` backtrack. Failures here are PyhoconError: `ParseException` where pyparsing would report one.
 */
import {
  ConfigSubstitution,
  ConfigTree,
  ConfigValues,
  IncludeToken,
  NoneValue,
  PeriodValue,
  PyhoconError,
  QuotedToken,
  UnquotedToken,
  lineAndColumn,
  listSpans,
  parseKey,
  type FieldSpan,
  type PyHocon,
  type SourceSpan,
  type Token,
} from './pyhoconModel';
import { IncludeBudget, MAX_KEYS, dirnameOf, fileUrlPath, isAbsolutePath, joinPath, normalizePath, tooManyKeysMessage, type ParsedIncludes } from '../hocon/index';
import { copyParsed, readsTheSame, type KeptInclude } from './keptIncludes';

/** The text pyparsing reads (`str.expandtabs()`) and the way back to offsets in the original text. */
export class ExpandedText {
  readonly text: string;
  private readonly map: Int32Array | undefined;
  constructor(readonly original: string) {
    if (!original.includes('\t')) {
      this.text = original;
      return;
    }
    let out = '';
    const map: number[] = [];
    let column = 0;
    for (let i = 0; i < original.length; i++) {
      const c = original[i]!;
      if (c === '\t') {
        const spaces = 8 - (column % 8);
        for (let k = 0; k < spaces; k++) map.push(i);
        out += ' '.repeat(spaces);
        column += spaces;
        continue;
      }
      map.push(i);
      out += c;
      column = c === '\n' || c === '\r' ? 0 : column + 1;
    }
    map.push(original.length);
    this.text = out;
    this.map = Int32Array.from(map);
  }
  /** The original offset of an offset into the expanded text. */
  toOriginal(offset: number): number {
    if (this.map === undefined) return offset;
    return this.map[Math.max(0, Math.min(offset, this.map.length - 1))]!;
  }
}

/** What the reading needs from outside: included files. Paths are absolute, joined with '/'. */
export interface PyhoconIncludeHost {
  /**
   * The text; undefined when there is no such file or it cannot be opened (pyhocon skips what raises IOError:
   * a folder, no permission); `{problem}` when it exists but is not text pyhocon can decode (Python raises).
   */
  readFile(path: string): string | undefined | { problem: string };
  /** Paths matching a glob pattern (pyhocon globs names holding `*` or `?`); none when not given. */
  glob?(pattern: string): string[];
  /**
   * What an `http(s)://` include reads: the text fetched when the user allowed it (cached), else undefined (pyhocon
   * skips a URL it cannot reach). Never fetched while reading: the caller fetches first (node/project/urlIncludes.ts).
   */
  readUrl?(url: string): string | undefined | { problem: string };
  /** Included files as parsed by earlier readings through this host (a project's reader keeps them: keptIncludes.ts). */
  parsedIncludes?: ParsedIncludes;
}

/** One include statement and the file it resolved to. */
export interface IncludeResolution {
  /** The file holding the statement and where the statement is (original offsets). */
  from: SourceSpan;
  /** The name as written. */
  target: string;
  /** The absolute path looked up, and whether a file was read there. */
  path: string;
  found: boolean;
  /** A top-level include is looked up in the working directory, so the answer depends on it. */
  dependsOnCwd: boolean;
  /** An `http(s)://` URL (`path` is the URL), which pyhocon fetches with urlopen. */
  url?: boolean;
}

export interface ParseContext {
  host: PyhoconIncludeHost | undefined;
  /** Absolute working directory of the Python process. */
  cwd: string;
  includes: IncludeResolution[];
  /** The text of every file read, by the name its spans carry. */
  texts: Map<string, string>;
  depth: number;
  /**
   * Objects and lists open (the root's included), over the included files' parsers too: pyhocon reads each level
   * with recursive calls, as it puts a key path one segment per call (see PYTHON_DEPTH_LEFT).
   */
  nesting: number;
  /** How many values hold a substitution (none: nothing to resolve). Shared by included files' parsers. */
  substitutions: number;
  /** Keep where each value was written (for origins and positions); off for a reading only checked. */
  recordSpans: boolean;
  /**
   * What the reading's includes have cost so far, against the limits the specification's reading has too
   * (INCLUDE_LIMITS): pyhocon has none, and reads an include "bomb" or /dev/zero until memory runs out. Made at the
   * first include; shared by included files' parsers.
   */
  includeBudget?: IncludeBudget;
  /** The deepest `depth` an include was met at (to tell how deep a kept include nests: keptIncludes.ts). */
  deepest?: number;
  /** An include by URL or by a glob was met: what it reads is not checked again, so the file is not kept. */
  notKept?: boolean;
}

/** The failure's type when a limit of the include budget stops the reading (Toolbox Editor's, not Python's). */
export const INCLUDE_LIMIT_FAILURE = 'IncludeLimit';
/** The failure's type when a file has more keys than MAX_KEYS (Toolbox Editor's limit, not Python's). */
export const KEY_LIMIT_FAILURE = 'KeyLimit';

/**
 * How many levels Python's recursion limit (1000 calls) leaves pyhocon for a key path: the segments of the path
 * plus the levels of objects and lists around it. pyhocon puts `a.b.c = 1` one segment per recursive call of
 * `ConfigTree._put`, under at least 16 calls of its own, and each level around it takes more (measured with
 * pyhocon 0.3.61 called from a script's top level: a key path of 983 segments is read, one of 984 raises
 * RecursionError). Deeper is certain to fail in neuro-san, whatever calls it.
 */
export const PYTHON_DEPTH_LEFT = 984;

/**
 * Levels of objects and lists certain to go past Python's recursion limit in pyhocon: pyparsing reads each level
 * with at least five recursive calls (17 for `[`, 22 for `a {`, 31 for `a = {` with pyparsing 3.3.2, where 59, 45
 * and 31 levels are the most it reads). neuro-san fails at fewer, by how many calls are around it: left to Python.
 */
export const PYHOCON_NESTING_LEFT = 200;

export { listSpans };

interface AssignGroup {
  key: string;
  /** Where the key is (offsets into the text read), kept when its span is not. */
  keyStart: number;
  keyEnd: number;
  op: string | undefined;
  value: PyHocon | ConfigValues;
  keySpan: SourceSpan | undefined;
  valueSpan: SourceSpan | undefined;
}

// Strings are matched as `run (escape run)*` rather than `(char | escape)*`: V8 keeps a backtrack entry for each
// repetition of an alternation, so a one-line 10 MB string overflowed the stack (a RangeError, reported as
// RecursionError); a run of one character class keeps none.
const KEY_WORD = /[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff._\- /]+/y;
const QUOTED_KEY = /"[^"\n\r\\]*(?:\\[^\n][^"\n\r\\]*)*"/y;
const TRIPLE_KEY = /"""[^"\n\r\\]*(?:(?:"(?!"")|\\[^\n])[^"\n\r\\]*)*"""/y;
const NUMBER = /[+-]?(?:\d*\.\d+|\d+(?:\.\d+)?)(?:[eE][+-]?\d+)?(?=$|[ \t]*(?:[$}\],#\n\r]|\/\/))/y;
const MULTILINE = /"""[\s\S]*?"*"""/y;
const QUOTED = /"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"([ \t]*)/y;
// Python's \s (str.isspace) rather than JavaScript's (which has U+FEFF and lacks U+001C-U+001F, U+0085).
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const UNQUOTED_CHAR = `[^^\`+?!@*&"\\[{${PY_SPACE}\\]}#,=$\\\\]`;
const UNQUOTED = new RegExp(`(?=${UNQUOTED_CHAR}|\\\\[^\\n])${UNQUOTED_CHAR}*(?:\\\\[^\\n]${UNQUOTED_CHAR}*)*[ \\t]*`, 'y');
const SUBSTITUTION = /\$\{[^}]+\}[ \t]*/y;
const SUBSTITUTION_PARTS = /^\$\{(\?)?([^}]+)\}([ \t]*)$/;
const ESCAPE = /\\[^\n]/g;
const LINE_END = /[\n\r]/g;
// A Map: looked up by the file's text (no escape could name an inherited property, but no table keyed by it should).
const REPLACEMENTS = new Map([
  ['\\\\', '\\'],
  ['\\n', '\n'],
  ['\\r', '\r'],
  ['\\t', '\t'],
  ['\\=', '='],
  ['\\#', '#'],
  ['\\!', '!'],
  ['\\"', '"'],
]);
const KEYWORD_CHARS = /[A-Za-z0-9_$]/;
const KEYWORD_VALUES = [['true', true], ['false', false], ['null', null]] as const;

const PERIOD_UNITS: Array<[string, string[]]> = [
  ['nanoseconds', ['ns', 'nano', 'nanos', 'nanosecond', 'nanoseconds']],
  ['microseconds', ['us', 'micro', 'micros', 'microsecond', 'microseconds']],
  ['milliseconds', ['ms', 'milli', 'millis', 'millisecond', 'milliseconds']],
  ['seconds', ['s', 'second', 'seconds']],
  ['minutes', ['m', 'minute', 'minutes']],
  ['hours', ['h', 'hour', 'hours']],
  ['weeks', ['w', 'week', 'weeks']],
  ['days', ['d', 'day', 'days']],
  // dateutil is installed with neuro-san, so months and years are periods too.
  ['months', ['mo', 'month', 'months']],
  ['years', ['y', 'year', 'years']],
];

function normString(text: string): string {
  return text.includes('\\') ? text.replace(ESCAPE, (m) => REPLACEMENTS.get(m) ?? m) : text;
}

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

export class PyhoconParser {
  private readonly s: string;
  /** Keys read in this file (see MAX_KEYS). */
  private keys = 0;
  constructor(
    private readonly source: ExpandedText,
    private readonly file: string,
    /** pyhocon's `basedir`: undefined for the top-level file (includes then resolve in the working directory). */
    private readonly basedir: string | undefined,
    private readonly context: ParseContext,
  ) {
    this.s = source.text;
  }

  /** Where values are, when the reading keeps them (`context.recordSpans`): the first reading of a keystroke does not. */
  private spanIf(start: number, end: number): SourceSpan | undefined {
    return this.context.recordSpans ? this.span(start, end) : undefined;
  }

  span(start: number, end: number): SourceSpan {
    return { file: this.file, start: this.source.toOriginal(start), end: this.source.toOriginal(end) };
  }

  private fail(type: string, at: number, message: string): PyhoconError {
    return new PyhoconError(type, message, this.span(at, Math.min(at + 1, this.s.length)));
  }

  /** A fatal failure: `what` was expected at `at`. */
  private expected(what: string, at: number, literal = true): PyhoconError {
    const found = at >= this.s.length ? 'end of text' : `'${this.s[at]}'`;
    const error = this.fail('ParseException', at, `Expected ${what}, found ${found}  (at char ${at}), (${pyparsingPosition(this.s, at)})`);
    // pyparsing's Literal indexes past the end of the text: neuro-san reports that IndexError.
    if (literal && at >= this.s.length) return new PyhoconError('IndexError', 'string index out of range', error.span, error);
    return error;
  }

  /** The whole file: a list, a braced object or an object without braces, then only comments and blank lines. */
  parseConfig(): ConfigTree | PyHocon[] {
    let p = 0;
    for (;;) {
      const q = this.commentEol(p) ?? this.eol(p);
      if (q === null) break;
      p = q;
    }
    let result: ConfigTree | PyHocon[];
    const at = this.skipWs(p);
    if (this.s[at] === '[') {
      [result, p] = this.list(at);
    } else if (this.s[at] === '{') {
      const [tree, end] = this.insideDict(at + 1, true, at);
      p = this.expectChar(end, '}');
      result = tree;
    } else {
      [result, p] = this.insideDict(p, true, p);
    }
    for (;;) {
      const q = this.commentEol(p) ?? this.eolComma(p);
      if (q === null) break;
      p = q;
    }
    const end = this.skipWs(p);
    if (end < this.s.length) throw this.expected('end of text', end);
    return result;
  }

  // ---- small elements (each skips blanks first, as pyparsing does with ' \t') ----

  private skipWs(p: number): number {
    while (p < this.s.length && isSpaceOrTab(this.s.charCodeAt(p))) p++;
    return p;
  }

  /**
   * The character code at `p`, -1 at the end of the text: reading past the end (NaN) would make V8 throw away the
   * optimized code of the function that did it and compile it again, once per function, in every process.
   */
  private code(p: number): number {
    return p < this.s.length ? this.s.charCodeAt(p) : -1;
  }

  private run(p: number, chars: string): number | null {
    const q = this.skipWs(p);
    let r = q;
    while (r < this.s.length && chars.includes(this.s[r]!)) r++;
    return r > q ? r : null;
  }

  private eol(p: number): number | null {
    const q = this.skipWs(p);
    const c = this.code(q);
    return c === 10 || c === 13 ? this.run(q, '\n\r') : null;
  }

  private eolComma(p: number): number | null {
    const q = this.skipWs(p);
    const c = this.code(q);
    return c === 10 || c === 13 || c === 44 ? this.run(q, '\n\r,') : null;
  }

  private comment(p: number): number | null {
    const q = this.skipWs(p);
    let r: number;
    if (this.s[q] === '#') r = q + 1;
    else if (this.s.startsWith('//', q)) r = q + 2;
    else return null;
    // To the line's end, found by the engine (comments are a good part of every file: headers, commented-out blocks).
    LINE_END.lastIndex = r;
    return LINE_END.exec(this.s)?.index ?? this.s.length;
  }

  private commentEol(p: number): number | null {
    return this.comment(this.eolComma(p) ?? p);
  }

  private commentNoCommaEol(p: number): number | null {
    return this.comment(p) ?? this.eol(p);
  }

  private sticky(re: RegExp, p: number): RegExpExecArray | null {
    re.lastIndex = p;
    return re.exec(this.s);
  }

  private expectChar(p: number, c: string): number {
    const q = this.skipWs(p);
    if (this.s[q] !== c) throw this.expected(`'${c}'`, q);
    return q + 1;
  }

  private keyword(p: number, word: string, caseless: boolean): number | null {
    const q = this.skipWs(p);
    // Most values and keys start with another letter: say no before making any string.
    const first = this.code(q) | (caseless ? 32 : 0);
    if (first !== word.charCodeAt(0)) return null;
    const text = this.s.slice(q, q + word.length);
    if ((caseless ? text.toLowerCase() : text) !== word) return null;
    if (q > 0 && KEYWORD_CHARS.test(this.s[q - 1]!)) return null;
    const next = this.s[q + word.length];
    if (next !== undefined && KEYWORD_CHARS.test(next)) return null;
    return q + word.length;
  }

  // ---- objects ----

  /**
   * One more level of objects or lists, opened at `at` (a brace or bracket; the root's first character): past
   * PYHOCON_NESTING_LEFT, neuro-san raises RecursionError there. Undone by `this.context.nesting--`.
   */
  private enterLevel(at: number): void {
    if (++this.context.nesting > PYHOCON_NESTING_LEFT) {
      const what = `objects and lists nested more than ${PYHOCON_NESTING_LEFT} levels deep go past Python's recursion limit in pyhocon`;
      throw new PyhoconError('RecursionError', 'maximum recursion depth exceeded', this.span(at, at + 1), new PyhoconError('RecursionError', what));
    }
  }

  /** Entries up to (not including) the closing brace or the end; root objects keep a history of each key. */
  private insideDict(p: number, root: boolean, open: number): [ConfigTree, number] {
    this.enterLevel(open);
    try {
      return this.dictEntries(p, root);
    } finally {
      this.context.nesting--;
    }
  }

  private dictEntries(p: number, root: boolean): [ConfigTree, number] {
    const groups: Array<AssignGroup | IncludeToken> = [];
    for (;;) {
      let q = this.commentEol(p);
      if (q === null) {
        const include = this.include(p);
        if (include !== null) {
          groups.push(include[0]);
          q = include[1];
        }
      }
      if (q === null) {
        const assign = this.assign(p);
        if (assign !== null) {
          groups.push(assign[0]);
          q = assign[1];
        }
      }
      q ??= this.eolComma(p);
      if (q === null) break;
      p = q;
    }
    return [this.buildTree(groups, root, p), p];
  }

  private assign(p: number): [AssignGroup, number] | null {
    const start = this.skipWs(p);
    const keyMatch = this.code(start) === 34 ? (this.sticky(TRIPLE_KEY, start) ?? this.sticky(QUOTED_KEY, start)) : this.sticky(KEY_WORD, start);
    if (keyMatch === null) return null;
    const rawKey = keyMatch[0];
    let q = start + rawKey.length;
    this.countKey(start, q);
    const keySpan = this.context.recordSpans ? this.span(start, start + rawKey.trimEnd().length) : undefined;
    for (;;) {
      const r = this.commentNoCommaEol(q);
      if (r === null) break;
      q = r;
    }
    const at = this.skipWs(q);
    if (this.s[at] === '{') {
      const [tree, end] = this.insideDict(at + 1, false, at);
      const close = this.expectChar(end, '}');
      return [{ key: rawKey, keyStart: start, keyEnd: start + rawKey.trimEnd().length, op: undefined, value: tree, keySpan, valueSpan: this.spanIf(at, close) }, close];
    }
    let op: string;
    if (this.s[at] === '=' || this.s[at] === ':') op = this.s[at]!;
    else if (this.s.startsWith('+=', at)) op = '+=';
    else throw this.expected(`'{' | '=' | ':' | '+=' after the key ${rawKey.trim()}`, at);
    q = at + op.length;
    for (;;) {
      const r = this.commentNoCommaEol(q);
      if (r === null) break;
      q = r;
    }
    const [value, valueStart, valueEnd, end] = this.concatenation(q);
    return [{ key: rawKey, keyStart: start, keyEnd: start + rawKey.trimEnd().length, op, value, keySpan, valueSpan: this.spanIf(valueStart, valueEnd) }, end];
  }

  /** Counts the key at `start` against MAX_KEYS (Toolbox Editor's limit, as in the specification's reading). */
  private countKey(start: number, end: number): void {
    if (++this.keys > MAX_KEYS) throw new PyhoconError(KEY_LIMIT_FAILURE, tooManyKeysMessage(), this.span(start, end));
  }

  /**
   * pyhocon puts a key one segment per recursive call of `_put`, below the levels open around it: a path too long
   * for what Python's recursion limit leaves fails there, at `at` (the key), as neuro-san would.
   */
  private checkPathDepth(key: string, at: SourceSpan): void {
    const segments = parseKey(key).length;
    if (this.context.nesting - 1 + segments < PYTHON_DEPTH_LEFT) return;
    const levels = this.context.nesting - 1;
    const what = `a key path of ${segments} segments${levels > 0 ? `, ${levels} level${levels === 1 ? '' : 's'} deep,` : ''} is deeper than the ${PYTHON_DEPTH_LEFT - 1} levels Python's recursion limit leaves pyhocon`;
    throw new PyhoconError('RecursionError', 'maximum recursion depth exceeded', at, new PyhoconError('RecursionError', what));
  }

  /** pyhocon's ConfigTreeParser: puts each entry (or included item) into a new tree by its rules. */
  private buildTree(groups: Array<AssignGroup | IncludeToken>, root: boolean, loc: number): ConfigTree {
    const tree = new ConfigTree(root);
    for (const element of groups) {
      if (element instanceof IncludeToken) {
        for (const item of element.items) {
          if (!Array.isArray(item)) throw this.fail('TypeError', loc, `'${typeof item}' object is not subscriptable`);
          const [key, value, span] = item as [string, PyHocon, FieldSpan | undefined];
          this.putEntry(tree, key, undefined, value, span, loc);
        }
      } else {
        const span = element.keySpan !== undefined ? { key: element.keySpan, value: element.valueSpan } : undefined;
        this.putEntry(tree, element.key, element.op, element.value, span, loc, element.keyStart, element.keyEnd);
      }
    }
    return tree;
  }

  private putEntry(
    tree: ConfigTree,
    rawKey: string,
    operator: string | undefined,
    value: PyHocon | ConfigValues,
    span: { key?: SourceSpan; value?: SourceSpan } | undefined,
    loc: number,
    /** Where the key is in this file's text (-1 for an included item). */
    keyStart = -1,
    keyEnd = -1,
  ): void {
    if (typeof rawKey !== 'string') throw this.fail('AttributeError', loc, `'${typeof rawKey}' object has no attribute 'strip'`);
    let key = rawKey.trim();
    const op = operator ?? '=';
    // A key shorter than the levels left cannot hold that many segments (almost every key).
    if (key.length >= PYTHON_DEPTH_LEFT - this.context.nesting) this.checkPathDepth(key, keyStart >= 0 ? this.span(keyStart, keyEnd) : (span?.key ?? this.span(loc, loc + 1)));
    if (Array.isArray(value) && op === '+=') {
      this.context.substitutions++;
      // pyhocon passes False where the text belongs (see lineCol).
      const values = new ConfigValues([new ConfigSubstitution(key, true, '', loc, false, span?.key), value], false, loc, span?.value);
      tree.put(key, values, false, span);
      return;
    }
    if (typeof value === 'string' && op === '+=') {
      this.context.substitutions++;
      const values = new ConfigValues([new ConfigSubstitution(key, true, '', loc, true, span?.key), ' ' + value], true, loc, span?.value);
      tree.put(key, values, false, span);
      return;
    }
    if (Array.isArray(value)) {
      tree.put(key, value, false, span);
      return;
    }
    const existing = tree.get(key, null);
    const path = parseKeyOrFail(key, span);
    key = path[0]!;
    if (path.length > 1) {
      const nested = new ConfigTree(false);
      nested.put(path.slice(1).map((k) => `"${k}"`).join('.'), value, false, span);
      value = nested;
    }
    if (value instanceof ConfigTree && !Array.isArray(existing)) {
      tree.put(key, value, true, span);
    } else if (value instanceof ConfigValues) {
      value.parent = tree;
      value.key = key;
      tree.put(key, value, Array.isArray(existing) || existing instanceof ConfigTree, span);
    } else {
      tree.put(key, value, false, span);
    }
  }

  // ---- values ----

  /** pyhocon's ConcatenatedValueParser: values written one after another, joined (or kept for substitution). */
  private concatenation(p: number): [PyHocon | ConfigValues, number, number, number] {
    const tokens: Token[] = [];
    const start = this.skipWs(p);
    let end = start;
    for (;;) {
      const q = this.commentEol(p);
      if (q !== null) {
        p = q;
        continue;
      }
      const item = this.valuePart(p);
      if (item === null) break;
      if (item[0] !== undefined) {
        tokens.push(item[0]);
        end = item[2];
      }
      p = item[1];
    }
    if (tokens.length <= 1 && !(tokens[0] instanceof ConfigSubstitution)) {
      // One value alone (almost every value): what ConfigValues would make of it, without making one.
      const only = tokens[0];
      const value = only === undefined ? '' : only instanceof QuotedToken ? only.value : only instanceof UnquotedToken ? only.value.replace(/[ \t]+$/, '') : only;
      return [value as PyHocon, start, end, p];
    }
    this.context.substitutions += tokens.some((t) => t instanceof ConfigSubstitution) ? 1 : 0;
    const values = new ConfigValues(tokens, this.s, start, this.spanIf(start, end));
    const value = values.transform();
    return [value, start, end, p];
  }

  /** One part of a concatenation: [token (undefined when suppressed), position after, end of the token's text]. */
  private valuePart(p: number): [Token | undefined, number, number] | null {
    const include = this.include(p);
    if (include !== null) return [include[0], include[1], include[1]];
    const at = this.skipWs(p);
    const c = this.s[at];
    if (c === '$') {
      const m = this.sticky(SUBSTITUTION, at);
      if (m !== null) {
        const parts = SUBSTITUTION_PARTS.exec(m[0])!;
        const tokenEnd = at + m[0].length - parts[3]!.length;
        const substitution = new ConfigSubstitution(parts[2]!, parts[1] === '?', parts[3]!, at, this.s, this.spanIf(at, tokenEnd));
        return [substitution, at + m[0].length, tokenEnd];
      }
    }
    if (c === '{') {
      const [tree, end] = this.insideDict(at + 1, false, at);
      const close = this.expectChar(end, '}');
      return [tree, close, close];
    }
    if (c === '[') {
      const [list, end] = this.list(at);
      return [list, end, end];
    }
    const value = this.simpleValue(at);
    if (value !== null) return value;
    if (c === '\\') {
      const end = this.eol(at + 1);
      if (end === null) throw this.expected('W:(\\r\\n) (the end of the line, after a backslash)', this.skipWs(at + 1), false);
      return [undefined, end, end];
    }
    return null;
  }

  private simpleValue(at: number): [Token, number, number] | null {
    const s = this.s;
    const c = this.code(at);
    const digit = c >= 48 && c <= 57;
    const period = digit ? this.period(at) : null;
    if (period !== null) return period;
    const number = digit || c === 43 || c === 45 || c === 46 ? this.sticky(NUMBER, at) : null;
    if (number !== null) {
      const text = number[0];
      const end = at + text.length;
      const value: PyHocon = /^[+-]?\d+$/.test(text) ? BigInt(text) : Number(text);
      return [value, end, end];
    }
    // `true`, `false`, `null` in any case: only a value starting with one of their letters is looked at.
    const letter = c | 32;
    if (letter === 116 || letter === 102 || letter === 110) {
      for (const [word, value] of KEYWORD_VALUES) {
        const end = this.keyword(at, word, true);
        if (end !== null) return [value === null ? new NoneValue() : value, end, end];
      }
    }
    if (c !== 34) {
      const unquoted = this.sticky(UNQUOTED, at);
      if (unquoted === null) return null;
      const end = at + unquoted[0].length;
      return [new UnquotedToken(normString(unquoted[0])), end, at + unquoted[0].trimEnd().length];
    }
    const multi = this.sticky(MULTILINE, at);
    if (multi !== null) {
      const end = at + multi[0].length;
      return [multi[0].slice(3, -3), end, end];
    }
    const quoted = this.sticky(QUOTED, at);
    if (quoted !== null) {
      const end = at + quoted[0].length;
      return [new QuotedToken(normString(quoted[1]!), quoted[2]!), end, end - quoted[2]!.length];
    }
    const unquoted = this.sticky(UNQUOTED, at);
    if (unquoted !== null) {
      const end = at + unquoted[0].length;
      return [new UnquotedToken(normString(unquoted[0])), end, at + unquoted[0].trimEnd().length];
    }
    void s;
    return null;
  }

  /** `10 seconds`, `3 d`: digits, spaces, the longest unit name, then no letter or digit. */
  private period(at: number): [Token, number, number] | null {
    const s = this.s;
    let q = at;
    while (q < s.length && s.charCodeAt(q) >= 48 && s.charCodeAt(q) <= 57) q++;
    if (q === at) return null;
    const digits = s.slice(at, q);
    while (s[q] === ' ') q++;
    // Every unit's name starts with a lower-case letter (most numbers are followed by a delimiter).
    const first = s.charCodeAt(q);
    if (!(first >= 97 && first <= 122)) return null;
    let best: [string, string] | undefined;
    for (const [unit, names] of PERIOD_UNITS) {
      for (const name of names) if (s.startsWith(name, q) && (best === undefined || name.length > best[1].length)) best = [unit, name];
    }
    if (best === undefined) return null;
    const end = q + best[1].length;
    if (end < s.length && /[A-Za-z0-9]/.test(s[end]!)) return null;
    let amount = BigInt(digits);
    let unit = best[0];
    if (unit === 'nanoseconds') {
      unit = 'microseconds';
      amount = amount / 1000n;
    }
    return [new PeriodValue(unit === 'milliseconds' ? 'timedelta' : 'relativedelta', unit, amount), end, end];
  }

  private list(at: number): [PyHocon[], number] {
    this.enterLevel(at);
    try {
      return this.listElements(at);
    } finally {
      this.context.nesting--;
    }
  }

  private listElements(at: number): [PyHocon[], number] {
    let p = at + 1;
    const entries: Array<[PyHocon | ConfigValues, SourceSpan | undefined]> = [];
    for (;;) {
      const [value, start, valueEnd, end] = this.concatenation(p);
      entries.push([value, this.spanIf(start, valueEnd)]);
      p = end;
      const q = this.eolComma(p);
      if (q === null) break;
      p = q;
    }
    const close = this.expectChar(p, ']');
    const list: PyHocon[] = [];
    const spans: Array<SourceSpan | undefined> = [];
    for (const [value, span] of entries) {
      if (value === '') continue;
      if (value instanceof IncludeToken) {
        for (const item of value.items) {
          list.push(item as PyHocon);
          spans.push(span);
        }
        continue;
      }
      if (value instanceof ConfigValues) {
        value.parent = list;
        value.key = list.length;
      }
      list.push(value);
      spans.push(span);
    }
    listSpans.set(list, spans);
    return [list, close];
  }

  // ---- includes ----

  private include(p: number): [IncludeToken, number] | null {
    const start = this.skipWs(p);
    // Asked before every entry and every value: most start with another letter than `include`'s (in any case).
    if ((this.code(start) | 32) !== 105) return null;
    let q = this.keyword(start, 'include', true);
    if (q === null) return null;
    let required = false;
    let content = this.includeContent(q);
    if (content === null) {
      const r = this.keyword(q, 'required', false);
      if (r === null) return null;
      required = true;
      q = this.expectChar(r, '(');
      content = this.includeContent(q);
      if (content === null) throw this.expected('a quoted file name', this.skipWs(q));
      content[2] = this.expectChar(content[2], ')');
    }
    const [kind, name, end] = content;
    return [this.loadInclude(kind, name, required, this.span(start, end)), end];
  }

  private includeContent(p: number): [string, string, number] | null {
    const at = this.skipWs(p);
    const quoted = this.sticky(QUOTED, at);
    if (quoted !== null) return ['', normString(quoted[1]!), at + quoted[0].length];
    for (const kind of ['url', 'file', 'package']) {
      const q = this.keyword(at, kind, false);
      if (q === null) continue;
      const open = this.expectChar(q, '(');
      const at2 = this.skipWs(open);
      const name = this.sticky(QUOTED, at2);
      if (name === null) throw this.expected('a quoted string', at2);
      const close = this.expectChar(at2 + name[0].length, ')');
      return [kind, normString(name[1]!), close];
    }
    return null;
  }

  private loadInclude(kind: string, name: string, required: boolean, from: SourceSpan): IncludeToken {
    const isUrl = kind === 'url' || (kind === '' && /^(https?|file):\/\//.test(name));
    if (isUrl) return this.loadUrl(name, required, from);
    if (kind === 'package') throw new PyhoconError('ImportError', `include package("${name}") needs Python's packages: Toolbox Editor cannot look it up`, from);
    const relative = this.basedir === undefined ? name : joinPath(this.basedir, name);
    const path = isAbsolutePath(relative) ? normalizePath(relative) : joinPath(this.context.cwd, relative);
    const glob = /[*?]/.test(path);
    if (glob) this.context.notKept = true;
    const paths = glob ? (this.context.host?.glob?.(path) ?? []) : [path];
    let result: ConfigTree | PyHocon[] | undefined;
    const budget = (this.context.includeBudget ??= new IncludeBudget());
    for (const one of paths) {
      const over = budget.spendInclude();
      if (over !== undefined) throw new PyhoconError(INCLUDE_LIMIT_FAILURE, `${over}; the reading stopped at this include`, from);
      const text = this.context.host?.readFile(one);
      this.context.includes.push({ from, target: name, path: one, found: typeof text === 'string', dependsOnCwd: this.basedir === undefined && !isAbsolutePath(name) });
      if (typeof text === 'object') throw new PyhoconError('UnicodeDecodeError', text.problem, from);
      if (text === undefined) {
        if (required) throw new PyhoconError('FileNotFoundError', `[Errno 2] No such file or directory: '${relative}'`, from);
        continue;
      }
      this.context.deepest = Math.max(this.context.deepest ?? -1, this.context.depth);
      if (this.context.depth > 50) throw new PyhoconError('RecursionError', 'maximum recursion depth exceeded', from);
      budget.spendBytes(text.length);
      this.context.texts.set(one, text);
      this.context.depth++;
      let value: ConfigTree | PyHocon[];
      try {
        value = this.parseIncluded(one, text);
      } finally {
        this.context.depth--;
      }
      result = mergeIncluded(result, value, from);
    }
    if (paths.length === 0 && required && !/[*?]/.test(path)) {
      throw new PyhoconError('FileNotFoundError', `[Errno 2] No such file or directory: '${relative}'`, from);
    }
    if (result === undefined) return new IncludeToken([]);
    if (Array.isArray(result)) return new IncludeToken(result);
    // `obj.items()`: each value read through get() (a null becomes None, a list a copy).
    const items: Array<[string, PyHocon, FieldSpan | undefined]> = [];
    for (const key of result.map.keys()) items.push([key, result.get(key), result.spans.get(key)]);
    return new IncludeToken(items);
  }

  /**
   * An included file's tree: parsed, or a copy of the tree the same text gave an earlier reading through the same host
   * (keptIncludes.ts), with what parsing it did besides done again.
   */
  private parseIncluded(file: string, text: string): ConfigTree | PyHocon[] {
    const context = this.context;
    const kept = context.host?.parsedIncludes;
    // The tree depends on the text, where its own includes are looked up (cwd), whether positions are kept, and how
    // deep in objects and lists it is included (past PYHOCON_NESTING_LEFT or PYTHON_DEPTH_LEFT it fails).
    const key = `${context.recordSpans ? 'spans' : 'values'}\u0000${context.nesting}\u0000${context.cwd}\u0000${file}`;
    const before = kept?.get<KeptInclude>('pyhocon', key, text);
    const budget = context.includeBudget!;
    if (before !== undefined && context.depth + before.depth <= 51 && readsTheSame(before, context.host!) && budget.spendAgain(before.spentIncludes, before.spentBytes)) {
      context.includes.push(...before.includes);
      // Parsing sets the text of each file an include found, in order.
      for (const [path, content] of before.reads) if (content !== undefined) context.texts.set(path, content);
      context.substitutions += before.substitutions;
      if (before.depth >= 0) context.deepest = Math.max(context.deepest ?? -1, context.depth - 1 + before.depth);
      return copyParsed(before.tree)!;
    }
    const outer = { deepest: context.deepest, notKept: context.notKept, includes: context.includes.length, substitutions: context.substitutions, spent: budget.spent() };
    context.deepest = -1;
    context.notKept = false;
    const tree = new PyhoconParser(new ExpandedText(text), file, dirnameOf(file), context).parseConfig();
    const depth = context.deepest < 0 ? -1 : context.deepest - (context.depth - 1);
    const notKept = context.notKept;
    context.deepest = Math.max(outer.deepest ?? -1, context.deepest);
    context.notKept = outer.notKept === true || notKept;
    const pristine = kept !== undefined && !notKept ? copyParsed(tree) : undefined;
    if (kept !== undefined && pristine !== undefined) {
      const includes = context.includes.slice(outer.includes);
      const spent = budget.spent();
      kept.set<KeptInclude>('pyhocon', key, text, {
        tree: pristine,
        includes,
        reads: includes.map((i) => [i.path, i.found ? context.texts.get(i.path) : undefined]),
        substitutions: context.substitutions - outer.substitutions,
        spentIncludes: spent.includes - outer.spent.includes,
        spentBytes: spent.bytes - outer.spent.bytes,
        depth,
      });
    }
    return tree;
  }

  /**
   * `include "https://..."`, `include url("...")`, `include "file:///..."`: pyhocon reads it with urlopen, skipping
   * one it cannot reach (URLError) unless required, and parses it with the URL's folder as `basedir`. A `file:` URL
   * is read from disk; an `http(s)` one only as the host gives it (fetched beforehand, when the user allowed it).
   */
  private loadUrl(url: string, required: boolean, from: SourceSpan): IncludeToken {
    this.context.notKept = true;
    const local = /^file:/i.test(url) ? fileUrlPath(url) : undefined;
    const budget = (this.context.includeBudget ??= new IncludeBudget());
    const over = budget.spendInclude();
    if (over !== undefined) throw new PyhoconError(INCLUDE_LIMIT_FAILURE, `${over}; the reading stopped at this include`, from);
    const text = /^file:/i.test(url) ? (local === undefined ? undefined : this.context.host?.readFile(local)) : this.context.host?.readUrl?.(url);
    const name = local ?? url;
    this.context.includes.push({ from, target: url, path: name, found: typeof text === 'string', dependsOnCwd: false, ...(local === undefined ? { url: true } : {}) });
    if (typeof text === 'object') throw new PyhoconError('UnicodeDecodeError', text.problem, from);
    if (text === undefined) {
      if (required) {
        const why = local !== undefined ? `[Errno 2] No such file or directory: '${name}'` : /^file:/i.test(url) ? 'file:// scheme is supported only on localhost' : `Toolbox Editor did not fetch ${url}`;
        throw new PyhoconError('URLError', `<urlopen error ${why}>`, from);
      }
      return new IncludeToken([]);
    }
    if (this.context.depth > 50) throw new PyhoconError('RecursionError', 'maximum recursion depth exceeded', from);
    budget.spendBytes(text.length);
    const parser = new PyhoconParser(new ExpandedText(text), name, dirnameOf(url), this.context);
    this.context.texts.set(name, text);
    this.context.depth++;
    let value: ConfigTree | PyHocon[];
    try {
      value = parser.parseConfig();
    } finally {
      this.context.depth--;
    }
    if (Array.isArray(value)) return new IncludeToken(value);
    const items: Array<[string, PyHocon, FieldSpan | undefined]> = [];
    for (const key of value.map.keys()) items.push([key, value.get(key), value.spans.get(key)]);
    return new IncludeToken(items);
  }
}

function mergeIncluded(a: ConfigTree | PyHocon[] | undefined, b: ConfigTree | PyHocon[], from: SourceSpan): ConfigTree | PyHocon[] {
  if (a === undefined) return b;
  if (a instanceof ConfigTree && b instanceof ConfigTree) return ConfigTree.mergeConfigs(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  throw new PyhoconError('ConfigException', 'Unable to make such include (merging unexpected types)', from);
}

/** Where pyparsing says a failure is: `line:L, col:C`. */
function pyparsingPosition(text: string, at: number): string {
  const { line, col } = lineAndColumn(text, at);
  return `line:${line}, col:${col}`;
}

function parseKeyOrFail(key: string, span: { key?: SourceSpan } | undefined): readonly string[] {
  const path = parseKey(key);
  if (path.length === 0) throw new PyhoconError('IndexError', 'list index out of range', span?.key);
  return path;
}

