/**
 * Jinja2's builtin filters (3.1) with autoescape off. Each follows the Python implementation's behaviour, including
 * its quirks (`title` splits on `-\s({[<`, `truncate` has a leeway of 5, `round` returns a float). Each counts the
 * strings and lists it makes against the render limits (ctx.budget, limits.ts), before making them; lists it makes
 * only for its own work, no longer than one it was given, are not counted.
 */
import { codePoints, codePointLength } from '../../pyvalue/codepoints';
import { JsonDumpsError, jsonDumps } from '../../pyvalue/jsonDumps';
import { Markup, PyObject, Undefined, isStr, makeTuple, strText, typeName, type PyDict, type PyKwargs, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError } from '../errors';
import { bindArgs } from './args';
import type { FilterFn, RuntimeContext } from './context';
import { builtinMethod } from './methods';
import { missingAttribute, undefinedError } from './undefinedError';
import { asNumber, binaryOp, dictKey, htmlEscape, htmlEscapedLength, iterate, pyCompare, pyEquals, pyLen, toItems, truthy } from './ops';
import { percentFormat } from './percentFormat';
import { pyCapitalize, pyReplace, pyReplaceCount, pySplitLines, pySplitLinesCount, pyStrip } from './pystr';

const what = (filter: string) => `the ${filter} filter`;

/** `str(v)` for a filter: a str as it is; a list, dict or object printed within the render limits, counted. */
function str(ctx: RuntimeContext, v: PyValue, filter: string): string {
  return ctx.budget.str(v, what(filter));
}

/** The list a filter works on: `v` itself when it is one, else a list made (and counted) from iterating it. */
function toList(ctx: RuntimeContext, v: PyValue, filter: string): PyValue[] {
  return Array.isArray(v) ? v : toItems(v, ctx.budget, what(filter));
}

/** A str made from `s` of about its length (case mapping may lengthen it: 'ß' → 'SS'): counted before, and after. */
function remade(ctx: RuntimeContext, filter: string, s: string, make: (s: string) => string): string {
  ctx.budget.makeChars(s.length, what(filter));
  const out = make(s);
  if (out.length > s.length) ctx.budget.makeChars(out.length - s.length, what(filter));
  return out;
}

/** The first `n` code points of `s`. */
function codePointPrefix(s: string, n: number): string {
  if (codePointLength(s) === s.length) return s.slice(0, Math.max(0, n));
  let end = 0;
  for (let k = 0; k < n && end < s.length; k++) end += s.codePointAt(end)! > 0xffff ? 2 : 1;
  return s.slice(0, end);
}

/** Keeps Markup-ness of the input on str results (markupsafe methods return Markup). */
function sameKind(input: PyValue, text: string): PyValue {
  return input instanceof Markup ? new Markup(text) : text;
}

function intParam(v: PyValue | undefined, name: string, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  const n = asNumber(v);
  if (typeof n !== 'bigint') throw typeError(`${name} must be an integer, not ${typeName(v)}`);
  return Number(n);
}

/** jinja2.filters.make_attrgetter: `a.b.0` walks items (and attributes) step by step. */
function attrGetter(ctx: RuntimeContext, attribute: PyValue | undefined, lower = false, dflt?: PyValue) {
  const parts: PyValue[] =
    attribute === undefined || attribute === null
      ? []
      : typeof attribute === 'bigint'
        ? [attribute]
        : str(ctx, attribute, 'attribute').split('.').map((p) => (/^\d+$/.test(p) ? BigInt(p) : p));
  return (item: PyValue): PyValue => {
    let v = item;
    for (const p of parts) v = ctx.getItem(v, p);
    if (dflt !== undefined && v instanceof Undefined) v = dflt;
    if (lower && isStr(v)) v = strText(v).toLowerCase();
    return v;
  };
}

function sortValues(values: PyValue[], key: (v: PyValue) => PyValue, reverse: boolean): PyValue[] {
  const keyed = values.map((v) => ({ v, k: key(v) }));
  keyed.sort((a, b) => (reverse ? pyCompare(b.k, a.k) : pyCompare(a.k, b.k)));
  return keyed.map((x) => x.v);
}

