/**
 * Scalars kept unboxed: a field read straight from the text whose value is a string, number, boolean or null keeps
 * only that primitive in its FieldMap slot; the value object (kind, style, origin) is made when first asked for,
 * from the text. A parse of 5,000 tools made 55,000 such objects (a third of what it kept), and on the API thread
 * each scavenge that fell inside a parse copied them: fewer bytes per parse, fewer parses with a scavenge in them.
 */
import { Scanner } from './scanner';
import type { SourceText } from './text-position';
import { TokenKind, type TokenKind as Kind } from './token-kind';
import { BooleanValue, NullValue, NumberValue, StringValue, type HoconValue } from './values';

/** What a field slot holds for a scalar not made into a value yet. */
export type ScalarPrimitive = string | number | boolean | null;

/** Whether a field slot holds an unboxed scalar (not a HoconValue or a HoconField: those are objects). */
export function isScalarPrimitive(slot: unknown): slot is ScalarPrimitive {
  return slot === null || typeof slot !== 'object';
}

/**
 * The value of a scalar token (`kind`, at start..end of `source`) whose value is `primitive` (as the one-pass reader
 * read it: a string's decoded text, a number, a boolean, null); `isFloat` for a number token.
 */
export function boxScalar(primitive: ScalarPrimitive, kind: Kind, isFloat: boolean, source: SourceText, start: number, end: number): HoconValue {
  if (primitive === null) return new NullValue(source, start, end);
  if (typeof primitive === 'boolean') return new BooleanValue(primitive, source, start, end);
  if (typeof primitive === 'number') return new NumberValue(primitive, source.text.slice(start, end), isFloat ? 'float' : 'int', source, start, end);
  const style = kind === TokenKind.QuotedString ? 'quoted' : kind === TokenKind.TripleQuotedString ? 'triple' : 'unquoted';
  return new StringValue(primitive, style, source, start, end);
}

/**
 * The value of a field whose key token starts at `keyStart` in `source`, read by the one-pass reader as `primitive`:
 * the key, a separator (':' or '='), and the value's one token, with white space and comments between.
 */
export function boxFieldScalar(primitive: ScalarPrimitive, source: SourceText, keyStart: number): HoconValue {
  const scanner = new Scanner(source.text, keyStart);
  scanner.skipTrivia = true;
  scanner.next(); // the key
  scanner.next(); // ':' or '='
  const kind = scanner.next();
  return boxScalar(primitive, kind, scanner.isFloat, source, scanner.tokenStart, scanner.pos);
}
