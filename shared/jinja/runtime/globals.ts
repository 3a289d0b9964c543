/** Jinja2's default globals: range, dict, namespace, cycler, joiner. */
import { PyCallable, type PyValue } from '../../pyvalue/types';
import { typeError } from '../errors';
import { Cycler, Joiner, Namespace, PyRange } from './objects';
import { asNumber } from './ops';
import { rangeTooBig, RENDER_LIMITS } from '../limits';

function intArg(v: PyValue): bigint {
  const n = asNumber(v);
  if (typeof n !== 'bigint') throw typeError(`'${typeof v === 'number' ? 'float' : 'object'}' object cannot be interpreted as an integer`);
  return n;
}

export function defaultGlobals(): Map<string, PyValue> {
  return new Map<string, PyValue>([
    [
      'range',
      new PyCallable('range', (args) => {
        if (args.length === 0 || args.length > 3) throw typeError(`range expected at most 3 arguments, got ${args.length}`);
        const [a, b, c] = args.map(intArg);
        const range = args.length === 1 ? new PyRange(0n, a!, 1n) : new PyRange(a!, b!, c ?? 1n);
        if (range.length() > RENDER_LIMITS.maxRange) throw rangeTooBig(range.length());
        return range;
      }),
    ],
    [
      'dict',
      new PyCallable('dict', (args, kwargs, budget) => {
        budget.makeItems((args[0] instanceof Map ? args[0].size : 0) + kwargs.size, 'dict()');
        const d = new Map<PyValue, PyValue>();
        if (args[0] instanceof Map) for (const [k, v] of args[0]) d.set(k, v);
        for (const [k, v] of kwargs) d.set(k, v);
        return d;
      }),
    ],
    [
      'namespace',
      new PyCallable('namespace', (args, kwargs, budget) => {
        budget.makeItems((args[0] instanceof Map ? args[0].size : 0) + kwargs.size, 'namespace()');
        const ns = new Namespace();
        if (args[0] instanceof Map) for (const [k, v] of args[0]) ns.attrs.set(budget.str(k, 'namespace()'), v);
        for (const [k, v] of kwargs) ns.attrs.set(k, v);
        return ns;
      }),
    ],
    ['cycler', new PyCallable('cycler', (args) => new Cycler(args))],
    ['joiner', new PyCallable('joiner', (args, kwargs, budget) => new Joiner(budget.str(args[0] ?? kwargs.get('sep') ?? ', ', 'joiner()')))],
  ]);
}