/** Python float(str): decimal, inf/nan words, underscores between digits, surrounding whitespace. */
function parseFloatLike(s: string): number | undefined {
  const t = s.trim();
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(t)) return NaN;
  if (!/^[+-]?(\d(_?\d)*)?(\.(\d(_?\d)*)?)?([eE][+-]?\d(_?\d)*)?$/.test(t) || !/\d/.test(t.split(/[eE]/)[0]!)) {
    return undefined;
  }
  return Number(t.replace(/_/g, ''));
}

function selectOrReject(ctx: RuntimeContext, value: PyValue, args: PyValue[], kwargs: PyKwargs, byAttr: boolean, keep: boolean): PyValue {
  const filter = `${keep ? 'select' : 'reject'}${byAttr ? 'attr' : ''}`;
  const rest = [...args];
  const getter = byAttr ? attrGetter(ctx, rest.shift()) : (v: PyValue) => v;
  const testName = rest.shift();
  const test = testName === undefined ? truthy : (v: PyValue) => ctx.applyTest(str(ctx, testName, filter), v, rest, kwargs);
  const items = toList(ctx, value, filter);
  ctx.budget.makeItems(items.length, what(filter));
  return items.filter((item) => test(getter(item)) === keep);
}

/** Python's round(x, n) for a float: the exact binary value is rounded; only exact ties go to the even digit. */
function pyRound(x: number, precision: number): number {
  if (!Number.isFinite(x) || precision > 20) return x;
  if (precision < 0) {
    const f = 10 ** -precision;
    return pyRound(x / f, 0) * f;
  }
  const exact = Math.abs(x).toFixed(100); // the exact decimal expansion (a tie has precision+1 digits)
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 1 + precision);
  let text = Math.abs(x).toFixed(precision);
  if (/^50*$/.test(tail)) {
    const kept = exact.slice(0, dot + 1 + precision).replace(/\.$/, '');
    const lastDigit = Number(kept[kept.length - 1]);
    text = lastDigit % 2 === 0 ? kept : Math.abs(x).toFixed(precision);
  }
  const r = Number(text);
  return x < 0 || Object.is(x, -0) ? -r : r;
}

