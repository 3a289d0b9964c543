/**
 * neuro-san's reading of a toolbox file: what its `ToolboxInfoRestorer` returns for it. neuro-san hands the text to
 * `pyhocon.ConfigFactory.parse_string(text, basedir=None)` (pyhocon 0.3.61) and round-trips the tree through
 * `json.dumps`/`json.loads`; the result is a JSON value, or a failure, which neuro-san reports as
 * `There was an error loading toolbox_info file "X".` with the parser's message as its cause.
 *
 * The rules are pyhocon's (pyhoconParser.ts, pyhoconModel.ts, pyhoconResolve.ts): where they differ from the
 * HOCON specification's is listed in README.md of this folder.
 */
import { ExpandedText, KEY_LIMIT_FAILURE, PyhoconParser, listSpans, type IncludeResolution, type PyhoconIncludeHost } from './pyhoconParser';
import { dirnameOf, joinPath } from '../hocon/index';
import { ConfigTree, ConfigValues, NoneValue, PeriodValue, PyhoconError, isPlainKey, resetCopyBudget, type PyHocon, type SourceSpan } from './pyhoconModel';
import { resolveSubstitutions, type Environment } from './pyhoconResolve';
import type { JsonValue } from '../hocon/index';
import { floatJson } from '../pyvalue/floatRepr';
import { SourceText } from '../hocon/index';
import type { ResolvedDocument } from '../hocon/index';
import type { NeuroSanEntryCache } from './entryCache';

export type { IncludeResolution, PyhoconIncludeHost, SourceSpan, Environment };

export interface NeuroSanReadOptions {
  /** The file's path (absolute for includes to be found); its name decides whether neuro-san accepts it. */
  file: string;
  /**
   * The working directory neuro-san runs in: a top-level `include "x"` is looked up there (pyhocon gets no base
   * directory). Default: `defaultWorkingDirectory(file, host)`.
   */
  cwd?: string;
  /** Included files. Without it every include is a missing file. */
  host?: PyhoconIncludeHost & { isDirectory?(path: string): boolean };
  /** Environment variables, read for `${X}` not defined in the file. */
  env?: Environment;
  /**
   * Refuse a file whose name does not end in `.hocon` or `.json`, as neuro-san does. Default true; false reads it
   * as neuro-san would read the same text under such a name.
   */
  checkFileName?: boolean;
  /**
   * For a file being typed in: the specification's reading of the same text (already made for the keystroke) and a
   * cache kept per file between keystrokes. With both, only the top-level entries whose text changed are read again,
   * where that gives what reading the whole file gives (see entryCache.ts); the answer is the same either way.
   */
  spec?: ResolvedDocument;
  entryCache?: NeuroSanEntryCache;
  /** How neuro-san names the file in its failure (`toolbox_info`, `agent network`, `manifest`...); default `toolbox_info`. */
  purpose?: string;
  /**
   * The caller wants the origins (the values with their positions): read once keeping them, rather than a first
   * reading without and a second with them (a keystroke needs only the verdict first).
   */
  positions?: boolean;
  /**
   * The caller may want the origins (it compares the value with the specification's first, and needs the positions
   * only where the two differ): the reading keeps its positions, and the origins are made from it when first asked
   * for, rather than by reading the file again.
   */
  keepPositions?: boolean;
}

/** Where a value of the reading came from, by JSON pointer (`/tools/web_search/description`; `` is the root). */
export interface ReadingOrigin {
  /** The key's text for an object member (the last definition's). */
  key?: SourceSpan;
  /** The value's text: the expression that produced it (a substitution's value points at the `${...}` expression). */
  value?: SourceSpan;
}

export interface NeuroSanFailure {
  /**
   * The Python exception class of the innermost cause (ParseException, ConfigMissingException, TypeError...), or
   * `IncludeLimit` where the includes went past INCLUDE_LIMITS (Toolbox Editor's limit: pyhocon has none).
   */
  type: string;
  /** neuro-san's own words. */
  message: string;
  /** The parser's (or Python's) first line: the innermost exception's, as neuro-san reports it. */
  cause: string;
  /** Clearer words for people when the innermost exception is obscure (the exception raised around it). */
  hint?: string;
  /** Where, when it can be pointed at: original offsets into `span.file`, and its 1-based line and column. */
  span?: SourceSpan;
  line?: number;
  column?: number;
}

