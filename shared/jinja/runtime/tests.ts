/** Jinja2's builtin tests (`x is defined`, `n is divisibleby 3`, ...), as jinja2.tests defines them. */
import { Markup, PyObject, Undefined, isStr, strText, typeName, type PyValue } from '../../pyvalue/types';
import { typeError } from '../errors';
import type { TestFn } from './context';
import { asNumber, binaryOp, contains, iterate, pyCompare, pyEquals } from './ops';

function arg(args: PyValue[], i: number, test: string): PyValue {
  const v = args[i];
  if (v === undefined) throw typeError(`test '${test}' missing a required argument`);
  return v;
}

function isInteger(v: PyValue): boolean {
  return typeof v === 'bigint';
}

export const TESTS: Record<string, TestFn> = {
  boolean: (_c, v) => typeof v === 'boolean',
  callable: (_c, v) => v instanceof PyObject && v.callFn !== undefined,
  defined: (_c, v) => !(v instanceof Undefined),
  divisibleby: (c, v, a) => pyEquals(binaryOp('%', v, arg(a, 0, 'divisibleby'), c.budget, 'the divisibleby test'), 0n),
  eq: (_c, v, a) => pyEquals(v, arg(a, 0, 'eq')),
  escaped: (_c, v) => v instanceof Markup,
  even: (c, v) => {
    const n = asNumber(v);
    if (n === undefined) throw typeError(`unsupported operand type(s) for %: '${typeName(v)}' and 'int'`);
    return pyEquals(binaryOp('%', v, 2n, c.budget), 0n);
  },
  false: (_c, v) => v === false,
  filter: (c, v) => isStr(v) && c.hasFilter(strText(v)),
  float: (_c, v) => typeof v === 'number',
  ge: (_c, v, a) => pyCompare(v, arg(a, 0, 'ge'), '>=') >= 0,
  gt: (_c, v, a) => pyCompare(v, arg(a, 0, 'gt'), '>') > 0,
  in: (_c, v, a) => contains(arg(a, 0, 'in'), v),
  integer: (_c, v) => isInteger(v),
  iterable: (_c, v) => {
    try {
      iterate(v);
      return true;
    } catch {
      return false;
    }
  },
  le: (_c, v, a) => pyCompare(v, arg(a, 0, 'le'), '<=') <= 0,
  lower: (_c, v) => isStr(v) && /\p{Ll}/u.test(strText(v)) && !/[\p{Lu}\p{Lt}]/u.test(strText(v)),
  lt: (_c, v, a) => pyCompare(v, arg(a, 0, 'lt'), '<') < 0,
  mapping: (_c, v) => v instanceof Map,
  ne: (_c, v, a) => !pyEquals(v, arg(a, 0, 'ne')),
  none: (_c, v) => v === null,
  number: (_c, v) => typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean',
  odd: (c, v) => {
    const n = asNumber(v);
    if (n === undefined) throw typeError(`unsupported operand type(s) for %: '${typeName(v)}' and 'int'`);
    return pyEquals(binaryOp('%', v, 2n, c.budget), 1n);
  },
  sameas: (_c, v, a) => {
    const other = arg(a, 0, 'sameas');
    if (typeof v === 'number' || typeof other === 'number') return Object.is(v, other);
    return v === other;
  },
  sequence: (_c, v) => isStr(v) || Array.isArray(v) || v instanceof Map || (v instanceof PyObject && v.length() !== undefined),
  string: (_c, v) => isStr(v),
  test: (c, v) => isStr(v) && c.hasTest(strText(v)),
  true: (_c, v) => v === true,
  undefined: (_c, v) => v instanceof Undefined,
  upper: (_c, v) => isStr(v) && /\p{Lu}/u.test(strText(v)) && !/[\p{Ll}\p{Lt}]/u.test(strText(v)),
};
TESTS['=='] = TESTS.eq!;
TESTS.equalto = TESTS.eq!;
TESTS['!='] = TESTS.ne!;
TESTS['<'] = TESTS.lt!;
TESTS.lessthan = TESTS.lt!;
TESTS['<='] = TESTS.le!;
TESTS['>'] = TESTS.gt!;
TESTS.greaterthan = TESTS.gt!;
TESTS['>='] = TESTS.ge!;
