/**
 * Lossless HOCON: parse with positions, resolve as neuro-san does, edit without losing a comment.
 * See README.md in this folder for the overview. Everything here is pure: file access is injected.
 */
export type { Position, Range } from './text-position';
export { SourceText } from './text-position';
export type { Diagnostic } from './diagnostics';
export { HoconError, makeDiagnostic } from './diagnostics';
export { TokenKind, tokenKindName } from './token-kind';
export { scan, type Token } from './scanner';
export type * from './syntax-tree';
export { parseHocon, MAX_NESTING_DEPTH } from './parser';
export { printSyntax } from './printer';
export { IncludeBudget } from './include-budget';
export { INCLUDE_LIMITS, resolveHocon, resolveFile, type IncludeHost, type IncludeLimits, type ResolveOptions, type ResolvedDocument, type IncludeLookup } from './resolve';
export type {
  HoconValue,
  HoconObject,
  HoconArray,
  HoconString,
  HoconNumber,
  HoconBoolean,
  HoconNull,
  FieldDefinition,
  Origin,
} from './values';
// The value classes: readers that build a tree of their own (shared/neurosan) make the same kinds of values.
export { originOf, keyOriginOf, getPath, getField, BooleanValue, NumberValue, ArrayValue, ObjectValue, StringValue, NullValue, HoconField } from './values';
export { FieldMap } from './field-map';
export { isAbsolutePath, dirnameOf, joinPath, extensionOf, normalizePath } from './include-paths';
// The one JSON layer: JSON data and text from resolved values, the one reader (JSON.parse's or Python's rules), text
// kept as written.
export { toJson, toJsonText, type JsonValue, type ToJsonOptions, type ToJsonTextOptions } from './to-json';
export { valueAtPointer } from './json-pointer';
export {
  readJsonText,
  readJsonWith,
  scanJson,
  describeJsonSyntaxError,
  type JsonSyntaxError,
  type JsonReadResult,
  type JsonReadOptions,
  type JsonPath,
  type JsonBuilder,
} from './json-read';
export { JsonText, layoutJsonText, layoutIfJson, jsonMemberTexts } from './json-text';
export { parsePath, formatPath, formatKeySegment } from './path-expression';
export { applyEdits, type TextEdit, type FileTextEdit } from './text-edits';
export { setValue, insertKey, removeKey, renameKey, moveEntry, withValue, type PathLike, type EditOptions } from './editor';
export { setValueChecked, removeKeyChecked, EditRefusedError, type CheckedEditOptions } from './checked-edits';
