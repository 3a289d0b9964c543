/** Python's `str()` and `repr()` of the value model: what `{{ value }}` prints with autoescape off. */
import { floatRepr } from './floatRepr';
import { isTuple, Markup, PyObject, Undefined, type PyValue } from './types';

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

/** Python `repr(value)`. */
export function pyRepr(value: PyValue): string {
  if (typeof value === 'string') return strRepr(value);
  if (value instanceof Markup) return `Markup(${strRepr(value.text)})`;
  if (value instanceof Undefined) return 'Undefined';
  if (Array.isArray(value)) {
    const items = value.map(pyRepr);
    if (!isTuple(value)) return `[${items.join(', ')}]`;
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
  }
  if (value instanceof Map) {
    const items: string[] = [];
    for (const [k, v] of value) items.push(`${pyRepr(k)}: ${pyRepr(v)}`);
    return `{${items.join(', ')}}`;
  }
  return pyStr(value);
}

/** Python `str(value)`; Undefined prints as '' (Jinja2's default Undefined). */
export function pyStr(value: PyValue): string {
  if (value === null) return 'None';
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'True' : 'False';
    case 'bigint':
      return value.toString();
    case 'number':
      return floatRepr(value);
  }
  if (value instanceof Markup) return value.text;
  if (value instanceof Undefined) return '';
  if (value instanceof PyObject) return value.str();
  return pyRepr(value);
}
