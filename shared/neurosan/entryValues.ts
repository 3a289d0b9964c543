/**
 * The values of neuro-san's reading entry by entry, while a file is typed in (see entryCache.ts): each top-level
 * entry is converted to HoconValues once, with offsets relative to its text, and placed at its offset in each new
 * text. Where an entry's converted value is the specification's value of the same text in every respect the app
 * reads (kind, value, how written, positions, fields and their definitions), the spec's value (made for the keystroke
 * anyway) is taken as it is: nothing is made, and the two readings are the same object, so comparing them costs
 * nothing. The result is what converting the whole reading gives (`toHocon`), which the tests check.
 */
import { FieldMap } from '../hocon/index';
import { SourceText } from '../hocon/index';
import { ArrayValue, BooleanValue, HoconField, NullValue, NumberValue, ObjectValue, StringValue, type HoconValue } from '../hocon/index';
import { toHocon } from './treeValues';
import { ConfigTree, isPlainKey, type PyHocon } from './pyhoconModel';
import { ExpandedText, PyhoconParser, type IncludeResolution, type ParseContext } from './pyhoconParser';

/** An entry's field as `toHocon` makes it, offsets relative to the entry's text; undefined where it cannot be. */
export function convertEntry(chunk: string, file: string, cwd: string): HoconField | undefined {
  try {
    const { config } = parseEntry(chunk, file, cwd, true);
    if (!(config instanceof ConfigTree) || config.map.size !== 1) return undefined;
    // json.dumps reads a key through `get`, which may find another entry: only plain keys are converted alone.
    if (!isPlainKey(config.map.keys().next().value as string)) return undefined;
    const own = new SourceText(file, chunk);
    const root = toHocon(config, new Map([[file, own]]), own);
    return root.kind === 'object' && root.fields.size === 1 ? root.fields.fieldAt(0) : undefined;
  } catch {
    return undefined;
  }
}

/** The entry placed at `base` in `source`: a copy with every offset moved. */
export function placeEntry(field: HoconField, source: SourceText, base: number): HoconField {
  const d = field.lastDefinition;
  const value = placeValue(field.value, source, base);
  const definition =
    d === undefined
      ? undefined
      : { source, keyStart: d.keyStart + base, keyEnd: d.keyEnd + base, valueStart: d.valueStart + base, valueEnd: d.valueEnd + base, viaInclude: d.viaInclude };
  return HoconField.of(field.key, value, definition, field.viaInclude, field.viaSubstitution);
}

function placeValue(value: HoconValue, source: SourceText, base: number): HoconValue {
  const start = value.start + base;
  const end = value.end + base;
  switch (value.kind) {
    case 'object': {
      const fields: HoconField[] = [];
      for (const [, field] of value.fields) fields.push(placeEntry(field, source, base));
      return new ObjectValue(new FieldMap(fields), source, start, end);
    }
    case 'array':
      return new ArrayValue(
        value.elements.map((e) => placeValue(e, source, base)),
        source,
        start,
        end,
      );
    case 'string':
      return new StringValue(value.value, value.style, source, start, end);
    case 'number':
      return new NumberValue(value.value, value.text, value.numberKind, source, start, end);
    case 'boolean':
      return new BooleanValue(value.value, source, start, end);
    case 'null':
      return new NullValue(source, start, end);
  }
}

/**
 * The entry placed at `base` in `source`, taking the spec's field or value wherever it is the converted one in every
 * respect the app reads (then nothing is made, and comparing the two readings there costs nothing). `spec` is the
 * spec's field of the same text, read from it alone. Which parts are the same is worked out once per converted part
 * (the answer depends only on the entry's text) and kept.
 */
export function mergeEntry(field: HoconField, spec: HoconField, source: SourceText, base: number): HoconField {
  if (fieldSame(field, spec, source, base)) return spec;
  const d = field.lastDefinition;
  const value = mergeValue(field.value, spec.value, source, base);
  const definition =
    d === undefined
      ? undefined
      : { source, keyStart: d.keyStart + base, keyEnd: d.keyEnd + base, valueStart: d.valueStart + base, valueEnd: d.valueEnd + base, viaInclude: d.viaInclude };
  return HoconField.of(field.key, value, definition, field.viaInclude, field.viaSubstitution);
}

function mergeValue(value: HoconValue, spec: HoconValue, source: SourceText, base: number): HoconValue {
  if (valueSame(value, spec, source, base)) return spec;
  if (value.kind === 'object' && spec.kind === 'object') {
    const theirs = spec.fields;
    const fields: HoconField[] = [];
    for (let i = 0; i < value.fields.size; i++) {
      const field = value.fields.fieldAt(i);
      fields.push(i < theirs.size && theirs.keyAt(i) === field.key ? mergeEntry(field, theirs.fieldAt(i), source, base) : placeEntry(field, source, base));
    }
    return new ObjectValue(new FieldMap(fields), source, value.start + base, value.end + base);
  }
  if (value.kind === 'array' && spec.kind === 'array') {
    const theirs = spec.elements;
    return new ArrayValue(
      value.elements.map((e, i) => (i < theirs.length ? mergeValue(e, theirs[i]!, source, base) : placeValue(e, source, base))),
      source,
      value.start + base,
      value.end + base,
    );
  }
  return placeValue(value, source, base);
}

