/**
 * Plain JSON from resolved values. Substitutions share values (`a = [${b}, ${b}]`), so a small file can describe
 * an enormous tree; the conversion counts what it writes and stops with a positioned error past a limit.
 */
import { HoconError, makeDiagnostic } from './diagnostics';
import type { HoconValue } from './values';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const MAX_JSON_NODES = 10_000_000;

export interface ToJsonOptions {
  /** Integers beyond 2^53 as exact strings of digits instead of (rounded) numbers. Default false. */
  exactBigIntegersAsStrings?: boolean;
  maxNodes?: number;
}

/** Converts a resolved value to plain JSON data. Throws a HoconError (with a position) only past `maxNodes`. */
export function toJson(value: HoconValue, options: ToJsonOptions = {}): JsonValue {
  let budget = options.maxNodes ?? MAX_JSON_NODES;
  const exact = options.exactBigIntegersAsStrings === true;
  const convert = (v: HoconValue): JsonValue => {
    if (--budget < 0) {
      throw new HoconError(makeDiagnostic(v.source, v.start, v.end, `The resolved value is too large to convert (more than ${options.maxNodes ?? MAX_JSON_NODES} values)`));
    }
    switch (v.kind) {
      case 'object': {
        const out: { [key: string]: JsonValue } = {};
        const fields = v.fields;
        for (let i = 0; i < fields.size; i++) {
          const key = fields.keyAt(i);
          // A key named __proto__ must be data, never the prototype.
          if (key === '__proto__') Object.defineProperty(out, key, { value: convert(fields.valueAt(i)), enumerable: true, writable: true, configurable: true });
          else out[key] = convert(fields.valueAt(i));
        }
        return out;
      }
      case 'array':
        return v.elements.map(convert);
      case 'number':
        return exact && v.numberKind === 'int' && !Number.isSafeInteger(v.value) ? v.text : v.value;
      case 'null':
        return null;
      default:
        return v.value;
    }
  };
  return convert(value);
}
