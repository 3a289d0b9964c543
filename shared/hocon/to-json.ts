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

/**
 * The conversion; `bigInteger` gives what an integer beyond ±(2^53 − 1) becomes. Iterative: substitutions can nest a
 * value far deeper than its text does (`a = {x: ${b}}, b = {x: ${c}}, ...`), deeper than recursion may go. Values are
 * converted in document order (a parent, then its members in order): each member is added to its parent when it is
 * reached, so keys keep the file's order, and the error past `maxNodes` is at the value recursion would stop at.
 */
function convertToJson(value: HoconValue, maxNodes: number | undefined, bigInteger: (v: HoconNumber) => JsonValue): JsonValue {
  const limit = maxNodes ?? MAX_JSON_NODES;
  let budget = limit;
  const root: JsonValue[] = [];
  // Values still to convert, each with the array or object its result joins (under `keys`' key; an array's member
  // has none); popped in document order, so members are pushed in reverse.
  const values: HoconValue[] = [value];
  const targets: Array<JsonValue[] | { [key: string]: JsonValue }> = [root];
  const keys: Array<string | undefined> = [undefined];
  const count = (v: HoconValue): void => {
    if (--budget < 0) {
      throw new HoconError(makeDiagnostic(v.source, v.start, v.end, `The resolved value is too large to convert (more than ${limit} values)`));
    }
  };
  const scalar = (v: Exclude<HoconValue, { kind: 'object' | 'array' }>): JsonValue => {
    if (v.kind === 'number') return v.numberKind === 'int' && !Number.isSafeInteger(v.value) ? bigInteger(v) : v.value;
    return v.kind === 'null' ? null : v.value;
  };
  while (values.length > 0) {
    const v = values.pop()!;
    const target = targets.pop()!;
    const key = keys.pop();
    count(v);
    let out: JsonValue;
    if (v.kind === 'object') {
      const object: { [key: string]: JsonValue } = {};
      const fields = v.fields;
      // Members that hold no object or array (most do not) are converted here, in order, without the stacks.
      let i = 0;
      for (; i < fields.size; i++) {
        const member = fields.valueAt(i);
        if (member.kind === 'object' || member.kind === 'array') break;
        count(member);
        setMember(object, fields.keyAt(i), scalar(member));
      }
      for (let j = fields.size - 1; j >= i; j--) {
        values.push(fields.valueAt(j));
        targets.push(object);
        keys.push(fields.keyAt(j));
      }
      out = object;
    } else if (v.kind === 'array') {
      const array: JsonValue[] = [];
      const elements = v.elements;
      let i = 0;
      for (; i < elements.length; i++) {
        const element = elements[i]!;
        if (element.kind === 'object' || element.kind === 'array') break;
        count(element);
        array.push(scalar(element));
      }
      for (let j = elements.length - 1; j >= i; j--) {
        values.push(elements[j]!);
        targets.push(array);
        keys.push(undefined);
      }
      out = array;
    } else {
      out = scalar(v);
    }
    if (key === undefined) (target as JsonValue[]).push(out);
    else setMember(target as { [key: string]: JsonValue }, key, out);
  }
  return root[0]!;
}

/** `out[key] = value`, except that a key named __proto__ becomes data (in its place), never the prototype. */
function setMember(out: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