const WORD = /[^-\s({[<]+/gu;
const WORDS = /[\p{L}\p{N}_]+/gu;

/** `escape`: the text HTML-escaped, measured before it is made. */
function escaped(ctx: RuntimeContext, v: PyValue, filter: string): Markup {
  const s = str(ctx, v, filter);
  ctx.budget.makeChars(htmlEscapedLength(s), what(filter));
  return new Markup(htmlEscape(s));
}

export const FILTERS: Record<string, FilterFn> = {
  abs: (_c, v) => {
    const n = asNumber(v);
    if (n === undefined) throw typeError(`bad operand type for abs(): '${typeName(v)}'`);
    return typeof v === 'boolean' ? BigInt(Number(v)) : n < 0 ? -n : n;
  },
  // attr() is getattr only: unlike `x.name`, it never falls back to the dict item.
  attr: (ctx, v, a) => {
    const name = str(ctx, a[0] ?? null, 'attr');
    if (v instanceof Undefined) throw undefinedError(v);
    const found = v instanceof PyObject ? v.getAttr(name) : builtinMethod(v, name);
    return found ?? missingAttribute(v, name);
  },
  batch: (ctx, v, a, k) => {
    const [count, fill] = bindArgs('batch', ['linecount', 'fill_with'], a, k, { fill_with: null });
    const n = intParam(count, 'linecount', 1);
    const items = toList(ctx, v, 'batch');
    // The batches and their items, the last one's filling included (`batch(10**9, 0)` would make a billion).
    const batches = items.length === 0 ? 0 : n > 0 ? Math.ceil(items.length / n) : 1;
    const filled = fill !== null && fill !== undefined && n > 0 ? batches * n : items.length;
    ctx.budget.makeItems(batches + filled, what('batch'));
    const out: PyValue[] = [];
    let tmp: PyValue[] = [];
    for (const item of items) {
      if (tmp.length === n) {
        out.push(tmp);
        tmp = [];
      }
      tmp.push(item);
    }
    if (tmp.length > 0) {
      if (fill !== null && fill !== undefined) while (tmp.length < n) tmp.push(fill);
      out.push(tmp);
    }
    return out;
  },
  capitalize: (ctx, v) => sameKind(v, remade(ctx, 'capitalize', str(ctx, v, 'capitalize'), pyCapitalize)),
  center: (ctx, v, a, k) => {
    const [width] = bindArgs('center', ['width'], a, k, { width: 80n });
    const s = str(ctx, v, 'center');
    const w = intParam(width, 'width', 80);
    const len = codePointLength(s);
    if (w <= len) return s;
    ctx.budget.makeChars(s.length + (w - len), what('center'));
    const marg = w - len;
    const left = Math.floor(marg / 2) + (marg & w & 1);
    return ' '.repeat(left) + s + ' '.repeat(marg - left);
  },
  count: (c, v) => FILTERS.length!(c, v, [], new Map()),
  default: (_c, v, a, k) => {
    const [dflt, boolean] = bindArgs('default', ['default_value', 'boolean'], a, k, { default_value: '', boolean: false });
    if (v instanceof Undefined || (boolean === true && !truthy(v))) return dflt!;
    return v;
  },
  dictsort: (ctx, v, a, k) => {
    const [cs, by, reverse] = bindArgs('dictsort', ['case_sensitive', 'by', 'reverse'], a, k, {
      case_sensitive: false,
      by: 'key',
      reverse: false,
    });
    if (!(v instanceof Map)) throw typeError('dictsort expects a dict');
    const pos = by === 'key' ? 0 : by === 'value' ? 1 : -1;
    if (pos < 0) throw new TemplateError('value', 'You can only sort by either "key" or "value"');
    ctx.budget.makeItems(3 * v.size, what('dictsort')); // a list of (key, value) tuples
    const items = [...v].map(([key, val]) => makeTuple([key, val]));
    const key = (t: PyValue) => {
      const x = (t as PyValue[])[pos]!;
      return cs !== true && isStr(x) ? strText(x).toLowerCase() : x;
    };
    return sortValues(items, key, reverse === true);
  },
  escape: (ctx, v) => (v instanceof Markup ? v : escaped(ctx, v, 'escape')),
  first: (_c, v) => {
    for (const item of iterate(v)) return item;
    return new Undefined('No first item, sequence was empty.');
  },
  float: (_c, v, a, k) => {
    const [dflt] = bindArgs('float', ['default'], a, k, { default: 0 });
    if (typeof v === 'number') return v;
    if (typeof v === 'bigint' || typeof v === 'boolean') return Number(v);
    if (isStr(v)) return parseFloatLike(strText(v)) ?? dflt!;
    return dflt!;
  },
  forceescape: (ctx, v) => escaped(ctx, v, 'forceescape'),
  format: (ctx, v, a, k) => {
    if (a.length > 0 && k.size > 0) throw new TemplateError('type', "can't handle positional and keyword arguments at the same time");
    const args: PyValue = k.size > 0 ? new Map(k) : makeTuple(a);
    return sameKind(v, percentFormat(str(ctx, v, 'format'), args, ctx.budget, what('format')));
  },
  indent: (ctx, v, a, k) => {
    const [width, first, blank] = bindArgs('indent', ['width', 'first', 'blank'], a, k, { width: 4n, first: false, blank: false });
    let indention: string;
    if (isStr(width!)) indention = strText(width);
    else {
      const n = Math.max(0, intParam(width, 'width', 4));
      ctx.budget.makeChars(n, what('indent'));
      indention = ' '.repeat(n);
    }
    const s = `${str(ctx, v, 'indent')}\n`;
    // Its lines, and the text: at most every line indented, the first too.
    const lineCount = pySplitLinesCount(s);
    ctx.budget.makeItems(lineCount, what('indent'));
    ctx.budget.makeChars(s.length + indention.length * (lineCount + 1), what('indent'));
    const lines = pySplitLines(s);
    let rv: string;
    if (blank === true) rv = lines.join(`\n${indention}`);
    else {
      rv = lines.shift() ?? '';
      if (lines.length > 0) rv += `\n${lines.map((l) => (l ? indention + l : l)).join('\n')}`;
    }
    if (first === true) rv = indention + rv;
    return sameKind(v, rv);
  },
  int: (ctx, v, a, k) => {
    const [dflt, base] = bindArgs('int', ['default', 'base'], a, k, { default: 0n, base: 10n });
    if (typeof v === 'bigint') return v;
    if (typeof v === 'boolean') return v ? 1n : 0n;
    if (typeof v === 'number') return Number.isFinite(v) ? BigInt(Math.trunc(v)) : dflt!;
    if (isStr(v)) {
      const s = strText(v).trim().replace(/_/g, '');
      const b = intParam(base, 'base', 10);
      // Reading an int takes longer than linear time in its digits: its size is counted first.
      if (s.length > 20) ctx.budget.makeIntDigits(Math.ceil(s.length * Math.log10(Math.max(2, Math.min(36, b)))), what('int'));
      if (b === 10 && /^[+-]?\d+$/.test(s)) return BigInt(s);
      if (b !== 10) {
        const m = /^([+-]?)(?:0[xob])?([0-9a-z]+)$/i.exec(s);
        if (m) {
          let n = 0n;
          for (const ch of m[2]!.toLowerCase()) {
            const d = parseInt(ch, 36);
            if (Number.isNaN(d) || d >= b) return dflt!;
            n = n * BigInt(b) + BigInt(d);
          }
          return m[1] === '-' ? -n : n;
        }
        return dflt!;
      }
      const f = parseFloatLike(s);
      return f !== undefined && Number.isFinite(f) ? BigInt(Math.trunc(f)) : dflt!;
    }
    return dflt!;
  },
  items: (ctx, v) => {
    if (v instanceof Undefined) return [];
    if (!(v instanceof Map)) throw typeError(`Can only get item pairs from a mapping.`);
    ctx.budget.makeItems(3 * v.size, what('items')); // a list of (key, value) tuples
    return [...v].map(([key, val]) => makeTuple([key, val]));
  },
  join: (ctx, v, a, k) => {
    const [d, attribute] = bindArgs('join', ['d', 'attribute'], a, k, { d: '', attribute: null });
    let items = toList(ctx, v, 'join');
    if (attribute !== null && attribute !== undefined) items = items.map(attrGetter(ctx, attribute));
    const sep = str(ctx, d!, 'join');
    const texts = items.map((item) => str(ctx, item, 'join'));
    let length = sep.length * Math.max(0, texts.length - 1);
    for (const t of texts) length += t.length;
    ctx.budget.makeChars(length, what('join'));
    const text = texts.join(sep);
    return items.some((x) => x instanceof Markup) || d instanceof Markup ? new Markup(text) : text;
  },
  last: (ctx, v) => {
    if (isStr(v)) {
      // The last code point, without a list of them all (a pair stays together, a lone surrogate alone).
      const last = [...strText(v).slice(-2)].pop();
      return last === undefined ? new Undefined('No last item, sequence was empty.') : sameKind(v, last);
    }
    const items = toList(ctx, v, 'last');
    return items.length > 0 ? items[items.length - 1]! : new Undefined('No last item, sequence was empty.');
  },
  length: (_c, v) => {
    const n = pyLen(v);
    if (n === undefined) throw typeError(`object of type '${typeName(v)}' has no len()`);
    return BigInt(n);
  },
  list: (ctx, v) => toItems(v, ctx.budget, what('list')),
  lower: (ctx, v) => sameKind(v, remade(ctx, 'lower', str(ctx, v, 'lower'), (s) => s.toLowerCase())),
  map: (ctx, v, a, k) => {
    const items = toList(ctx, v, 'map');
    ctx.budget.makeItems(items.length, what('map'));
    if (a.length === 0 && k.has('attribute')) {
      const get = attrGetter(ctx, k.get('attribute'), false, k.get('default'));
      return items.map(get);
    }
    const [name, ...rest] = a;
    if (name === undefined) throw typeError('map requires a filter argument');
    const filter = str(ctx, name, 'map');
    return items.map((item) => ctx.applyFilter(filter, item, rest, k));
  },
  max: (ctx, v, a, k) => minMax(ctx, v, a, k, 1),
  min: (ctx, v, a, k) => minMax(ctx, v, a, k, -1),
  reject: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, false, false),
  rejectattr: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, true, false),
  replace: (ctx, v, a, k) => {
    const [old, rep, count] = bindArgs('replace', ['old', 'new', 'count'], a, k, { count: null });
    const s = str(ctx, v, 'replace');
    const o = str(ctx, old ?? null, 'replace');
    const r = str(ctx, rep ?? null, 'replace');
    const n = count === null || count === undefined ? -1 : intParam(count, 'count', -1);
    ctx.budget.makeChars(s.length + pyReplaceCount(s, o, n) * (r.length - o.length), what('replace'));
    return sameKind(v, pyReplace(s, o, r, n));
  },
  reverse: (ctx, v) => {
    if (isStr(v)) {
      const s = strText(v);
      ctx.budget.makeItems(s.length, what('reverse')); // its characters, reversed
      ctx.budget.makeChars(s.length, what('reverse'));
      return sameKind(v, codePoints(s).reverse().join(''));
    }
    return toItems(v, ctx.budget, what('reverse')).reverse();
  },
  round: (_c, v, a, k) => {
    const [precision, method] = bindArgs('round', ['precision', 'method'], a, k, { precision: 0n, method: 'common' });
    const p = intParam(precision, 'precision', 0);
    const n = asNumber(v);
    if (n === undefined) throw typeError(`type ${typeName(v)} doesn't define __round__ method`);
    const x = Number(n);
    if (method === 'common') return pyRound(x, p);
    const f = 10 ** p;
    if (method === 'ceil') return Math.ceil(x * f) / f;
    if (method === 'floor') return Math.floor(x * f) / f;
    throw typeError('method must be common, ceil or floor');
  },
  safe: (ctx, v) => (v instanceof Markup ? v : new Markup(str(ctx, v, 'safe'))),
  select: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, false, true),
  selectattr: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, true, true),
  sort: (ctx, v, a, k) => {
    const [reverse, cs, attribute] = bindArgs('sort', ['reverse', 'case_sensitive', 'attribute'], a, k, {
      reverse: false,
      case_sensitive: false,
      attribute: null,
    });
    const items = toList(ctx, v, 'sort');
    ctx.budget.makeItems(items.length, what('sort'));
    return sortValues(items, attrGetter(ctx, attribute, cs !== true), reverse === true);
  },
  string: (ctx, v) => (v instanceof Markup ? v : str(ctx, v, 'string')),
  sum: (ctx, v, a, k) => {
    const [attribute, start] = bindArgs('sum', ['attribute', 'start'], a, k, { attribute: null, start: 0n });
    const get = attrGetter(ctx, attribute);
    let total: PyValue = start ?? 0n;
    for (const item of iterate(v)) total = binaryOp('+', total, get(item), ctx.budget, what('sum'));
    return total;
  },
  // Each word (a run between `-`, whitespace, `(`, `{`, `[`, `<`) capitalized; the separators have no case.
  title: (ctx, v) => sameKind(v, remade(ctx, 'title', str(ctx, v, 'title'), (s) => s.replace(WORD, pyCapitalize))),
  tojson: (ctx, v, a, k) => {
    const [indent] = bindArgs('tojson', ['indent'], a, k, { indent: null });
    const ind = indent === null || indent === undefined ? null : isStr(indent) ? strText(indent) : intParam(indent, 'indent', 0);
    try {
      return new Markup(ctx.budget.text(what('tojson'), (maxLength) => jsonDumps(v, { sortKeys: ctx.sortKeys, htmlSafe: true, indent: ind, maxLength })));
    } catch (error) {
      if (error instanceof JsonDumpsError) throw new TemplateError('type', error.message);
      throw error;
    }
  },
  trim: (ctx, v, a, k) => {
    const [chars] = bindArgs('trim', ['chars'], a, k, { chars: null });
    const strip = chars === null || chars === undefined ? null : str(ctx, chars, 'trim');
    return sameKind(v, remade(ctx, 'trim', str(ctx, v, 'trim'), (s) => pyStrip(s, strip)));
  },
  truncate: (ctx, v, a, k) => {
    const [length, killwords, end, leeway] = bindArgs('truncate', ['length', 'killwords', 'end', 'leeway'], a, k, {
      length: 255n,
      killwords: false,
      end: '...',
      leeway: null,
    });
    const s = str(ctx, v, 'truncate');
    const len = intParam(length, 'length', 255);
    const lee = leeway === null || leeway === undefined ? 5 : intParam(leeway, 'leeway', 5);
    const e = str(ctx, end!, 'truncate');
    const endLen = codePointLength(e);
    if (len < endLen) throw new TemplateError('value', `expected length >= ${endLen}, got ${len}`);
    if (lee < 0) throw new TemplateError('value', `expected leeway >= 0, got ${lee}`);
    if (codePointLength(s) <= len + lee) return s;
    const head = codePointPrefix(s, len - endLen);
    ctx.budget.makeChars(head.length + e.length, what('truncate'));
    if (killwords === true) return head + e;
    const cut = head.lastIndexOf(' ');
    return (cut === -1 ? head : head.slice(0, cut)) + e;
  },
  unique: (ctx, v, a, k) => {
    const [cs, attribute] = bindArgs('unique', ['case_sensitive', 'attribute'], a, k, { case_sensitive: false, attribute: null });
    const get = attrGetter(ctx, attribute, cs !== true);
    const items = toList(ctx, v, 'unique');
    ctx.budget.makeItems(items.length, what('unique'));
    // Python keeps a set: str, numbers, None and bool are found by their key (1, 1.0 and True are one), not by a
    // scan of all seen (100,000 ints took a minute); lists, tuples and NaN are compared one by one.
    const seenKeys: PyDict = new Map();
    const seenOthers: PyValue[] = [];
    const out: PyValue[] = [];
    for (const item of items) {
      const key = get(item);
      const hashed = key instanceof Markup ? key.text : key === null || (typeof key !== 'object' && !Number.isNaN(key)) ? key : undefined;
      if (hashed !== undefined) {
        if (dictKey(seenKeys, hashed) !== undefined) continue;
        seenKeys.set(hashed, null);
      } else {
        if (seenOthers.some((s) => pyEquals(s, key))) continue;
        seenOthers.push(key);
      }
      out.push(item);
    }
    return out;
  },
  upper: (ctx, v) => sameKind(v, remade(ctx, 'upper', str(ctx, v, 'upper'), (s) => s.toUpperCase())),
  wordcount: (ctx, v) => {
    // Counted match by match: a list of a long text's words is not made.
    const s = str(ctx, v, 'wordcount');
    let n = 0;
    WORDS.lastIndex = 0;
    while (WORDS.exec(s)) n++;
    return BigInt(n);
  },
};
FILTERS.d = FILTERS.default!;
FILTERS.e = FILTERS.escape!;

function minMax(ctx: RuntimeContext, v: PyValue, a: PyValue[], k: PyKwargs, sign: 1 | -1): PyValue {
  const [cs, attribute] = bindArgs(sign > 0 ? 'max' : 'min', ['case_sensitive', 'attribute'], a, k, {
    case_sensitive: false,
    attribute: null,
  });
  const get = attrGetter(ctx, attribute, cs !== true);
  let best: PyValue | undefined;
  let bestKey: PyValue = null;
  for (const item of iterate(v)) {
    const key = get(item);
    if (best === undefined || pyCompare(key, bestKey) * sign > 0) {
      best = item;
      bestKey = key;
    }
  }
  return best ?? new Undefined(`No aggregated item, sequence was empty.`);
}

