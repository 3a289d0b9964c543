/**
 * Python's `json.dumps` over the value model, byte for byte, plus Jinja2's `htmlsafe_json_dumps` (what `tojson` does).
 *
 * Python defaults kept: ensure_ascii (every UTF-16 unit outside 0x20–0x7E as `\uxxxx`, lowercase — astral characters
 * come out as their surrogate pair, exactly like Python), allow_nan (`NaN`, `Infinity`), separators `", "` / `": "`
 * (`","` / `": "` once `indent` is given), keys converted as Python converts them, `sort_keys` by code point.
 */
import { compareCodePoints } from './codepoints';
import { floatJson, floatRepr } from './float-repr';
import { Markup, typeName, type PyValue } from './types';

export interface JsonDumpsOptions {
  /** `sort_keys`: Jinja2's default policy sorts. */
  sortKeys: boolean;
  /** Also escape `<` `>` `&` `'` as `\u003c` `\u003e` `\u0026` `\u0027` (Jinja2's `tojson`). */
  htmlSafe: boolean;
  /** `indent`: a number of spaces or the indent string itself; undefined/null for one line. */
  indent?: number | string | null;
}

/** What Python raises from json.dumps (TypeError / ValueError), with its message. */
export class JsonDumpsError extends Error {}

const PLAIN_ASCII = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;
const PLAIN_HTMLSAFE = /^[\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;
const NEEDS_ESCAPE = /[^\x20\x21\x23-\x5b\x5d-\x7e]/g;
const NEEDS_ESCAPE_HTMLSAFE = /[^\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x5b\x5d-\x7e]/g;

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

function escapeUnit(ch: string): string {
  return SHORT_ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A str as a JSON string literal, ensure_ascii style. */
export function jsonString(s: string, htmlSafe: boolean): string {
  if (htmlSafe) {
    return PLAIN_HTMLSAFE.test(s) ? `"${s}"` : `"${s.replace(NEEDS_ESCAPE_HTMLSAFE, escapeUnit)}"`;
  }
  return PLAIN_ASCII.test(s) ? `"${s}"` : `"${s.replace(NEEDS_ESCAPE, escapeUnit)}"`;
}

/** A dict key as json.dumps converts it before writing. */
function keyText(key: PyValue): string {
  if (typeof key === 'string') return key;
  if (key instanceof Markup) return key.text;
  if (typeof key === 'bigint') return key.toString();
  if (typeof key === 'number') return Number.isFinite(key) ? floatRepr(key) : floatJson(key);
  if (key === true) return 'true';
  if (key === false) return 'false';
  if (key === null) return 'null';
  throw new JsonDumpsError(`keys must be str, int, float, bool or None, not ${typeName(key)}`);
}

/** Python's `<` between two dict keys, as `sorted(d.items())` applies it; mixed kinds raise like Python. */
function compareKeys(a: PyValue, b: PyValue): number {
  const sa = typeof a === 'string' ? a : a instanceof Markup ? a.text : undefined;
  const sb = typeof b === 'string' ? b : b instanceof Markup ? b.text : undefined;
  if (sa !== undefined && sb !== undefined) return compareCodePoints(sa, sb);
  const numeric = (v: PyValue) => typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean';
  if (numeric(a) && numeric(b)) {
    const x = typeof a === 'boolean' ? Number(a) : a;
    const y = typeof b === 'boolean' ? Number(b) : b;
    return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
  }
  throw new JsonDumpsError(`'<' not supported between instances of '${typeName(b)}' and '${typeName(a)}'`);
}

const MAX_DEPTH = 1000;

/** `json.dumps(value, sort_keys=..., indent=...)`, optionally HTML-safe. Throws JsonDumpsError like Python raises. */
export function jsonDumps(value: PyValue, options: JsonDumpsOptions): string {
  const { sortKeys, htmlSafe } = options;
  const indentUnit =
    options.indent === undefined || options.indent === null
      ? undefined
      : typeof options.indent === 'number'
        ? ' '.repeat(Math.max(0, options.indent))
        : options.indent;
  const itemSep = indentUnit === undefined ? ', ' : ',';
  const stack = new Set<object>();

  function open(depth: number): [string, string] {
    if (indentUnit === undefined) return ['', ''];
    return [`\n${indentUnit.repeat(depth + 1)}`, `\n${indentUnit.repeat(depth)}`];
  }

  function dump(v: PyValue, depth: number): string {
    if (typeof v === 'string') return jsonString(v, htmlSafe);
    if (v === null) return 'null';
    switch (typeof v) {
      case 'boolean':
        return v ? 'true' : 'false';
      case 'bigint':
        return v.toString();
      case 'number':
        return floatJson(v);
    }
    if (v instanceof Markup) return jsonString(v.text, htmlSafe);
    if (Array.isArray(v) || v instanceof Map) {
      if (stack.has(v) || depth > MAX_DEPTH) throw new JsonDumpsError('Circular reference detected');
      stack.add(v);
      try {
        const [inner, close] = open(depth);
        const sep = itemSep + inner;
        if (Array.isArray(v)) {
          if (v.length === 0) return '[]';
          let out = `[${inner}${dump(v[0]!, depth + 1)}`;
          for (let i = 1; i < v.length; i++) out += sep + dump(v[i]!, depth + 1);
          return `${out}${close}]`;
        }
        if (v.size === 0) return '{}';
        let entries: [PyValue, PyValue][] = [...v];
        if (sortKeys) entries = entries.sort((a, b) => compareKeys(a[0], b[0]));
        const parts = entries.map(([k, item]) => `${jsonString(keyText(k), htmlSafe)}: ${dump(item, depth + 1)}`);
        return `{${inner}${parts.join(sep)}${close}}`;
      } finally {
        stack.delete(v);
      }
    }
    throw new JsonDumpsError(`Object of type ${typeName(v)} is not JSON serializable`);
  }

  return dump(value, 0);
}
