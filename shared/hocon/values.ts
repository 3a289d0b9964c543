/**
 * Resolved HOCON values. Every value is its own origin: `source` (the file it was written in), and `start`/`end`
 * (offsets of its text there). Use `originOf(value)` for the file name and line/column range.
 */
import type { FieldMap } from './fieldMap';
import type { Range, SourceText } from './textPosition';

export interface Origin {
  source: SourceText;
  start: number;
  end: number;
}

export interface HoconObject extends Origin {
  kind: 'object';
  /** Fields in the order they were first defined. */
  fields: FieldMap;
}

/** Where a key was set: the key's text and the value's text (in one file). A key defined twice has two definitions. */
export interface FieldDefinition {
  source: SourceText;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** The definition was read from an included file. */
  viaInclude: boolean;
}

const VIA_SUBSTITUTION = 1;
const VIA_INCLUDE = 2;
/** The latest definition is `latest` as a FieldDefinition (else `latest` is the value as first read: see `plain`). */
const LATEST_IS_DEFINITION = 4;
const NO_DEFINITIONS: readonly FieldDefinition[] = Object.freeze([]);

/**
 * A key of an object: its value and where it was set.
 *
 * Compact on purpose: a big toolbox has tens of thousands of fields, and a field record, a definitions array and a
 * definition record each was most of what reading one allocated. So the latest definition is one reference (for a
 * field read straight from the text, the value it was read as: its text is the definition's value text), earlier
 * ones (a key set twice) sit in a list made only when needed, and the flags share one number. `definitions`
 * builds the records on demand. Copy with `withValue`, not a spread (a spread drops the accessors).
 */
export class HoconField {
  /** Definitions before the latest, oldest first. */
  private earlier: FieldDefinition[] | undefined = undefined;

  /** Use `HoconField.of` or `HoconField.plain`. */
  private constructor(
    readonly key: string,
    public value: HoconValue,
    /** The latest definition: a FieldDefinition, or the value first read (an Origin), or undefined (no definition). */
    private latest: FieldDefinition | Origin | undefined,
    /** Where the key of the latest definition is. */
    public keyStart: number,
    public keyEnd: number,
    private flags: number,
  ) {}

  /** A field set by `definition` (if any). */
  static of(key: string, value: HoconValue, definition: FieldDefinition | undefined, viaInclude: boolean, viaSubstitution: boolean): HoconField {
    const flags = (viaInclude ? VIA_INCLUDE : 0) | (viaSubstitution ? VIA_SUBSTITUTION : 0);
    if (definition === undefined) return new HoconField(key, value, undefined, 0, 0, flags);
    return new HoconField(key, value, definition, definition.keyStart, definition.keyEnd, flags | LATEST_IS_DEFINITION);
  }

  /** A field read straight from a file's text (the value's own file): one definition, not via include or substitution. */
  static plain(key: string, value: HoconValue, keyStart: number, keyEnd: number): HoconField {
    return new HoconField(key, value, value, keyStart, keyEnd, 0);
  }

  /** The winning definition's value was (or contained) a substitution: `${x}`, `+=`, `${a} [1]`. */
  get viaSubstitution(): boolean {
    return (this.flags & VIA_SUBSTITUTION) !== 0;
  }

  set viaSubstitution(on: boolean) {
    this.flags = on ? this.flags | VIA_SUBSTITUTION : this.flags & ~VIA_SUBSTITUTION;
  }

  /** The winning definition came from an included file. */
  get viaInclude(): boolean {
    return (this.flags & VIA_INCLUDE) !== 0;
  }

  set viaInclude(on: boolean) {
    this.flags = on ? this.flags | VIA_INCLUDE : this.flags & ~VIA_INCLUDE;
  }

  /** The file of the latest definition (undefined when the key has none: made by merging values). */
  get definitionSource(): SourceText | undefined {
    return this.latest?.source;
  }

  /** How many times the key was set at this level. */
  get definitionCount(): number {
    return this.latest === undefined ? 0 : 1 + (this.earlier === undefined ? 0 : this.earlier.length);
  }

