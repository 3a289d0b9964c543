/**
 * Plain JSON from resolved values. Substitutions share values (`a = [${b}, ${b}]`), so a small file can describe
 * an enormous tree; the conversion counts what it writes and stops with a positioned error past a limit.
 */
import { HoconError, makeDiagnostic } from './diagnostics';
import type { HoconNumber, HoconValue } from './values';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const MAX_JSON_NODES = 10_000_000;

export interface ToJsonOptions {
  /** Integers beyond 2^53 as exact strings of digits instead of (rounded) numbers. Default false. */
  exactBigIntegersAsStrings?: boolean;
  maxNodes?: number;
}

/** Converts a resolved value to plain JSON data. Throws a HoconError (with a position) only past `maxNodes`. */
export function toJson(value: HoconValue, options: ToJsonOptions = {}): JsonValue {
  const exact = options.exactBigIntegersAsStrings === true;
  return convertToJson(value, options.maxNodes, (v) => (exact ? v.text : v.value));
}

/**
 * The resolved value as JSON text, as `JSON.stringify(toJson(value), null, indent)` writes it, except that integers
 * beyond ±(2^53 − 1) are written exactly (`9223372036854775807`, not `9223372036854776000`). A value without such
 * integers is written by JSON.stringify itself; only one with them takes the slower writer here.
 */
export function toJsonText(value: HoconValue, options: { indent?: number; maxNodes?: number } = {}): string {
  let big = false;
  const json = convertToJson(value, options.maxNodes, (v) => {
    const digits = exactIntegerDigits(v.text);
    if (digits === undefined) return v.value;
    big = true;
    return new ExactInteger(digits) as unknown as JsonValue;
  });
  return big ? writeJson(json, options.indent ?? 0) : JSON.stringify(json, null, options.indent);
}

/** An integer too large for a JavaScript number, as its canonical digits (only inside toJsonText). */
class ExactInteger {
  constructor(readonly digits: string) {}
}

/** The canonical digits of an integer's source text (`-9223372036854775808`), or undefined if it is not one. */
export function exactIntegerDigits(text: string): string | undefined {
  try {
    return BigInt(text).toString();
  } catch {
    return undefined;
  }
}

/** JSON.stringify's layout (`": "` after keys, `indent` spaces a level, `{}`/`[]` when empty), with ExactIntegers. */
function writeJson(value: JsonValue, indent: number): string {
  const out: string[] = [];
  const write = (v: JsonValue, depth: number): void => {
    if (v instanceof ExactInteger) {
      out.push(v.digits);
      return;
    }
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v));
      return;
    }
    const array = Array.isArray(v);
    const keys = array ? undefined : Object.keys(v);
    const count = array ? v.length : keys!.length;
    if (count === 0) {
      out.push(array ? '[]' : '{}');
      return;
    }
    const inner = indent > 0 ? '\n' + ' '.repeat(indent * (depth + 1)) : '';
    out.push(array ? '[' : '{');
    for (let i = 0; i < count; i++) {
      out.push(i === 0 ? inner : ',' + inner);
      if (array) write(v[i]!, depth + 1);
      else {
        out.push(JSON.stringify(keys![i]), indent > 0 ? ': ' : ':');
        write((v as { [key: string]: JsonValue })[keys![i]!]!, depth + 1);
      }
    }
    out.push(indent > 0 ? '\n' + ' '.repeat(indent * depth) : '', array ? ']' : '}');
  };
  write(value, 0);
  return out.join('');
}

/** The conversion; `bigInteger` gives what an integer beyond ±(2^53 − 1) becomes. */
function convertToJson(value: HoconValue, maxNodes: number | undefined, bigInteger: (v: HoconNumber) => JsonValue): JsonValue {
  let budget = maxNodes ?? MAX_JSON_NODES;
  const convert = (v: HoconValue): JsonValue => {
    if (--budget < 0) {
      throw new HoconError(makeDiagnostic(v.source, v.start, v.end, `The resolved value is too large to convert (more than ${maxNodes ?? MAX_JSON_NODES} values)`));
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
        return v.numberKind === 'int' && !Number.isSafeInteger(v.value) ? bigInteger(v) : v.value;
      case 'null':
        return null;
      default:
        return v.value;
    }
  };
  return convert(value);
}
