/**
 * Resolved HOCON values. Every value is its own origin: `source` (the file it was written in), and `start`/`end`
 * (offsets of its text there). Use `originOf(value)` for the file name and line/column range.
 */
import type { Range, SourceText } from './text-position';

export interface Origin {
  source: SourceText;
  start: number;
  end: number;
}

export interface HoconObject extends Origin {
  kind: 'object';
  /** Fields in the order they were first defined. */
  fields: Map<string, HoconField>;
}

/** Where a key was set: the key's text and the value's text. A key defined twice has two definitions. */
export interface FieldDefinition {
  keySource: SourceText;
  keyStart: number;
  keyEnd: number;
  valueSource: SourceText;
  valueStart: number;
  valueEnd: number;
  /** The definition was read from an included file. */
  viaInclude: boolean;
}

export interface HoconField {
  key: string;
  value: HoconValue;
  /** Every place this key was set at this level, oldest first; the last one is the one that (finally) won. */
  definitions: FieldDefinition[];
  /** The winning definition's value was (or contained) a substitution: `${x}`, `+=`, `${a} [1]`. */
  viaSubstitution: boolean;
  /** The winning definition came from an included file. */
  viaInclude: boolean;
}

export interface HoconArray extends Origin {
  kind: 'array';
  elements: HoconValue[];
}

export interface HoconString extends Origin {
  kind: 'string';
  value: string;
  /** How it was written; 'concatenation' for a value joined from several pieces. */
  style: 'quoted' | 'unquoted' | 'triple' | 'concatenation' | 'environment';
}

export interface HoconNumber extends Origin {
  kind: 'number';
  /** The value as a JavaScript number (inexact beyond 2^53: use `text` then). */
  value: number;
  /** The number as written in the source, e.g. `1.0`, `1e3`, `12345678901234567890`. */
  text: string;
  /** 'int' when written without '.', 'e' or 'E' (Python prints it as an int), else 'float'. */
  numberKind: 'int' | 'float';
}

export interface HoconBoolean extends Origin {
  kind: 'boolean';
  value: boolean;
}

export interface HoconNull extends Origin {
  kind: 'null';
}

export type HoconValue = HoconObject | HoconArray | HoconString | HoconNumber | HoconBoolean | HoconNull;

/** A value's origin in a form for messages: file name and 1-based line/column range. */
export function originOf(value: Origin): { file: string; range: Range } {
  return { file: value.source.name, range: value.source.rangeOf(value.start, value.end) };
}

/** The key range of a field's winning definition. */
export function keyOriginOf(field: HoconField): { file: string; range: Range } | undefined {
  const last = field.definitions[field.definitions.length - 1];
  if (last === undefined) return undefined;
  return { file: last.keySource.name, range: last.keySource.rangeOf(last.keyStart, last.keyEnd) };
}

/** Follows a path of keys through nested objects; undefined when any step is missing or not an object. */
export function getPath(root: HoconValue, path: readonly string[]): HoconValue | undefined {
  let current: HoconValue = root;
  for (const key of path) {
    if (current.kind !== 'object') return undefined;
    const field = current.fields.get(key);
    if (field === undefined) return undefined;
    current = field.value;
  }
  return current;
}

/** The field at a path (its parent must be an object); undefined when missing. */
export function getField(root: HoconObject, path: readonly string[]): HoconField | undefined {
  if (path.length === 0) return undefined;
  const parent = getPath(root, path.slice(0, -1));
  if (parent === undefined || parent.kind !== 'object') return undefined;
  return parent.fields.get(path[path.length - 1] as string);
}