/**
 * Whether the converted entry (offsets relative to `base`) is, all of it, the spec's field of the same text. Most
 * entries are: compared first without keeping each part's answer (keeping them in `sameness` took a third of opening
 * a 5,000-tool file), and only an entry that differs somewhere is compared again keeping them, for mergeEntry.
 */
export function entrySameAsSpec(field: HoconField, spec: HoconField, source: SourceText, base: number): boolean {
  return fieldSameAlone(field, spec, source, base) || fieldSame(field, spec, source, base);
}

function fieldSameAlone(field: HoconField, spec: HoconField, source: SourceText, base: number): boolean {
  return fieldHeadSame(field, spec, source, base) && valueSameNow(field.value, spec.value, source, base, false);
}

/** Per converted field or value: whether the spec's at the same place in the same text is the same (kept). */
const sameness = new WeakMap<object, boolean>();

function fieldSame(field: HoconField, spec: HoconField, source: SourceText, base: number): boolean {
  let same = sameness.get(field);
  if (same === undefined) {
    same = fieldHeadSame(field, spec, source, base) && valueSame(field.value, spec.value, source, base);
    sameness.set(field, same);
  }
  return same;
}

/** The key, the flags and the definition, without the value. */
function fieldHeadSame(field: HoconField, spec: HoconField, source: SourceText, base: number): boolean {
  if (field.key !== spec.key || field.viaInclude !== spec.viaInclude || field.viaSubstitution !== spec.viaSubstitution) return false;
  if (spec.definitionCount !== 1 || spec.definitionSource !== source || field.keyStart + base !== spec.keyStart || field.keyEnd + base !== spec.keyEnd) return false;
  const a = field.lastDefinition;
  const b = spec.lastDefinition;
  if (a === undefined || b === undefined) return a === b;
  return a.viaInclude === b.viaInclude && a.valueStart + base === b.valueStart && a.valueEnd + base === b.valueEnd;
}

function valueSame(a: HoconValue, b: HoconValue, source: SourceText, base: number): boolean {
  let same = sameness.get(a);
  if (same === undefined) {
    same = valueSameNow(a, b, source, base, true);
    sameness.set(a, same);
  }
  return same;
}

/** `keep`: every part is looked at and its answer kept for mergeValue; else the first difference answers. */
function valueSameNow(a: HoconValue, b: HoconValue, source: SourceText, base: number, keep: boolean): boolean {
  if (a.kind !== b.kind || b.source !== source || a.start + base !== b.start || a.end + base !== b.end) return false;
  switch (a.kind) {
    case 'object': {
      const fields = (b as typeof a).fields;
      if (a.fields.size !== fields.size) return false;
      let same = true;
      for (let i = 0; i < fields.size && (same || keep); i++) {
        if (!(keep ? fieldSame : fieldSameAlone)(a.fields.fieldAt(i), fields.fieldAt(i), source, base)) same = false;
      }
      return same;
    }
    case 'array': {
      const elements = (b as typeof a).elements;
      if (a.elements.length !== elements.length) return false;
      let same = true;
      for (let i = 0; i < elements.length && (same || keep); i++) {
        if (!(keep ? valueSame(a.elements[i]!, elements[i]!, source, base) : valueSameNow(a.elements[i]!, elements[i]!, source, base, false))) same = false;
      }
      return same;
    }
    case 'string':
      return a.value === (b as typeof a).value && a.style === (b as typeof a).style;
    case 'number':
      return Object.is(a.value, (b as typeof a).value) && a.text === (b as typeof a).text && a.numberKind === (b as typeof a).numberKind;
    case 'boolean':
      return a.value === (b as typeof a).value;
    case 'null':
      return true;
  }
}

/** Reads an entry's text alone by pyhocon's rules (with the spans of its values when `recordSpans`). */
export function parseEntry(chunk: string, file: string, cwd: string, recordSpans: boolean): { config: ConfigTree | PyHocon[]; parseContext: ParseContext } {
  const parseContext: ParseContext = {
    host: undefined,
    cwd,
    includes: [] as IncludeResolution[],
    texts: new Map(),
    depth: 0,
    nesting: 0,
    substitutions: 0,
    recordSpans,
  };
  return { config: new PyhoconParser(new ExpandedText(chunk), file, undefined, parseContext).parseConfig(), parseContext };
}
