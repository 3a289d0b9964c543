/**
 * The methods a template can call on Python builtins (`name.upper()`, `d.items()`, `list.append(x)`), returned as
 * bound callables by attribute lookup. Only what templates commonly use; others come back as undefined attributes.
 */
import { codePointLength } from '../../pyvalue/codepoints';
import { pyStr } from '../../pyvalue/repr';
import { Markup, PyCallable, isStr, strText, typeName, type PyDict, type PyKwargs, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError, valueError } from '../errors';
import { bindArgs } from './args';
import { DictView } from './objects';
import { dictLookup, iterate, pyEquals } from './ops';
import { pyCapitalize, pySplit, pySplitLines, pyStrip, pyTitle } from './pystr';


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

const STR_METHODS: Record<string, (s: string, args: PyValue[], kwargs: PyKwargs) => PyValue> = {
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  title: (s) => pyTitle(s),
  capitalize: (s) => pyCapitalize(s),
  strip: (s, a) => pyStrip(s, optStr(a[0], 'strip')),
  lstrip: (s, a) => pyStrip(s, optStr(a[0], 'lstrip'), 'left'),
  rstrip: (s, a) => pyStrip(s, optStr(a[0], 'rstrip'), 'right'),
  split: (s, a, k) => {
    const [sep, max] = bindArgs('split', ['sep', 'maxsplit'], a, k);
    return pySplit(s, optStr(sep, 'split'), intArg(max, -1));
  },
  splitlines: (s) => pySplitLines(s),
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
  replace: (s, a) => {
    const old = strArg(a[0], 'replace');
    const rep = strArg(a[1], 'replace');
    const count = intArg(a[2], -1);
    if (count < 0) return s.split(old).join(rep);
    const parts = s.split(old);
    return parts.length <= count + 1 ? parts.join(rep) : parts.slice(0, count + 1).join(rep) + old + parts.slice(count + 1).join(old);
  },
  join: (s, a) => [...iterate(a[0] ?? null)].map((x) => strArg(x, 'join')).join(s),
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
  format: (s, a, k) => strFormat(s, a, k),
};

/** `str.format` for plain fields: `{}`, `{0}`, `{name}`, `{{`/`}}`; format specs are not supported. */
function strFormat(s: string, args: PyValue[], kwargs: PyKwargs): string {
  let auto = 0;
  return s.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole, field?: string) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    if (field!.includes(':') || field!.includes('!')) {
      throw new TemplateError('unsupported', 'str.format with conversions or format specs is not supported');
    }
    if (field === '') {
      if (auto >= args.length) throw new TemplateError('type', `IndexError: Replacement index ${auto} out of range`);
      return pyStr(args[auto++]!);
    }
    if (/^\d+$/.test(field!)) {
      const v = args[Number(field)];
      if (v === undefined) throw new TemplateError('type', `IndexError: Replacement index ${field} out of range`);
      return pyStr(v);
    }
    if (!kwargs.has(field!)) throw new TemplateError('type', `KeyError: '${field}'`);
    return pyStr(kwargs.get(field!)!);
  });
}

const LIST_METHODS: Record<string, (l: PyValue[], args: PyValue[]) => PyValue> = {
  append: (l, a) => {
    l.push(a[0] ?? null);
    return null;
  },
  extend: (l, a) => {
    l.push(...iterate(a[0] ?? null));
    return null;
  },
  insert: (l, a) => {
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
    if (i < 0) throw valueError(`${pyStr(a[0] ?? null)} is not in list`);
    return BigInt(i);
  },
  count: (l, a) => BigInt(l.filter((x) => pyEquals(x, a[0] ?? null)).length),
  copy: (l) => [...l],
};

const DICT_METHODS: Record<string, (d: PyDict, args: PyValue[], kwargs: PyKwargs) => PyValue> = {
  items: (d) => new DictView(d, 'items'),
  keys: (d) => new DictView(d, 'keys'),
  values: (d) => new DictView(d, 'values'),
  get: (d, a) => dictLookup(d, a[0] ?? null) ?? a[1] ?? null,
  copy: (d) => new Map(d),
  update: (d, a, k) => {
    const other = a[0];
    if (other instanceof Map) for (const [key, v] of other) d.set(key, v);
    for (const [key, v] of k) d.set(key, v);
    return null;
  },
  setdefault: (d, a) => {
    const key = a[0] ?? null;
    const found = dictLookup(d, key);
    if (found !== undefined) return found;
    d.set(key, a[1] ?? null);
    return a[1] ?? null;
  },
  pop: (d, a) => {
    const key = a[0] ?? null;
    const found = dictLookup(d, key);
    if (found === undefined) {
      if (a.length > 1) return a[1]!;
      throw new TemplateError('type', `KeyError: ${pyStr(key)}`);
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
    return new PyCallable(name, (args, kwargs) => {
      const result = m(text, args, kwargs);
      // Methods of Markup keep returning Markup for str results.
      return obj instanceof Markup && typeof result === 'string' ? new Markup(result) : result;
    });
  }
  if (Array.isArray(obj)) {
    const m = ownMethod(LIST_METHODS, name);
    return m ? new PyCallable(name, (args) => m(obj, args)) : undefined;
  }
  if (obj instanceof Map) {
    const m = ownMethod(DICT_METHODS, name);
    return m ? new PyCallable(name, (args, kwargs) => m(obj, args, kwargs)) : undefined;
  }
  return undefined;
}

