/**
 * The methods a template can call on Python builtins (`name.upper()`, `d.items()`, `list.append(x)`), returned as
 * bound callables by attribute lookup. Only what templates commonly use; others come back as undefined attributes.
 */
import { codePointLength } from '../../pyvalue/codepoints';
import { shortRepr } from '../../pyvalue/repr';
import { Markup, PyCallable, isStr, strText, typeName, type CallBudget, type PyDict, type PyKwargs, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError, valueError } from '../errors';
import { bindArgs } from './args';
import { DictView } from './objects';
import { dictLookup, pyEquals, toItems } from './ops';
import { pyCapitalize, pyReplace, pyReplaceCount, pySplit, pySplitCount, pySplitLines, pySplitLinesCount, pyStrip, pyTitle } from './pystr';


function optStr(v: PyValue | undefined, fname: string): string | null {
  if (v === undefined || v === null) return null;
  if (!isStr(v)) throw typeError(`${fname} arg must be None or str`);
  return strText(v);
}

function strArg(v: PyValue | undefined, fname: string): string {
  if (v === undefined || !isStr(v)) throw typeError(`${fname}() argument must be str, not ${typeName(v ?? null)}`);
  return strText(v);
}

function intArg(v: PyValue | undefined, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'bigint') return Number(v);
  throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
}

/**
 * A str made from `s` of about its length (case mapping may lengthen it a little: 'ß'.upper() is 'SS'): counted
 * before it is made, and the difference after.
 */
function remade(budget: CallBudget, what: string, s: string, make: (s: string) => string): string {
  budget.makeChars(s.length, what);
  const out = make(s);
  if (out.length > s.length) budget.makeChars(out.length - s.length, what);
  return out;
}

type StrMethod = (s: string, args: PyValue[], kwargs: PyKwargs, budget: CallBudget, what: string) => PyValue;

const STR_METHODS: Record<string, StrMethod> = {
  upper: (s, _a, _k, b, what) => remade(b, what, s, (x) => x.toUpperCase()),
  lower: (s, _a, _k, b, what) => remade(b, what, s, (x) => x.toLowerCase()),
  title: (s, _a, _k, b, what) => remade(b, what, s, pyTitle),
  capitalize: (s, _a, _k, b, what) => remade(b, what, s, pyCapitalize),
  strip: (s, a, _k, b, what) => remade(b, what, s, (x) => pyStrip(x, optStr(a[0], 'strip'))),
  lstrip: (s, a, _k, b, what) => remade(b, what, s, (x) => pyStrip(x, optStr(a[0], 'lstrip'), 'left')),
  rstrip: (s, a, _k, b, what) => remade(b, what, s, (x) => pyStrip(x, optStr(a[0], 'rstrip'), 'right')),
  split: (s, a, k, b, what) => {
    const [sep, max] = bindArgs('split', ['sep', 'maxsplit'], a, k);
    const separator = optStr(sep, 'split');
    if (separator === '') throw valueError('empty separator');
    const maxsplit = intArg(max, -1);
    b.makeItems(pySplitCount(s, separator, maxsplit), what);
    return pySplit(s, separator, maxsplit);
  },
  splitlines: (s, _a, _k, b, what) => {
    b.makeItems(pySplitLinesCount(s), what);
    return pySplitLines(s);
  },
  startswith: (s, a) => {
    const p = a[0];
    if (Array.isArray(p)) return p.some((x) => s.startsWith(strArg(x, 'startswith')));
    return s.startsWith(strArg(p, 'startswith'));
  },
  endswith: (s, a) => {
    const p = a[0];
    if (Array.isArray(p)) return p.some((x) => s.endsWith(strArg(x, 'endswith')));
    return s.endsWith(strArg(p, 'endswith'));
  },
  replace: (s, a, _k, b, what) => {
    const old = strArg(a[0], 'replace');
    const rep = strArg(a[1], 'replace');
    const count = intArg(a[2], -1);
    b.makeChars(s.length + pyReplaceCount(s, old, count) * (rep.length - old.length), what);
    return pyReplace(s, old, rep, count);
  },
  join: (s, a, _k, b, what) => {
    const items = Array.isArray(a[0]) ? a[0] : toItems(a[0] ?? null, b, what);
    const texts = items.map((x) => strArg(x, 'join'));
    b.makeChars(texts.reduce((n, t) => n + t.length, 0) + s.length * Math.max(0, texts.length - 1), what);
    return texts.join(s);
  },
  count: (s, a) => {
    const sub = strArg(a[0], 'count');
    if (sub === '') return BigInt(codePointLength(s) + 1);
    return BigInt(s.split(sub).length - 1);
  },
  find: (s, a) => {
    const i = s.indexOf(strArg(a[0], 'find'));
    return BigInt(i < 0 ? -1 : codePointLength(s.slice(0, i)));
  },
  isdigit: (s) => s !== '' && /^\p{Nd}+$/u.test(s),
  isalpha: (s) => s !== '' && /^\p{L}+$/u.test(s),
  isupper: (s) => /\p{Lu}/u.test(s) && !/\p{Ll}/u.test(s),
  islower: (s) => /\p{Ll}/u.test(s) && !/\p{Lu}/u.test(s),
  format: (s, a, k, b, what) => strFormat(s, a, k, b, what),
};

/**
 * `str.format` for plain fields: `{}`, `{0}`, `{name}`, `{{`/`}}`; format specs are not supported. What it makes is
 * counted field by field, before the text is put together (`'{0}{0}{0}'.format(x)` repeats x).
 */
