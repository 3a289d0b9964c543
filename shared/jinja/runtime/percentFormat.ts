/**
 * Python's printf-style `str % args` (used by templates as `"%s: %d" % (a, b)` and by the `format` filter):
 * `%[(key)][flags][width][.precision]type` with types s r a d i u f F e E g G x X o c and `%%`.
 */
import { pyRepr } from '../../pyvalue/repr';
import { isTuple, typeName, type CallBudget, type PyValue } from '../../pyvalue/types';
import { TemplateError, typeError } from '../errors';

const SPEC = /%(?:\(([^)]*)\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?([diouxXeEfFgGcrsa%])/g;

function expFormat(x: number, precision: number, upper: boolean): string {
  const s = x.toExponential(precision);
  const [mantissa, exp] = s.split('e') as [string, string];
  const sign = exp.startsWith('-') ? '-' : '+';
  const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
  const out = `${mantissa}e${sign}${digits}`;
  return upper ? out.toUpperCase() : out;
}

function generalFormat(x: number, precision: number, alt: boolean, upper: boolean): string {
  const p = precision === 0 ? 1 : precision;
  if (x === 0) return alt ? `0.${'0'.repeat(p - 1)}` : '0';
  const exp = Number(x.toExponential(p - 1).split('e')[1]);
  let out: string;
  if (exp < -4 || exp >= p) {
    out = expFormat(x, p - 1, upper);
    if (!alt) out = out.replace(/\.?0+(?=[eE])/, '');
  } else {
    out = x.toFixed(Math.max(0, p - 1 - exp));
    if (!alt && out.includes('.')) out = out.replace(/\.?0+$/, '');
  }
  return out;
}

function toNumber(v: PyValue, type: string): bigint | number {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1n : 0n;
  throw typeError(`%${type} format: a real number is required, not ${typeName(v)}`);
}

function formatOne(type: string, flags: string, precision: number | undefined, v: PyValue, budget: CallBudget, what: string): string {
  switch (type) {
    case 's': {
      const text = budget.str(v, what);
      return precision === undefined ? text : text.slice(0, precision);
    }
    case 'r':
    case 'a': {
      const text = budget.repr(v, what);
      return precision === undefined ? text : text.slice(0, precision);
    }
    case 'c':
      if (typeof v === 'string' && [...v].length === 1) return v;
      if (typeof v === 'bigint') return String.fromCodePoint(Number(v));
      throw typeError('%c requires int or char');
  }
  const n = toNumber(v, type);
  const sign = (s: string) => (s.startsWith('-') ? s : flags.includes('+') ? `+${s}` : flags.includes(' ') ? ` ${s}` : s);
  switch (type) {
    case 'd':
    case 'i':
    case 'u': {
      const i = typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
      return sign(i.toString());
    }
    case 'x':
    case 'X':
    case 'o': {
      if (typeof n !== 'bigint') throw typeError(`%${type} format: an integer is required, not float`);
      const base = type === 'o' ? 8 : 16;
      const neg = n < 0n;
      let digits = (neg ? -n : n).toString(base);
      if (flags.includes('#')) digits = (type === 'o' ? '0o' : type === 'x' ? '0x' : '0X') + digits;
      if (type === 'X') digits = digits.toUpperCase();
      return sign(neg ? `-${digits}` : digits);
    }
  }
  const x = typeof n === 'bigint' ? Number(n) : n;
  if (!Number.isFinite(x)) {
    const word = Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
    return sign(type === type.toUpperCase() ? word.toUpperCase() : word);
  }
  const p = precision ?? 6;
  switch (type) {
    case 'f':
    case 'F':
      return sign(x.toFixed(p));
    case 'e':
    case 'E':
      return sign(expFormat(x, p, type === 'E'));
    default:
      return sign(generalFormat(x, p, flags.includes('#'), type === 'G'));
  }
}

/**
 * `format % args`. What it makes is counted in `budget` as `what`, piece by piece before the text is put together:
 * a field repeated (`'%s%s%s' % (x, x, x)`), a wide padding (`'%*d' % (10**9, 1)`) or a value printing long stops
 * with the render limit's error before it is made.
 */
export function percentFormat(format: string, args: PyValue, budget: CallBudget, what: string): string {
  const positional = Array.isArray(args) && isTuple(args) ? args : [args];
  let made = format.length;
  const count = (n: number) => {
    if (made + n > budget.charsLeft) throw budget.tooMuch('characters', what, made + n);
    made += n;
  };
  let index = 0;
  let usedMapping = false;
  const next = (): PyValue => {
    if (index >= positional.length) throw typeError('not enough arguments for format string');
    return positional[index++]!;
  };
  const out = format.replace(SPEC, (_m, key: string | undefined, flags: string, width?: string, prec?: string, type?: string) => {
    if (type === '%') return '%';
    let value: PyValue;
    const w = width === '*' ? Number(next()) : width === undefined ? 0 : Number(width);
    const precision = prec === '*' ? Number(next()) : prec === undefined ? undefined : Number(prec);
    if (key !== undefined) {
      if (!(args instanceof Map)) throw typeError('format requires a mapping');
      usedMapping = true;
      if (!args.has(key)) throw new TemplateError('type', `KeyError: ${pyRepr(key)}`);
      value = args.get(key)!;
    } else value = next();
    let text = formatOne(type!, flags, precision, value, budget, what);
    count(Math.max(text.length, w));
    if (text.length < w) {
      if (flags.includes('-')) text = text.padEnd(w);
      else if (flags.includes('0') && !'srac'.includes(type!)) {
        const signChar = /^[-+ ]/.test(text) ? text[0]! : '';
        text = signChar + text.slice(signChar.length).padStart(w - signChar.length, '0');
      } else text = text.padStart(w);
    }
    return text;
  });
  if (!usedMapping && !(args instanceof Map) && index < positional.length) {
    throw typeError('not all arguments converted during string formatting');
  }
  budget.makeChars(out.length, what);
  return out;
}

