/**
 * Jinja2's builtin filters (3.1) with autoescape off. Each follows the Python implementation's behaviour, including
 * its quirks (`title` splits on `-\s({[<`, `truncate` has a leeway of 5, `round` returns a float).
 */
import { codePoints, codePointLength } from '../../pyvalue/codepoints';
import { JsonDumpsError, jsonDumps } from '../../pyvalue/jsonDumps';
import { pyStr } from '../../pyvalue/repr';
import { Markup, PyObject, Undefined, isStr, makeTuple, strText, typeName, type PyKwargs, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError } from '../errors';
import { bindArgs } from './args';
import type { FilterFn, RuntimeContext } from './context';
import { builtinMethod } from './methods';
import { missingAttribute, undefinedError } from './undefinedError';
import { asNumber, binaryOp, htmlEscape, iterate, pyCompare, pyEquals, pyLen, truthy } from './ops';
import { percentFormat } from './percentFormat';
import { pyCapitalize, pySplitLines, pyStrip } from './pystr';

function str(v: PyValue): string {
  return pyStr(v);
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
        : str(attribute).split('.').map((p) => (/^\d+$/.test(p) ? BigInt(p) : p));
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

function toList(v: PyValue): PyValue[] {
  return Array.isArray(v) ? v : [...iterate(v)];
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
  const rest = [...args];
  const getter = byAttr ? attrGetter(ctx, rest.shift()) : (v: PyValue) => v;
  const testName = rest.shift();
  const test = testName === undefined ? truthy : (v: PyValue) => ctx.applyTest(str(testName), v, rest, kwargs);
  return toList(value).filter((item) => test(getter(item)) === keep);
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

const WORD_BEGINNING = /([-\s({[<]+)/u;

export const FILTERS: Record<string, FilterFn> = {
  abs: (_c, v) => {
    const n = asNumber(v);
    if (n === undefined) throw typeError(`bad operand type for abs(): '${typeName(v)}'`);
    return typeof v === 'boolean' ? BigInt(Number(v)) : n < 0 ? -n : n;
  },
  // attr() is getattr only: unlike `x.name`, it never falls back to the dict item.
  attr: (_c, v, a) => {
    const name = str(a[0] ?? null);
    if (v instanceof Undefined) throw undefinedError(v);
    const found = v instanceof PyObject ? v.getAttr(name) : builtinMethod(v, name);
    return found ?? missingAttribute(v, name);
  },
  batch: (_c, v, a, k) => {
    const [count, fill] = bindArgs('batch', ['linecount', 'fill_with'], a, k, { fill_with: null });
    const n = intParam(count, 'linecount', 1);
    const out: PyValue[] = [];
    let tmp: PyValue[] = [];
    for (const item of iterate(v)) {
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
  capitalize: (_c, v) => sameKind(v, pyCapitalize(str(v))),
  center: (_c, v, a, k) => {
    const [width] = bindArgs('center', ['width'], a, k, { width: 80n });
    const s = str(v);
    const w = intParam(width, 'width', 80);
    const len = codePointLength(s);
    if (w <= len) return s;
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
  dictsort: (_c, v, a, k) => {
    const [cs, by, reverse] = bindArgs('dictsort', ['case_sensitive', 'by', 'reverse'], a, k, {
      case_sensitive: false,
      by: 'key',
      reverse: false,
    });
    if (!(v instanceof Map)) throw typeError('dictsort expects a dict');
    const pos = by === 'key' ? 0 : by === 'value' ? 1 : -1;
    if (pos < 0) throw new TemplateError('value', 'You can only sort by either "key" or "value"');
    const items = [...v].map(([key, val]) => makeTuple([key, val]));
    const key = (t: PyValue) => {
      const x = (t as PyValue[])[pos]!;
      return cs !== true && isStr(x) ? strText(x).toLowerCase() : x;
    };
    return sortValues(items, key, reverse === true);
  },
  escape: (_c, v) => (v instanceof Markup ? v : new Markup(htmlEscape(str(v)))),
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
  forceescape: (_c, v) => new Markup(htmlEscape(str(v))),
  format: (_c, v, a, k) => {
    if (a.length > 0 && k.size > 0) throw new TemplateError('type', "can't handle positional and keyword arguments at the same time");
    const args: PyValue = k.size > 0 ? new Map(k) : makeTuple(a);
    return sameKind(v, percentFormat(str(v), args));
  },
  indent: (_c, v, a, k) => {
    const [width, first, blank] = bindArgs('indent', ['width', 'first', 'blank'], a, k, { width: 4n, first: false, blank: false });
    const indention = isStr(width!) ? strText(width) : ' '.repeat(intParam(width, 'width', 4));
    const s = `${str(v)}\n`;
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
  int: (_c, v, a, k) => {
    const [dflt, base] = bindArgs('int', ['default', 'base'], a, k, { default: 0n, base: 10n });
    if (typeof v === 'bigint') return v;
    if (typeof v === 'boolean') return v ? 1n : 0n;
    if (typeof v === 'number') return Number.isFinite(v) ? BigInt(Math.trunc(v)) : dflt!;
    if (isStr(v)) {
      const s = strText(v).trim().replace(/_/g, '');
      const b = intParam(base, 'base', 10);
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
  items: (_c, v) => {
    if (v instanceof Undefined) return [];
    if (!(v instanceof Map)) throw typeError(`Can only get item pairs from a mapping.`);
    return [...v].map(([key, val]) => makeTuple([key, val]));
  },
  join: (ctx, v, a, k) => {
    const [d, attribute] = bindArgs('join', ['d', 'attribute'], a, k, { d: '', attribute: null });
    let items = toList(v);
    if (attribute !== null && attribute !== undefined) items = items.map(attrGetter(ctx, attribute));
    const text = items.map(str).join(str(d!));
    return items.some((x) => x instanceof Markup) || d instanceof Markup ? new Markup(text) : text;
  },
  last: (_c, v) => {
    const items = toList(v);
    return items.length > 0 ? items[items.length - 1]! : new Undefined('No last item, sequence was empty.');
  },
  length: (_c, v) => {
    const n = pyLen(v);
    if (n === undefined) throw typeError(`object of type '${typeName(v)}' has no len()`);
    return BigInt(n);
  },
  list: (_c, v) => [...iterate(v)],
  lower: (_c, v) => sameKind(v, str(v).toLowerCase()),
  map: (ctx, v, a, k) => {
    const items = toList(v);
    if (a.length === 0 && k.has('attribute')) {
      const get = attrGetter(ctx, k.get('attribute'), false, k.get('default'));
      return items.map(get);
    }
    const [name, ...rest] = a;
    if (name === undefined) throw typeError('map requires a filter argument');
    return items.map((item) => ctx.applyFilter(str(name), item, rest, k));
  },
  max: (ctx, v, a, k) => minMax(ctx, v, a, k, 1),
  min: (ctx, v, a, k) => minMax(ctx, v, a, k, -1),
  reject: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, false, false),
  rejectattr: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, true, false),
  replace: (_c, v, a, k) => {
    const [old, rep, count] = bindArgs('replace', ['old', 'new', 'count'], a, k, { count: null });
    const s = str(v);
    const o = str(old ?? null);
    const r = str(rep ?? null);
    const n = count === null || count === undefined ? -1 : intParam(count, 'count', -1);
    const parts = s.split(o);
    const out = n < 0 || parts.length <= n + 1 ? parts.join(r) : parts.slice(0, n + 1).join(r) + o + parts.slice(n + 1).join(o);
    return sameKind(v, out);
  },
  reverse: (_c, v) => {
    if (isStr(v)) return sameKind(v, codePoints(strText(v)).reverse().join(''));
    return [...iterate(v)].reverse();
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
  safe: (_c, v) => (v instanceof Markup ? v : new Markup(str(v))),
  select: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, false, true),
  selectattr: (ctx, v, a, k) => selectOrReject(ctx, v, a, k, true, true),
  sort: (ctx, v, a, k) => {
    const [reverse, cs, attribute] = bindArgs('sort', ['reverse', 'case_sensitive', 'attribute'], a, k, {
      reverse: false,
      case_sensitive: false,
      attribute: null,
    });
    return sortValues(toList(v), attrGetter(ctx, attribute, cs !== true), reverse === true);
  },
  string: (_c, v) => (v instanceof Markup ? v : str(v)),
  sum: (ctx, v, a, k) => {
    const [attribute, start] = bindArgs('sum', ['attribute', 'start'], a, k, { attribute: null, start: 0n });
    const get = attrGetter(ctx, attribute);
    let total: PyValue = start ?? 0n;
    for (const item of iterate(v)) total = binaryOp('+', total, get(item));
    return total;
  },
  title: (_c, v) =>
    sameKind(
      v,
      str(v)
        .split(WORD_BEGINNING)
        .filter((item) => item !== '')
        .map((item) => {
          const [first, ...rest] = codePoints(item);
          return first!.toUpperCase() + rest.join('').toLowerCase();
        })
        .join(''),
    ),
  tojson: (ctx, v, a, k) => {
    const [indent] = bindArgs('tojson', ['indent'], a, k, { indent: null });
    const ind = indent === null || indent === undefined ? null : isStr(indent) ? strText(indent) : intParam(indent, 'indent', 0);
    try {
      return new Markup(jsonDumps(v, { sortKeys: ctx.sortKeys, htmlSafe: true, indent: ind }));
    } catch (error) {
      if (error instanceof JsonDumpsError) throw new TemplateError('type', error.message);
      throw error;
    }
  },
  trim: (_c, v, a, k) => {
    const [chars] = bindArgs('trim', ['chars'], a, k, { chars: null });
    return sameKind(v, pyStrip(str(v), chars === null || chars === undefined ? null : str(chars)));
  },
  truncate: (_c, v, a, k) => {
    const [length, killwords, end, leeway] = bindArgs('truncate', ['length', 'killwords', 'end', 'leeway'], a, k, {
      length: 255n,
      killwords: false,
      end: '...',
      leeway: null,
    });
    const s = str(v);
    const cps = codePoints(s);
    const len = intParam(length, 'length', 255);
    const lee = leeway === null || leeway === undefined ? 5 : intParam(leeway, 'leeway', 5);
    const e = str(end!);
    const endLen = codePointLength(e);
    if (len < endLen) throw new TemplateError('value', `expected length >= ${endLen}, got ${len}`);
    if (lee < 0) throw new TemplateError('value', `expected leeway >= 0, got ${lee}`);
    if (cps.length <= len + lee) return s;
    const head = cps.slice(0, len - endLen).join('');
    if (killwords === true) return head + e;
    const cut = head.lastIndexOf(' ');
    return (cut === -1 ? head : head.slice(0, cut)) + e;
  },
  unique: (ctx, v, a, k) => {
    const [cs, attribute] = bindArgs('unique', ['case_sensitive', 'attribute'], a, k, { case_sensitive: false, attribute: null });
    const get = attrGetter(ctx, attribute, cs !== true);
    const seen: PyValue[] = [];
    const out: PyValue[] = [];
    for (const item of iterate(v)) {
      const key = get(item);
      if (!seen.some((s) => pyEquals(s, key))) {
        seen.push(key);
        out.push(item);
      }
    }
    return out;
  },
  upper: (_c, v) => sameKind(v, str(v).toUpperCase()),
  wordcount: (_c, v) => BigInt((str(v).match(/[\p{L}\p{N}_]+/gu) ?? []).length),
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