function strFormat(s: string, args: PyValue[], kwargs: PyKwargs, budget: CallBudget, what: string): string {
  let auto = 0;
  let made = s.length;
  const field = (v: PyValue): string => {
    const text = budget.str(v, what);
    made += text.length;
    if (made > budget.charsLeft) budget.makeChars(made, what); // throws: past the limit
    return text;
  };
  const out = s.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole, name?: string) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    if (name!.includes(':') || name!.includes('!')) {
      throw new TemplateError('unsupported', 'str.format with conversions or format specs is not supported');
    }
    if (name === '') {
      if (auto >= args.length) throw new TemplateError('type', `IndexError: Replacement index ${auto} out of range`);
      return field(args[auto++]!);
    }
    if (/^\d+$/.test(name!)) {
      const v = args[Number(name)];
      if (v === undefined) throw new TemplateError('type', `IndexError: Replacement index ${name} out of range`);
      return field(v);
    }
    if (!kwargs.has(name!)) throw new TemplateError('type', `KeyError: '${name}'`);
    return field(kwargs.get(name!)!);
  });
  budget.makeChars(out.length, what);
  return out;
}

type ListMethod = (l: PyValue[], args: PyValue[], budget: CallBudget, what: string) => PyValue;

const LIST_METHODS: Record<string, ListMethod> = {
  append: (l, a, b, what) => {
    b.makeItems(1, what);
    l.push(a[0] ?? null);
    return null;
  },
  extend: (l, a, b, what) => {
    const items = Array.isArray(a[0]) ? a[0] : toItems(a[0] ?? null, b, what);
    b.makeItems(items.length, what);
    // Item by item (spreading a long list into push's arguments overflowed the stack), up to the length it has
    // now: `l.extend(l)` doubles l once, as in Python.
    const n = items.length;
    for (let i = 0; i < n; i++) l.push(items[i]!);
    return null;
  },
  insert: (l, a, b, what) => {
    b.makeItems(1, what);
    l.splice(intArg(a[0], 0), 0, a[1] ?? null);
    return null;
  },
  pop: (l, a) => {
    if (l.length === 0) throw new TemplateError('type', 'IndexError: pop from empty list');
    let i = intArg(a[0], -1);
    if (i < 0) i += l.length;
    if (i < 0 || i >= l.length) throw new TemplateError('type', 'IndexError: pop index out of range');
    return l.splice(i, 1)[0]!;
  },
  index: (l, a) => {
    const i = l.findIndex((x) => pyEquals(x, a[0] ?? null));
    if (i < 0) throw valueError(`${shortRepr(a[0] ?? null)} is not in list`);
    return BigInt(i);
  },
  count: (l, a) => BigInt(l.filter((x) => pyEquals(x, a[0] ?? null)).length),
  copy: (l, _a, b, what) => {
    b.makeItems(l.length, what);
    return [...l];
  },
};

type DictMethod = (d: PyDict, args: PyValue[], kwargs: PyKwargs, budget: CallBudget, what: string) => PyValue;

const DICT_METHODS: Record<string, DictMethod> = {
  items: (d) => new DictView(d, 'items'),
  keys: (d) => new DictView(d, 'keys'),
  values: (d) => new DictView(d, 'values'),
  get: (d, a) => dictLookup(d, a[0] ?? null) ?? a[1] ?? null,
  copy: (d, _a, _k, b, what) => {
    b.makeItems(d.size, what);
    return new Map(d);
  },
  update: (d, a, k, b, what) => {
    const other = a[0];
    b.makeItems((other instanceof Map ? other.size : 0) + k.size, what);
    if (other instanceof Map) for (const [key, v] of other) d.set(key, v);
    for (const [key, v] of k) d.set(key, v);
    return null;
  },
  setdefault: (d, a, _k, b, what) => {
    const key = a[0] ?? null;
    const found = dictLookup(d, key);
    if (found !== undefined) return found;
    b.makeItems(1, what);
    d.set(key, a[1] ?? null);
    return a[1] ?? null;
  },
  pop: (d, a) => {
    const key = a[0] ?? null;
    const found = dictLookup(d, key);
    if (found === undefined) {
      if (a.length > 1) return a[1]!;
      throw new TemplateError('type', `KeyError: ${shortRepr(key)}`);
    }
    d.delete(key);
    return found;
  },
};

/** A table's own entry only: `s.constructor` or `l.toString` must not reach Object.prototype's. */
function ownMethod<F>(table: Record<string, F>, name: string): F | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The bound method `obj.name`, or undefined when the builtin has no such method. */
export function builtinMethod(obj: PyValue, name: string): PyCallable | undefined {
  if (isStr(obj)) {
    const m = ownMethod(STR_METHODS, name);
    if (!m) return undefined;
    const text = strText(obj);
    return new PyCallable(name, (args, kwargs, budget) => {
      const result = m(text, args, kwargs, budget, `str.${name}()`);
      // Methods of Markup keep returning Markup for str results.
      return obj instanceof Markup && typeof result === 'string' ? new Markup(result) : result;
    });
  }
  if (Array.isArray(obj)) {
    const m = ownMethod(LIST_METHODS, name);
    return m ? new PyCallable(name, (args, _kwargs, budget) => m(obj, args, budget, `list.${name}()`)) : undefined;
  }
  if (obj instanceof Map) {
    const m = ownMethod(DICT_METHODS, name);
    return m ? new PyCallable(name, (args, kwargs, budget) => m(obj, args, kwargs, budget, `dict.${name}()`)) : undefined;
  }
  return undefined;
}

