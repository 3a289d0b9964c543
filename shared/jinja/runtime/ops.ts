/**
 * Python's semantics for the operators a template uses: truth, ==, <, + - * / // % **, `in`, iteration and len.
 * int is bigint and float is number, so int/float mixing follows Python (int op int stays int, `/` gives float).
 */
import { codePointLength, compareCodePoints } from '../../pyvalue/codepoints';
import { Markup, PyObject, Undefined, isStr, isTuple, makeTuple, strText, typeName, type CallBudget, type PyDict, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError } from '../errors';
import { percentFormat } from './percentFormat';
import { undefinedError } from './undefinedError';

export function truthy(v: PyValue): boolean {
  if (v === null) return false;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'bigint':
      return v !== 0n;
    case 'number':
      return v !== 0;
    case 'string':
      return v.length > 0;
  }
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (v instanceof Markup) return v.text.length > 0;
  if (v instanceof Undefined) return false;
  const n = v.length();
  return n === undefined ? true : n > 0;
}

/** bool is an int in Python; arithmetic and comparison see True as 1. */
function asNumber(v: PyValue): bigint | number | undefined {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  return undefined;
}

export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x == y; // bigint == number compares exactly
  if (isStr(a) && isStr(b)) return strText(a) === strText(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (isTuple(a) !== isTuple(b) || a.length !== b.length) return false;
    return a.every((item, i) => pyEquals(item, b[i]!));
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) {
      const other = dictLookup(b, k);
      if (other === undefined || !pyEquals(v, other)) return false;
    }
    return true;
  }
  if (a instanceof Undefined && b instanceof Undefined) return true;
  if (a instanceof PyObject && b instanceof PyObject) return a.equals(b);
  return false;
}

/**
 * The key of `d` that is `key` by Python's key equality (1, 1.0 and True are the same key; a Markup is its text), or
 * undefined. Found by the few other forms `key` may be stored under, not by a scan: setting 100,000 int keys one by
 * one scanned the dict for each of them (minutes).
 */
export function dictKey(d: PyDict, key: PyValue): PyValue | undefined {
  if (d.has(key)) return key;
  if (key instanceof Markup) return d.has(key.text) ? key.text : undefined;
  for (const alias of numericAliases(key)) if (d.has(alias)) return alias;
  return undefined;
}

/** The other values Python's == makes the same dict key as a number: 1 → 1.0, True; 1.0 → 1, True; True → 1, 1.0. */
function numericAliases(key: PyValue): PyValue[] {
  switch (typeof key) {
    case 'boolean':
      return key ? [1n, 1] : [0n, 0];
    case 'bigint': {
      const f = Number(key);
      const out: PyValue[] = Number.isFinite(f) && BigInt(f) === key ? [f] : [];
      if (key === 0n || key === 1n) out.push(key === 1n);
      return out;
    }
    case 'number': {
      if (!Number.isInteger(key)) return [];
      const out: PyValue[] = [BigInt(key)];
      if (key === 0 || key === 1) out.push(key === 1);
      return out;
    }
  }
  return [];
}

/** `d[k]` with Python's key equality (1, 1.0 and True are the same key); undefined when absent. */
export function dictLookup(d: PyDict, key: PyValue): PyValue | undefined {
  const k = dictKey(d, key);
  return k === undefined ? undefined : d.get(k);
}

/** Python's ordering: -1, 0, 1; raises TypeError for kinds Python cannot order. */
export function pyCompare(a: PyValue, b: PyValue, op = '<'): number {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  if (isStr(a) && isStr(b)) return Math.sign(compareCodePoints(strText(a), strText(b)));
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (!pyEquals(a[i]!, b[i]!)) return pyCompare(a[i]!, b[i]!, op);
    }
    return Math.sign(a.length - b.length);
  }
  if (a instanceof Undefined) throw undefinedError(a);
  if (b instanceof Undefined) throw undefinedError(b);
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