  /** The latest definition (the one that finally won), or undefined. */
  get lastDefinition(): FieldDefinition | undefined {
    const latest = this.latest;
    if (latest === undefined || (this.flags & LATEST_IS_DEFINITION) !== 0) return latest as FieldDefinition | undefined;
    const origin = latest as Origin;
    return { source: origin.source, keyStart: this.keyStart, keyEnd: this.keyEnd, valueStart: origin.start, valueEnd: origin.end, viaInclude: false };
  }

  /** Every place this key was set at this level, oldest first; the last one is the one that (finally) won. */
  get definitions(): readonly FieldDefinition[] {
    const last = this.lastDefinition;
    if (last === undefined) return NO_DEFINITIONS;
    return this.earlier === undefined ? [last] : [...this.earlier, last];
  }

  /** Records another place the key was set (it becomes the latest). */
  addDefinition(definition: FieldDefinition): void {
    const previous = this.lastDefinition;
    if (previous !== undefined) (this.earlier ??= []).push(previous);
    this.latest = definition;
    this.keyStart = definition.keyStart;
    this.keyEnd = definition.keyEnd;
    this.flags |= LATEST_IS_DEFINITION;
  }

  /** A copy with another value (and, when given, `earlierField`'s definitions before this one's). */
  withValue(value: HoconValue, earlierField?: HoconField): HoconField {
    const copy = new HoconField(this.key, value, this.latest, this.keyStart, this.keyEnd, this.flags);
    const before = earlierField === undefined ? [] : [...earlierField.definitions];
    if (this.earlier !== undefined) before.push(...this.earlier);
    if (this.latest === undefined) {
      // No definition of its own: the earlier field's latest becomes the latest.
      const last = before.pop();
      if (last !== undefined) copy.addDefinition(last);
    }
    if (before.length > 0) copy.earlier = before;
    return copy;
  }
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

/*
 * Values are made with these constructors, never as object literals. V8 tracks where each object literal is made
 * and, when most objects from one place outlive a scavenge (a parse's values all do), may decide to allocate that
 * place's objects in the old generation from then on ("pretenuring"). Then old objects point to young ones, and
 * every scavenge must walk those pointers: on the API thread, about half of the threads took three times as long
 * per scavenge, for their whole life (bench/hocon-parse.bench.mjs: 8 fresh threads, 16-21 scavenges over 21 parses
 * of 5,000 tools took 270-460 ms instead of 90-110 ms). V8 keeps no such record for objects made by `new`. One
 * class per kind also gives every value of a kind the same shape, wherever it was made.
 */

export class ObjectValue implements HoconObject {
  readonly kind = 'object';
  constructor(
    public fields: FieldMap,
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

export class ArrayValue implements HoconArray {
  readonly kind = 'array';
  constructor(
    public elements: HoconValue[],
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

export class StringValue implements HoconString {
  readonly kind = 'string';
  constructor(
    public value: string,
    public style: HoconString['style'],
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

export class NumberValue implements HoconNumber {
  readonly kind = 'number';
  constructor(
    public value: number,
    public text: string,
    public numberKind: HoconNumber['numberKind'],
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

export class BooleanValue implements HoconBoolean {
  readonly kind = 'boolean';
  constructor(
    public value: boolean,
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

export class NullValue implements HoconNull {
  readonly kind = 'null';
  constructor(
    public source: SourceText,
    public start: number,
    public end: number,
  ) {}
}

/** A value's origin in a form for messages: file name and 1-based line/column range. */
export function originOf(value: Origin): { file: string; range: Range } {
  return { file: value.source.name, range: value.source.rangeOf(value.start, value.end) };
}

/** The key range of a field's winning definition. */
export function keyOriginOf(field: HoconField): { file: string; range: Range } | undefined {
  const source = field.definitionSource;
  if (source === undefined) return undefined;
  return { file: source.name, range: source.rangeOf(field.keyStart, field.keyEnd) };
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
