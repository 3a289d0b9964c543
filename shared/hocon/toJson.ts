/**
 * Plain JSON from resolved values: JSON data (toJson) and the one JSON text writer (toJsonText). Substitutions share
 * values (`a = [${b}, ${b}]`), so a small file can describe an enormous tree; both count what they write and stop
 * with a positioned error past a limit.
 */
import { CharCode } from './charCode';
import { HoconError, makeDiagnostic } from './diagnostics';
import type { FieldMap } from './fieldMap';
import { JsonLayout } from './jsonLayout';
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

export interface ToJsonTextOptions {
  /** Spaces a level, as JSON.stringify's third argument; 0 (the default) writes one line without spaces. */
  indent?: number;
  maxNodes?: number;
  /**
   * Whose JSON reader the text is for, so that it reads what neuro-san's pyhocon gives. Integers are exact for both
   * (`9223372036854775807`, not `9223372036854776000`).
   *  - 'javascript' (the default): otherwise as `JSON.stringify(toJson(value), null, indent)` writes it: floats as
   *    JavaScript writes them (`1.0` is `1`, `1e400` is `null`), integer-like keys first as an object orders them.
   *  - 'python' (Python's `json.loads`; the constructor args sent to the test-run worker): floats stay floats
   *    (`1.0`, `-0.0`, `Infinity`; `1` would be an int to Python), keys in the file's order.
   */
  reader?: 'javascript' | 'python';
}

/** The resolved value as JSON text for `reader`. Throws a HoconError (with a position) only past `maxNodes`. */
export function toJsonText(value: HoconValue, options: ToJsonTextOptions = {}): string {
  const python = options.reader === 'python';
  const limit = options.maxNodes ?? MAX_JSON_NODES;
  let budget = limit;
  const layout = new JsonLayout(options.indent ?? 0);
  // Iterative, as the conversion is: substitutions can nest a value deeper than recursion may go. The stack holds
  // values still to write, keys' JSON text, and CLOSE where a container ends; members are pushed in reverse.
  const stack: Array<HoconValue | string | typeof CLOSE> = [value];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === CLOSE) {
      layout.close();
      continue;
    }
    if (typeof item === 'string') {
      layout.token(item);
      continue;
    }
    if (--budget < 0) throw tooLarge(item, limit);
    if (item.kind === 'object') {
      const fields = item.fields;
      layout.open('{');
      stack.push(CLOSE);
      const order = python ? undefined : javascriptKeyOrder(fields);
      for (let j = fields.size - 1; j >= 0; j--) {
        const i = order ? order[j]! : j;
        stack.push(fields.valueAt(i), JSON.stringify(fields.keyAt(i)));
      }
    } else if (item.kind === 'array') {
      layout.open('[');
      stack.push(CLOSE);
      for (let i = item.elements.length - 1; i >= 0; i--) stack.push(item.elements[i]!);
    } else if (item.kind === 'number') {
      layout.token(numberText(item, python));
    } else {
      layout.token(item.kind === 'null' ? 'null' : JSON.stringify(item.value));
    }
  }
  return layout.text();
}

const CLOSE = Symbol('close');

/** A number's JSON text: an integer exact; a float as JavaScript writes it, or so that Python reads a float. */
function numberText(n: HoconNumber, python: boolean): string {
  const x = n.value;
  if (n.numberKind === 'int') return Number.isSafeInteger(x) ? String(x) : (exactIntegerDigits(n.text) ?? JSON.stringify(x));
  if (!python) return JSON.stringify(x);
  // JSON.stringify writes a whole float as an integer (1, 0 for -0.0) and an overflowing one as null; Python's json
  // reads `Infinity` (float('1e400') is what pyhocon gives). `1e+21` and `0.5` already read as floats.
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0.0';
  return Number.isInteger(x) && Math.abs(x) < 1e21 ? `${x}.0` : String(x);
}

/** The canonical digits of an integer's source text (`-9223372036854775808`), or undefined if it is not one. */
function exactIntegerDigits(text: string): string | undefined {
  try {
    return BigInt(text).toString();
  } catch {
    return undefined;
  }
}

/**
 * The order in which a JavaScript object (what toJson makes) holds these keys: array-index keys (`"2"`, `"10"`)
 * first, ascending, then the others in the file's order. Undefined when that is the file's order (no key starts with
 * a digit). An object without a prototype orders them so, and takes `__proto__` as a plain key.
 */
function javascriptKeyOrder(fields: FieldMap): number[] | undefined {
  let digits = false;
  for (let i = 0; i < fields.size && !digits; i++) {
    const c = fields.keyAt(i).charCodeAt(0);
    digits = c >= CharCode.Digit0 && c <= CharCode.Digit9;
  }
  if (!digits) return undefined;
  const places = Object.create(null) as Record<string, number>;
  for (let i = 0; i < fields.size; i++) places[fields.keyAt(i)] = i;
  return Object.keys(places).map((key) => places[key]!);
}

function tooLarge(v: HoconValue, limit: number): HoconError {
  return new HoconError(makeDiagnostic(v.source, v.start, v.end, `The resolved value is too large to convert (more than ${limit} values)`));
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
    if (--budget < 0) throw tooLarge(v, limit);
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