function checkDefined(...values: PyValue[]): void {
  for (const v of values) if (v instanceof Undefined) throw undefinedError(v);
}

function unsupported(op: string, a: PyValue, b: PyValue): TemplateError {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

function toFloat(n: bigint | number): number {
  if (typeof n === 'number') return n;
  const f = Number(n);
  if (!Number.isFinite(f)) throw new TemplateError('value', 'int too large to convert to float');
  return f;
}

/** Python `a + b` etc. for numbers; undefined when either side is not a number. */
function numeric(op: string, a: PyValue, b: PyValue): PyValue | undefined {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x === undefined || y === undefined) return undefined;
  const ints = typeof x === 'bigint' && typeof y === 'bigint';
  switch (op) {
    case '+':
      return ints ? x + y : toFloat(x) + toFloat(y);
    case '-':
      return ints ? x - y : toFloat(x) - toFloat(y);
    case '*':
      return ints ? x * y : toFloat(x) * toFloat(y);
    case '/': {
      const d = toFloat(y);
      if (d === 0) throw new TemplateError('zero-division', 'division by zero');
      if (ints && x % y === 0n) return Number(x / y);
      return toFloat(x) / d;
    }
    case '//': {
      if (ints) {
        if (y === 0n) throw new TemplateError('zero-division', 'integer division or modulo by zero');
        const q = x / y;
        return (x % y !== 0n && (x < 0n) !== (y < 0n)) ? q - 1n : q;
      }
      const d = toFloat(y);
      if (d === 0) throw new TemplateError('zero-division', 'float floor division by zero');
      return Math.floor(toFloat(x) / d);
    }
    case '%': {
      if (ints) {
        if (y === 0n) throw new TemplateError('zero-division', 'integer division or modulo by zero');
        const r = x % y;
        return r !== 0n && (r < 0n) !== (y < 0n) ? r + y : r;
      }
      const d = toFloat(y);
      if (d === 0) throw new TemplateError('zero-division', 'float modulo');
      const r = toFloat(x) % d;
      return r !== 0 && (r < 0) !== (d < 0) ? r + d : r === 0 ? (d < 0 ? -0 : 0) : r;
    }
    case '**': {
      if (ints && y >= 0n) return x ** y;
      const base = toFloat(x);
      if (base === 0 && toFloat(y) < 0) {
        throw new TemplateError('zero-division', '0.0 cannot be raised to a negative power');
      }
      return Math.pow(base, toFloat(y));
    }
  }
  return undefined;
}

function repeat<T>(items: T[], times: bigint): T[] {
  const length = items.length * Number(times);
  if (length <= 0) return [];
  // By doubling, with concat (spreading a long list into push's arguments overflows the stack).
  let out = items;
  while (out.length * 2 <= length) out = out.concat(out);
  if (out === items) return items.slice();
  return out.length < length ? out.concat(out.slice(0, length - out.length)) : out;
}

/**
 * How long `a * b` is when it repeats a string (characters) or a list (items): counted against the render limits
 * before it is made (limits.ts). Undefined for anything else, or nothing made.
 */
function repetitionLength(a: PyValue, b: PyValue): { of: 'characters' | 'items'; length: bigint } | undefined {
  const [seq, n] = asNumber(b) !== undefined ? [a, asNumber(b)] : [b, asNumber(a)];
  if (typeof n !== 'bigint' || n <= 0n) return undefined;
  if (isStr(seq)) return { of: 'characters', length: BigInt(strText(seq).length) * n };
  if (Array.isArray(seq)) return { of: 'items', length: BigInt(seq.length) * n };
  return undefined;
}

/** The bits of |n|: exact below 2^53, else rounded up to a hexadecimal digit. */
export function bitLength(n: bigint): number {
  const m = n < 0n ? -n : n;
  if (m < 0x20000000000000n) return m === 0n ? 0 : Math.floor(Math.log2(Number(m))) + 1;
  return m.toString(16).length * 4;
}