export type NeuroSanReading = (
  | {
      ok: true;
      /** The value after the JSON round trip (integers beyond 2^53 rounded here; `jsonText` has them exactly). */
      value: JsonValue;
      /** The same value with Python's types kept (exact integers, int vs float). */
      exact: ExactJson;
      /** `json.dumps` of it, laid out as JSON.stringify(value, null, indent) would, numbers as Python writes them. */
      jsonText(indent?: number): string;
      /** Origins by JSON pointer. */
      origins: Map<string, ReadingOrigin>;
    }
  | { ok: false; failure: NeuroSanFailure }
) & {
  /** Every include met, with the file it resolved to. */
  includes: IncludeResolution[];
  /** Whether the answer depends on the working directory (a top-level relative include). */
  dependsOnCwd: boolean;
  /** The working directory used. */
  cwd: string;
  /** Every file read (the file itself first), by the name spans carry: for line/column of a span. */
  sources: Map<string, SourceText>;
};

/**
 * The folder neuro-san is taken to run in: the nearest folder upward from the file that holds `registries/` (a
 * neuro-san project's root), else `fallback`, else the file's own folder.
 */
export function defaultWorkingDirectory(file: string, isDirectory: ((path: string) => boolean) | undefined, fallback?: string): string {
  const start = dirnameOf(file);
  if (isDirectory !== undefined) {
    for (let dir = start; ; ) {
      if (isDirectory(joinPath(dir, 'registries'))) return dir;
      const parent = dirnameOf(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return fallback ?? start;
}

/** neuro-san's reading of `text` (the content of `options.file`). */
export function readAsNeuroSan(text: string, options: NeuroSanReadOptions): NeuroSanReading {
  const file = options.file;
  const cwd = options.cwd ?? defaultWorkingDirectory(file, options.host?.isDirectory?.bind(options.host));
  const includes: IncludeResolution[] = [];
  const texts = new Map<string, string>([[file, text]]);
  const common = () => ({
    includes,
    dependsOnCwd: includes.some((i) => i.dependsOnCwd),
    cwd,
    sources: new Map([...texts].map(([name, content]) => [name, new SourceText(name, content)])),
  });
  const fail = (type: string, cause: string, span?: SourceSpan, hint?: string, wrapped = true): NeuroSanReading => {
    const result = common();
    const source = span !== undefined ? result.sources.get(span.file) : undefined;
    const at = source?.positionAt(span!.start);
    const where = at !== undefined ? { span: span!, line: at.line, column: at.column } : {};
    // The restorer wraps pyparsing's and pyhocon's own exceptions in its words; others reach the caller as they are.
    const message = wrapped ? `There was an error loading ${options.purpose ?? 'toolbox_info'} file "${file}".` : cause;
    const failure = { type, message, cause, ...where, ...(hint !== undefined ? { hint } : {}) };
    return { ok: false, failure, ...result };
  };
  if (options.checkFileName !== false && !/\.(hocon|json)$/.test(file)) {
    return {
      ok: false,
      failure: { type: 'ValueError', message: `File reference ${file} must be a .json or .hocon file`, cause: `File reference ${file} must be a .json or .hocon file` },
      ...common(),
    };
  }
  // The first reading keeps no positions (a keystroke needs only the verdict); positions are read again on demand,
  // by the same rules, so the second reading is the same tree with its origins.
  const run = (recordSpans: boolean): { config: ConfigTree | PyHocon[] } | { error: unknown; phase: string } => {
    let phase: 'parse' | 'resolve' | 'json' = 'parse';
    resetCopyBudget(text.length);
    try {
      const context = { host: options.host, cwd, includes: [] as IncludeResolution[], texts, depth: 0, nesting: 0, substitutions: 0, recordSpans };
      const config = new PyhoconParser(new ExpandedText(text), file, undefined, context).parseConfig();
      if (includes.length === 0) includes.push(...context.includes);
      phase = 'resolve';
      // Without a substitution there is nothing to resolve: pyhocon's resolver would leave the tree as it is.
      if (context.substitutions > 0) resolveSubstitutions(config, options.env ?? {});
      phase = 'json';
      // Whether json.dumps succeeds is part of the answer; the JSON itself is made when first asked for.
      checkSerializable(config, undefined);
      return { config };
    } catch (error) {
      return { error, phase };
    }
  };
  // While a file is typed in: the entries read before are reused where that gives the same (see entryCache.ts).
  const byEntries =
    options.entryCache !== undefined && options.spec !== undefined
      ? options.entryCache.readByEntries(text, file, options.spec, { cwd, check: (config) => checkSerializable(config, undefined) })
      : undefined;
  const withPositions = options.positions === true && byEntries === undefined;
  const keptPositions = options.keepPositions === true && byEntries === undefined;
  const first = byEntries !== undefined ? { config: byEntries } : run(withPositions || keptPositions);
  if ('error' in first) {
    let { error, phase } = first;
    // Read again for the position (the first reading keeps none); not after a limit was reached, which has none.
    if (!withPositions && !keptPositions && error instanceof PyhoconError && error.span === undefined && error.type !== 'MemoryError' && error.type !== 'RecursionError' && error.type !== KEY_LIMIT_FAILURE) {
      const again = run(true);
      if ('error' in again && again.error instanceof PyhoconError && again.error.type === error.type) ({ error, phase } = again);
    }
    if (error instanceof PyhoconError) {
      // ConfigMissingException is a KeyError: Python's str() of it is quoted.
      const cause = error.type === 'ConfigMissingException' ? `'${error.message}'` : error.message;
      // pyparsing turns an IndexError raised while parsing into a ParseException, which the restorer wraps.
      const wrapped = error.type === 'ParseException' || /^Config\w*Exception$/.test(error.type) || (phase === 'parse' && error.type === 'IndexError');
      return fail(error.type, cause, error.span, error.context?.message, wrapped);
    }
    if (error instanceof RangeError) return fail('RecursionError', 'maximum recursion depth exceeded', undefined, undefined, false);
    throw error;
  }
  // The value is made from the first reading; origins need positions, which the first reading kept or a second keeps.
  let exact: ExactJson | undefined;
  let json: JsonValue | undefined;
  const exactOf = () => (exact ??= toExact(first.config, '', undefined));
  let origins: Map<string, ReadingOrigin> | undefined;
  if (withPositions) {
    // One conversion makes the value and the origins (the reading kept its positions).
    origins = new Map();
    exact = toExact(first.config, '', origins);
  }
  const originsOf = () => {
    if (origins === undefined) {
      const again = keptPositions ? first : run(true);
      origins = new Map();
      if ('config' in again) toExact(again.config, '', origins);
    }
    return origins;
  };
  const reading: NeuroSanReading = {
    ok: true,
    get value() {
      return (json ??= jsonOf(exactOf()));
    },
    get exact() {
      return exactOf();
    },
    get origins() {
      return originsOf();
    },
    jsonText: (indent = 0) => writeJson(exactOf(), indent, 0),
    ...common(),
  };
  if (byEntries === undefined) parsedTrees.set(reading, { tree: first.config, positions: withPositions || keptPositions });
  return reading;
}

/** The tree each reading parsed (not one assembled from kept entries), and whether it kept its positions. */
const parsedTrees = new WeakMap<NeuroSanReading, { tree: ConfigTree | PyHocon[]; positions: boolean }>();

/**
 * The tree pyhocon parsed for a reading that succeeded, after resolution: what its JSON is made from (`itemOf` reads a
 * dict's items as json.dumps does). treeValues.ts makes values from it without making the JSON first.
 */
export function parsedTreeOf(reading: NeuroSanReading): { tree: ConfigTree | PyHocon[]; positions: boolean } | undefined {
  return parsedTrees.get(reading);
}

/** The value of `tree[key]`, as `items()` gives it to json.dumps: read through `get`, which parses the key again. */
export function itemOf(tree: ConfigTree, key: string): PyHocon | ConfigValues {
  if (!isPlainKey(key)) return tree.get(key);
  const item = tree.map.get(key)!;
  if (item instanceof NoneValue) return null;
  if (Array.isArray(item) && item.some((x) => x instanceof NoneValue)) return item.map((x) => (x instanceof NoneValue ? null : x));
  return item;
}

/** Throws what json.dumps raises on the tree, allocating nothing otherwise. */
function checkSerializable(value: PyHocon | ConfigValues, span: SourceSpan | undefined): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const spans = listSpans.get(value);
    for (let i = 0; i < value.length; i++) checkSerializable(value[i]!, spans?.[i] ?? span);
    return;
  }
  if (value instanceof ConfigTree) {
    for (const key of value.map.keys()) checkSerializable(itemOf(value, key), value.spans.get(key)?.value ?? span);
    return;
  }
  throw new PyhoconError('TypeError', `Object of type ${unserializableType(value)} is not JSON serializable`, span);
}

function unserializableType(value: object): string {
  return value instanceof PeriodValue ? value.pythonType : value instanceof NoneValue ? 'NoneValue' : value instanceof ConfigValues ? 'ConfigValues' : 'ConfigInclude';
}

/** The value as Python holds it after the round trip: int → bigint, float → number, dict → Map (its key order). */
export type ExactJson = null | boolean | bigint | number | string | ExactJson[] | Map<string, ExactJson>;

/**
 * The tree after `json.dumps`/`json.loads`, Python's types kept; with `origins`, where each value came from by JSON
 * pointer (the pointers are made only then: most readings never ask for them).
 */
function toExact(value: PyHocon | ConfigValues, pointer: string, origins: Map<string, ReadingOrigin> | undefined): ExactJson {
  if (value === null || typeof value === 'boolean' || typeof value === 'string' || typeof value === 'bigint' || typeof value === 'number') return value;
  if (Array.isArray(value)) {
    const exact: ExactJson[] = [];
    const spans = origins !== undefined ? listSpans.get(value) : undefined;
    for (let i = 0; i < value.length; i++) {
      const at = origins !== undefined ? `${pointer}/${i}` : '';
      const span = spans?.[i];
      if (span !== undefined) origins!.set(at, { value: span });
      exact.push(toExact(value[i]!, at, origins));
    }
    return exact;
  }
  if (value instanceof ConfigTree) {
    const exact = new Map<string, ExactJson>();
    for (const key of [...value.map.keys()]) {
      const item = itemOf(value, key);
      const at = origins !== undefined ? `${pointer}/${pointerPart(key)}` : '';
      if (origins !== undefined) {
        const span = value.spans.get(key);
        if (span !== undefined) origins.set(at, span);
      }
      // json.loads keeps the last of duplicate keys, at the first one's place: a Map does the same.
      exact.set(key, toExact(item, at, origins));
    }
    return exact;
  }
  throw new PyhoconError('TypeError', `Object of type ${unserializableType(value)} is not JSON serializable`, origins?.get(pointer)?.value);
}

/** The value as JavaScript's JSON.parse would give it: integers as numbers, a dict as an object in its key order. */
function jsonOf(exact: ExactJson): JsonValue {
  if (exact === null || typeof exact !== 'object') return typeof exact === 'bigint' ? Number(exact) : exact;
  if (Array.isArray(exact)) return exact.map(jsonOf);
  const json: { [key: string]: JsonValue } = {};
  for (const [key, item] of exact) {
    if (key === '__proto__') Object.defineProperty(json, key, { value: jsonOf(item), enumerable: true, writable: true, configurable: true });
    else json[key] = jsonOf(item);
  }
  return json;
}

/** A key as a JSON pointer's part (`~` and `/` escaped): most keys hold neither, and are their own part. */
export function pointerPart(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

export function writeJson(value: ExactJson, indent: number, depth: number): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return floatJson(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = indent > 0 ? '\n' + ' '.repeat(indent * (depth + 1)) : '';
  const close = indent > 0 ? '\n' + ' '.repeat(indent * depth) : '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${inner}${value.map((v) => writeJson(v, indent, depth + 1)).join(`,${inner}`)}${close}]`;
  }
  if (value.size === 0) return '{}';
  const colon = indent > 0 ? ': ' : ':';
  return `{${inner}${[...value].map(([k, v]) => JSON.stringify(k) + colon + writeJson(v, indent, depth + 1)).join(`,${inner}`)}${close}}`;
}
