/**
 * Python's `json.dumps` over the value model, byte for byte, plus Jinja2's `htmlsafe_json_dumps` (what `tojson` does).
 *
 * Python defaults kept: ensure_ascii (every UTF-16 unit outside 0x20–0x7E as `\uxxxx`, lowercase — astral characters
 * come out as their surrogate pair, exactly like Python), allow_nan (`NaN`, `Infinity`), separators `", "` / `": "`
 * (`","` / `": "` once `indent` is given), keys converted as Python converts them, `sort_keys` by code point.
 */
import { compareCodePoints } from './codepoints';
import { floatJson, floatRepr } from './floatRepr';
import { AsciiWriter } from './asciiWriter';
import { TextTooLong } from './repr';
import { Markup, typeName, type PyValue } from './types';

export interface JsonDumpsOptions {
  /** `sort_keys`: Jinja2's default policy sorts. */
  sortKeys: boolean;
  /** Also escape `<` `>` `&` `'` as `\u003c` `\u003e` `\u0026` `\u0027` (Jinja2's `tojson`). */
  htmlSafe: boolean;
  /** `indent`: a number of spaces or the indent string itself; undefined/null for one line. */
  indent?: number | string | null;
  /** Throw TextTooLong rather than write more characters than this (a value sharing its parts can be huge as text). */
  maxLength?: number;
}

/** What Python raises from json.dumps (TypeError / ValueError), with its message. */
export class JsonDumpsError extends Error {}

// For each ASCII code unit: 0 = written as is, 1 = escaped always, 2 = escaped only in HTML-safe mode.
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 0x20; c++) ASCII_CLASS[c] = 1;
for (const ch of '"\\\x7f') ASCII_CLASS[ch.charCodeAt(0)] = 1;
for (const ch of "<>&'") ASCII_CLASS[ch.charCodeAt(0)] = 2;

const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const PLAIN_HTMLSAFE = /^[\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

// `\uxxxx` texts, built once per code unit on first use.
const UNIT_ESCAPES: string[] = [];

function escapeUnit(code: number): string {
  let e = UNIT_ESCAPES[code];
  if (e === undefined) {
    e = SHORT_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`;
    UNIT_ESCAPES[code] = e;
  }
  return e;
}

/** Writes a str as a JSON string literal, ensure_ascii style: unescaped runs are copied whole. */
function writeJsonString(w: AsciiWriter, s: string, htmlSafe: boolean): void {
  // Most keys and names need no escaping: one native regex test, then a plain copy.
  if ((htmlSafe ? PLAIN_HTMLSAFE : PLAIN).test(s)) {
    w.quoted(s);
    return;
  }
  w.text('"');
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      const k = ASCII_CLASS[c]!;
      if (k === 0 || (k === 2 && !htmlSafe)) continue;
    }
    if (i > from) w.slice(s, from, i);
    w.text(escapeUnit(c));
    from = i + 1;
  }
  if (from < s.length) w.slice(s, from, s.length);
  w.text('"');
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
const sharedWriter = new AsciiWriter();
function byCodePoints(a: PyValue, b: PyValue): number {
  return compareCodePoints(a as string, b as string);
}

/** Sorts keys as `sorted(d.items())` would; plain str keys below U+D800 take the fast UTF-16 comparison. */
function sortDictKeys(keys: PyValue[]): void {
  let allStr = true;
  for (const k of keys) {
    if (typeof k !== 'string') {
      allStr = false;
      break;
    }
  }
  const compare = allStr ? byCodePoints : compareKeys;
  if (keys.length > 12 && allStr) {
    keys.sort(compare);
    return;
  }
  // Tool dicts have a handful of keys: an insertion sort beats Array.prototype.sort's set-up cost. It also compares
  // (later < earlier) like Python's sort does, so a mixed-type error names the types in Python's order.
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i - 1;
    while (j >= 0 && compare(keys[j]!, k) > 0) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = k;
  }
}

/** `json.dumps(value, sort_keys=..., indent=...)`, optionally HTML-safe. Throws JsonDumpsError like Python raises. */
export function jsonDumps(value: PyValue, options: JsonDumpsOptions): string {
  const { sortKeys, htmlSafe } = options;
  const maxLength = options.maxLength ?? Infinity;
  if (typeof options.indent === 'number' && options.indent > maxLength) throw new TextTooLong(maxLength);
  const indentUnit =
    options.indent === undefined || options.indent === null
      ? undefined
      : typeof options.indent === 'number'
        ? ' '.repeat(Math.max(0, options.indent))
        : options.indent;
  const itemSep = indentUnit === undefined ? ', ' : ',';
  const stack = new Set<object>();

  // jsonDumps never re-enters itself (it calls no template code), so one buffer serves every call.
  const w = sharedWriter;
  w.reset(maxLength);

  function newline(depth: number): string {
    // Measured before it is made: a long indent times a deep nesting is a long text.
    if (indentUnit!.length * depth >= maxLength) throw new TextTooLong(maxLength);
    return `\n${indentUnit!.repeat(depth)}`;
  }

  function dump(v: PyValue, depth: number): void {
    if (typeof v === 'string') {
      writeJsonString(w, v, htmlSafe);
      return;
    }
    if (v === null) {
      w.text('null');
      return;
    }
    switch (typeof v) {
      case 'boolean':
        w.text(v ? 'true' : 'false');
        return;
      case 'bigint':
        w.text(v.toString());
        return;
      case 'number':
        w.text(floatJson(v));
        return;
    }
    if (v instanceof Markup) {
      writeJsonString(w, v.text, htmlSafe);
      return;
    }
    if (!Array.isArray(v) && !(v instanceof Map)) {
      throw new JsonDumpsError(`Object of type ${typeName(v)} is not JSON serializable`);
    }
    if (stack.has(v) || depth > MAX_DEPTH) throw new JsonDumpsError('Circular reference detected');
    const inner = indentUnit === undefined ? '' : newline(depth + 1);
    const sep = itemSep + inner;
    const close = indentUnit === undefined ? '' : newline(depth);
    if (Array.isArray(v)) {
      if (v.length === 0) {
        w.text('[]');
        return;
      }
      stack.add(v);
      w.text(`[${inner}`);
      for (let i = 0; i < v.length; i++) {
        if (i > 0) w.text(sep);
        dump(v[i]!, depth + 1);
      }
      w.text(`${close}]`);
      stack.delete(v);
      return;
    }
    if (v.size === 0) {
      w.text('{}');
      return;
    }
    stack.add(v);
    w.text(`{${inner}`);
    let first = true;
    if (sortKeys) {
      const keys: PyValue[] = [...v.keys()];
      sortDictKeys(keys);
      for (const k of keys) {
        if (!first) w.text(sep);
        first = false;
        writeJsonString(w, typeof k === 'string' ? k : keyText(k), htmlSafe);
        w.text(': ');
        dump(v.get(k)!, depth + 1);
      }
    } else {
      for (const [k, val] of v) {
        if (!first) w.text(sep);
        first = false;
        writeJsonString(w, typeof k === 'string' ? k : keyText(k), htmlSafe);
        w.text(': ');
        dump(val, depth + 1);
      }
    }
    w.text(`${close}}`);
    stack.delete(v);
  }

  dump(value, 0);
  return w.toString();
}