/**
 * Counts the int `a * b` or `a ** b` makes, from its inputs' sizes, before it is made: ints grow by multiplying
 * (forty `x = x * x`) as lists grow by adding. Small results are not counted.
 */
function countIntGrowth(op: '*' | '**', a: PyValue, b: PyValue, budget: CallBudget): void {
  const x = asNumber(a);
  const y = asNumber(b);
  if (typeof x !== 'bigint' || typeof y !== 'bigint') return;
  let bits: number;
  if (op === '*') bits = bitLength(x) + bitLength(y);
  else {
    const base = bitLength(x);
    if (y < 0n || base <= 1) return; // a float, or 0, 1 and -1 to any power
    bits = base * Number(y);
  }
  if (bits > 64) budget.makeIntDigits(Math.ceil(bits * Math.log10(2)), op === '*' ? 'a multiplication (*)' : 'a power (**)');
}

/** `len(htmlEscape(s))`, measured without making it. */
export function htmlEscapedLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x26 || c === 0x22 || c === 0x27) n += 4; // &amp; &#34; &#39;
    else if (c === 0x3c || c === 0x3e) n += 3; // &lt; &gt;
  }
  return n;
}

/**
 * Python `a op b`. A string or list it makes (`+`, `*`, `%`) is counted in `budget` before it is made, as `what`
 * (the interpreter's "a concatenation (+)", the sum filter's own name...).
 */
export function binaryOp(op: string, a: PyValue, b: PyValue, budget: CallBudget, what = op === '*' ? 'a repetition' : op === '%' ? 'a % format' : `a concatenation (${op})`): PyValue {
  checkDefined(a, b);
  if (op === '*' || op === '**') countIntGrowth(op, a, b, budget);
  const num = numeric(op, a, b);
  if (num !== undefined) return num;
  switch (op) {
    case '+':
      if (isStr(a) && isStr(b)) {
        // Markup + str escapes the plain side, as markupsafe does.
        if (a instanceof Markup || b instanceof Markup) {
          budget.makeChars(escapedLength(a) + escapedLength(b), what);
          return new Markup(escapeText(a) + escapeText(b));
        }
        budget.makeChars(a.length + (b as string).length, what);
        return a + (b as string);
      }
      if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
        budget.makeItems(a.length + b.length, what);
        const joined = a.concat(b); // b's items, not b (concat spreads only its arguments, one level)
        return isTuple(a) ? makeTuple(joined) : joined;
      }
      if (typeof a === 'string') throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
      if (Array.isArray(a) && !isTuple(a)) throw typeError(`can only concatenate list (not "${typeName(b)}") to list`);
      break;
    case '*': {
      const made = repetitionLength(a, b);
      if (made?.of === 'characters') budget.makeChars(made.length, what);
      else if (made) budget.makeItems(made.length, what);
      const [seq, n] = asNumber(b) !== undefined ? [a, asNumber(b)] : [b, asNumber(a)];
      if (typeof n === 'bigint') {
        if (isStr(seq)) {
          const text = n > 0n ? strText(seq).repeat(Number(n)) : '';
          return seq instanceof Markup ? new Markup(text) : text;
        }
        if (Array.isArray(seq)) {
          const out = repeat(seq, n);
          return isTuple(seq) ? makeTuple(out) : out;
        }
      }
      break;
    }
    case '%':
      if (isStr(a)) {
        const text = percentFormat(strText(a), b, budget, what);
        return a instanceof Markup ? new Markup(text) : text;
      }
      break;
  }
  throw unsupported(op, a, b);
}

function escapeText(v: string | Markup): string {
  return v instanceof Markup ? v.text : htmlEscape(v);
}

function escapedLength(v: string | Markup): number {
  return v instanceof Markup ? v.text.length : htmlEscapedLength(v);
}

