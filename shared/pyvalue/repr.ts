/** Python's `str()` and `repr()` of the value model: what `{{ value }}` prints with autoescape off. */
import { floatRepr } from './floatRepr';
import { isStr, isTuple, Markup, PyObject, strText, typeName, Undefined, type PyValue } from './types';

// str.isprintable() is false for these categories (Unicode database of the running engine; Python 3.11 has 14.0).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** `repr(s)` for a str: quote choice and escapes as CPython's unicode_repr. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code < 0x7f) out += ch;
    else if (!NON_PRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

/**
 * Thrown by `pyStr`, `pyRepr` and `jsonDumps` given a maximum length, when their text would be longer. They stop as
 * soon as they know, so a value that shares its parts (`x = [x, x]` forty times: a few items, 2^40 characters of
 * text) costs no more than the length allowed.
 */
export class TextTooLong extends Error {
  constructor(readonly maxLength: number) {
    super(`the text would be longer than ${maxLength} characters`);
  }
}

/** What is left of a maximum length while a text is built. */
class Room {
  private left: number;
  constructor(readonly maxLength: number) {
    this.left = maxLength;
  }
  take(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new TextTooLong(this.maxLength);
  }
  get remaining(): number {
    return this.left;
  }
}

function reprIn(value: PyValue, room: Room): string {
  if (typeof value === 'string') {
    room.take(value.length + 2); // what the repr has at least, before it is built
    const r = strRepr(value);
    room.take(r.length - value.length - 2);
    return r;
  }
  if (value instanceof Markup) {
    room.take(value.text.length + 10);
    const r = `Markup(${strRepr(value.text)})`;
    room.take(r.length - value.text.length - 10);
    return r;
  }
  if (value instanceof Undefined) {
    room.take(9);
    return 'Undefined';
  }
  if (Array.isArray(value)) {
    const tuple = isTuple(value);
    // Brackets and separators first: a long list is refused before any item is written.
    room.take(value.length === 0 ? 2 : 2 * value.length + (tuple && value.length === 1 ? 1 : 0));
    const items = value.map((item) => reprIn(item, room));
    if (!tuple) return `[${items.join(', ')}]`;
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
  }
  if (value instanceof Map) {
    room.take(value.size === 0 ? 2 : 4 * value.size);
    const items: string[] = [];
    for (const [k, v] of value) items.push(`${reprIn(k, room)}: ${reprIn(v, room)}`);
    return `{${items.join(', ')}}`;
  }
  return strIn(value, room);
}

function strIn(value: PyValue, room: Room): string {
  if (value instanceof PyObject) {
    const s = value.str(room.remaining);
    room.take(s.length);
    return s;
  }
  if (Array.isArray(value) || value instanceof Map) return reprIn(value, room);
  const s = pyStr(value);
  room.take(s.length);
  return s;
}

/** Python `repr(value)`; with `maxLength`, throws TextTooLong rather than build a longer text. */
export function pyRepr(value: PyValue, maxLength = Infinity): string {
  return reprIn(value, new Room(maxLength));
}

/**
 * Python `str(value)`; Undefined prints as '' (Jinja2's default Undefined). With `maxLength`, throws TextTooLong
 * rather than build a longer text (a str is returned as it is, if it fits).
 */
export function pyStr(value: PyValue, maxLength = Infinity): string {
  if (value === null) return 'None';
  switch (typeof value) {
    case 'string':
      if (value.length > maxLength) throw new TextTooLong(maxLength);
      return value;
    case 'boolean':
      return value ? 'True' : 'False';
    case 'bigint':
      return value.toString();
    case 'number':
      return floatRepr(value);
  }
  if (value instanceof Markup) {
    if (value.text.length > maxLength) throw new TextTooLong(maxLength);
    return value.text;
  }
  if (value instanceof Undefined) return '';
  return strIn(value, new Room(maxLength));
}

/** A repr for a message: the value's own when it is short, else a description of it (never a long text). */
export function shortRepr(value: PyValue, maxLength = 200): string {
  try {
    return pyRepr(value, maxLength);
  } catch (error) {
    if (!(error instanceof TextTooLong)) throw error;
    const size = Array.isArray(value) ? `${value.length} items` : value instanceof Map ? `${value.size} items` : isStr(value) ? `${strText(value).length} characters` : 'too long';
    return `<${typeName(value)}: ${size}>`;
  }
}
