/**
 * JSON read into the Python value model: what Python's `json.loads` would build, by the one JSON reader
 * (shared/hocon's `readJsonWith`, with Python's rules: NaN, Infinity and -Infinity are numbers, a leading BOM is
 * skipped). Errors are its JsonSyntaxError: Python's words at a 1-based line and column (in UTF-16 units).
 *   - `1.0` stays a float (number), `1` an int (bigint, exact beyond 2^53);
 *   - `\ud800` escapes give lone surrogates; objects keep key order (a repeated key keeps its first place, last value).
 */
import { readJsonWith, type JsonBuilder, type JsonReadResult } from '../hocon/index';
import type { PyValue } from './types';

const PYTHON_VALUES: JsonBuilder<PyValue> = {
  // Python: a fraction or an exponent makes a float (so do NaN and Infinity); otherwise an int of any size.
  number: (text) => (/[.eENI]/.test(text) ? Number(text) : BigInt(text)),
  string: (value) => value,
  literal: (value) => value,
  array: (items) => items,
  object: (members) => new Map(members),
};

/** Reads one JSON document (surrounding whitespace allowed; a leading BOM is ignored). */
export function readJson(text: string): JsonReadResult<PyValue> {
  return readJsonWith(text, PYTHON_VALUES, { python: true });
}