/** markupsafe.escape's replacements. */
export function htmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}

export function unaryOp(op: '-' | '+', v: PyValue): PyValue {
  checkDefined(v);
  const n = asNumber(v);
  if (n === undefined) throw typeError(`bad operand type for unary ${op}: '${typeName(v)}'`);
  return op === '-' ? -n : n;
}

/** Python `item in container`. */
export function contains(container: PyValue, item: PyValue): boolean {
  if (isStr(container)) {
    if (!isStr(item)) throw typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    return strText(container).includes(strText(item));
  }
  if (container instanceof Map) return dictLookup(container, item) !== undefined;
  if (container instanceof Undefined) return false;
  for (const x of iterate(container)) if (pyEquals(x, item)) return true;
  return false;
}

/**
 * Python iteration: list/tuple items, dict keys, str code points; Undefined iterates as empty. Lazy for a str: a
 * caller that stops early never makes a list of its characters (`toItems` makes the list, counted).
 */
export function iterate(v: PyValue): Iterable<PyValue> {
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return v.keys();
  if (typeof v === 'string') return v; // a JavaScript string iterates by code point, a lone surrogate alone
  if (v instanceof Markup) return markupCodePoints(v.text);
  if (v instanceof Undefined) return [];
  if (v instanceof PyObject) {
    const it = v.iterate();
    if (it) return it;
  }
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

function* markupCodePoints(text: string): Iterable<PyValue> {
  for (const c of text) yield new Markup(c);
}

/**
 * A new list of what iterating `v` gives (`list(v)`), counted in `budget` as `what` makes it: before it is made when
 * its length is known (a str counts its UTF-16 units, at least its code points).
 */
export function toItems(v: PyValue, budget: CallBudget, what: string): PyValue[] {
  const known = typeof v === 'string' ? v.length : v instanceof Markup ? v.text.length : pyLen(v);
  if (known !== undefined) budget.makeItems(known, what);
  if (Array.isArray(v)) return v.slice();
  const items = Array.from(iterate(v));
  if (known === undefined) budget.makeItems(items.length, what);
  return items;
}

/** Python `len(v)`; undefined when the value has no length. */
export function pyLen(v: PyValue): number | undefined {
  if (typeof v === 'string') return codePointLength(v);
  if (v instanceof Markup) return codePointLength(v.text);
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (v instanceof Undefined) return 0;
  if (v instanceof PyObject) return v.length();
  return undefined;
}

/**
 * What a Python slice `[start:stop:step]` selects from a sequence of `length` items: `count` indices from `first`,
 * `step` apart. Measured, not listed: a slice's length is counted against the render limits before it is made.
 */
export function sliceBounds(length: number, start: PyValue, stop: PyValue, step: PyValue): { first: number; step: number; count: number } {
  const toInt = (v: PyValue): number | undefined => {
    if (v === null || v instanceof Undefined) return undefined;
    const n = asNumber(v);
    if (typeof n !== 'bigint') throw typeError('slice indices must be integers or None or have an __index__ method');
    return Number(n);
  };
  const st = toInt(step) ?? 1;
  if (st === 0) throw new TemplateError('value', 'slice step cannot be zero');
  const clamp = (i: number | undefined, dflt: number, lo: number, hi: number) => {
    if (i === undefined) return dflt;
    if (i < 0) i += length;
    return Math.min(Math.max(i, lo), hi);
  };
  if (st > 0) {
    const b = clamp(toInt(start), 0, 0, length);
    const e = clamp(toInt(stop), length, 0, length);
    return { first: b, step: st, count: e > b ? Math.ceil((e - b) / st) : 0 };
  }
  const b = clamp(toInt(start), length - 1, -1, length - 1);
  const e = clamp(toInt(stop), -1, -1, length - 1);
  return { first: b, step: st, count: b > e ? Math.ceil((b - e) / -st) : 0 };
}

export { asNumber };
