/**
 * Lossless HOCON: parse with positions, resolve as neuro-san does, edit without losing a comment.
 * See README.md in this folder for the overview. Everything here is pure: file access is injected.
 */
export type { Position, Range } from './textPosition';
export { SourceText } from './textPosition';
export type { Diagnostic } from './diagnostics';
export { HoconError, makeDiagnostic } from './diagnostics';
export { TokenKind, tokenKindName } from './tokenKind';
export { scan, Scanner, type Token } from './scanner';
export { isWhitespace } from './characterClasses';
export type * from './syntaxTree';
export { parseHocon, MAX_NESTING_DEPTH, MAX_KEYS, tooManyKeysMessage } from './parser';
export { printSyntax } from './printer';
export { IncludeBudget } from './includeBudget';
export { ParsedIncludes } from './parsedIncludes';
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
export { FieldMap } from './fieldMap';
export { isAbsolutePath, dirnameOf, joinPath, extensionOf, normalizePath, pathWithin, fileUrlPath, isUrlName } from './includePaths';
// The one JSON layer: JSON data and text from resolved values, the one reader (JSON.parse's or Python's rules), text
// kept as written.
export { toJson, toJsonText, type JsonValue, type ToJsonOptions, type ToJsonTextOptions } from './toJson';
export { valueAtPointer } from './jsonPointer';
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
} from './jsonRead';
export { JsonText, layoutJsonText, layoutIfJson, jsonMemberTexts } from './jsonText';
export { parsePath, formatPath, formatKeySegment } from './pathExpression';
export { applyEdits, type TextEdit, type FileTextEdit } from './textEdits';
export { formatHocon, type FormatOptions, type FormatRange, type FormatResult } from './formatter';
export { indentUnitOf } from './formatStyle';
export { setValue, insertKey, removeKey, renameKey, moveEntry, withValue, type PathLike, type EditOptions } from './editor';
export { keyDefinitions, definitionKindOf, DEFINITION_KINDS, setDefinition, removeDefinition, type KeyDefinition, type DefinitionKind } from './editor';
export { setValueChecked, setDefinitionChecked, removeDefinitionChecked, removeKeyChecked, EditRefusedError, type CheckedEditOptions } from './checkedEdits';
