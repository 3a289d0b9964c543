/** Binds Python call arguments (positional + keyword) to a builtin's parameter list, raising as Python does. */
import type { PyKwargs, PyValue } from '../../pyvalue/types';
import { typeError } from '../errors';

/**
 * Returns the values for `params` in order; a parameter neither passed nor defaulted is `undefined`.
 * `defaults` maps parameter names to their default values.
 */
export function bindArgs(
  fname: string,
  params: string[],
  args: PyValue[],
  kwargs: PyKwargs,
  defaults: Record<string, PyValue> = {},
): (PyValue | undefined)[] {
  if (args.length > params.length) {
    throw typeError(`${fname}() takes at most ${params.length} positional arguments (${args.length} given)`);
  }
  const out: (PyValue | undefined)[] = params.map((p, i) => (i < args.length ? args[i] : undefined));
  for (const [k, v] of kwargs) {
    const i = params.indexOf(k);
    if (i === -1) throw typeError(`${fname}() got an unexpected keyword argument '${k}'`);
    if (i < args.length) throw typeError(`${fname}() got multiple values for argument '${k}'`);
    out[i] = v;
  }
  params.forEach((p, i) => {
    if (out[i] === undefined && p in defaults) out[i] = defaults[p];
  });
  return out;
}
