/**
 * neuro-san's values as the rest of the app reads them (HoconValues with origins), and whether they are the spec's:
 * the one place both are made, from either form a reading has. Straight from the tree pyhocon parsed (reading.ts's
 * `parsedTreeOf`: a dict is a ConfigTree, read through `itemOf`, with the positions it kept), which a project's files
 * use: they are mostly read the same both ways, and making the JSON and its origins by JSON pointer first was most of
 * what reading them cost after parsing. Or from the JSON (`exact`: a dict is a Map) and its `origins`, for a `.json`
 * file (no tree) and a reading that kept no positions.
 */
import { ArrayValue, BooleanValue, FieldMap, HoconField, NullValue, NumberValue, ObjectValue, StringValue, type HoconObject, type HoconValue } from '../hocon/index';
import type { SourceText } from '../hocon/index';
import { floatRepr } from '../pyvalue/floatRepr';
import { ConfigTree, listSpans, type ConfigValues, type FieldSpan, type PyHocon, type SourceSpan } from './pyhoconModel';
import { itemOf, pointerPart, type ExactJson, type ReadingOrigin } from './reading';

/** A value of a reading: of the parsed tree, or of its JSON. */
export type ReadValue = PyHocon | ConfigValues | ExactJson;

/** Whether neuro-san's value is `spec` in every respect the app reads: kinds, values, integers and floats. */
export function sameValue(value: ReadValue, spec: HoconValue): boolean {
  if (value === null) return spec.kind === 'null';
  if (typeof value === 'boolean') return spec.kind === 'boolean' && spec.value === value;
  if (typeof value === 'string') return spec.kind === 'string' && spec.value === value;
  if (typeof value === 'bigint') {
    if (spec.kind !== 'number' || spec.numberKind !== 'int') return false;
    if (Number.isSafeInteger(spec.value)) return BigInt(spec.value) === value;
    try {
      return BigInt(spec.text) === value;
    } catch {
      return false;
    }
  }
  if (typeof value === 'number') return spec.kind === 'number' && spec.numberKind === 'float' && Object.is(spec.value, value);
  if (Array.isArray(value)) {
    if (spec.kind !== 'array' || spec.elements.length !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (!sameValue(value[i]!, spec.elements[i]!)) return false;
    return true;
  }
  if (spec.kind !== 'object') return false;
  if (value instanceof Map) {
    if (spec.fields.size !== value.size) return false;
    for (const [key, item] of value) {
      const field = spec.fields.value(key);
      if (field === undefined || !sameValue(item, field)) return false;
    }
    return true;
  }
  if (!(value instanceof ConfigTree) || spec.fields.size !== value.map.size) return false;
  for (const key of value.map.keys()) {
    const field = spec.fields.value(key);
    if (field === undefined || !sameValue(itemOf(value, key), field)) return false;
  }
  return true;
}

/**
 * neuro-san's value as HoconValues, each pointing at the text it came from (its parent's when unknown): positions are
 * the tree's own, or for a JSON value (`exact`) its reading's `origins`. With `spec` (the specification's value at the
 * same place), a value the same as the spec's is the spec's own.
 */
export function toHocon(
  value: ReadValue,
  sources: ReadonlyMap<string, SourceText>,
  fallback: SourceText,
  spec?: HoconValue,
  origins?: ReadonlyMap<string, ReadingOrigin>,
): HoconValue {
  return convert(value, origins?.get(''), origins !== undefined ? { origins, pointer: '' } : undefined, sources, fallback, undefined, spec);
}

/** Where a JSON value is: its pointer into the reading's origins (a tree's values carry their positions). */
interface JsonPlace {
  origins: ReadonlyMap<string, ReadingOrigin>;
  pointer: string;
}

function convert(
  value: ReadValue,
  origin: FieldSpan | undefined,
  place: JsonPlace | undefined,
  sources: ReadonlyMap<string, SourceText>,
  fallback: SourceText,
  inherited: SourceSpan | undefined,
  spec: HoconValue | undefined,
): HoconValue {
  if (spec !== undefined && sameValue(value, spec)) return spec;
  const span = origin?.value ?? inherited;
  const source = (span !== undefined ? sources.get(span.file) : undefined) ?? fallback;
  const start = span?.start ?? 0;
  const end = span?.end ?? 0;
  if (value === null) return new NullValue(source, start, end);
  if (typeof value === 'boolean') return new BooleanValue(value, source, start, end);
  if (typeof value === 'bigint') return new NumberValue(Number(value), value.toString(), 'int', source, start, end);
  if (typeof value === 'number') return new NumberValue(value, floatRepr(value), 'float', source, start, end);
  if (typeof value === 'string') return new StringValue(value, 'quoted', source, start, end);
  if (Array.isArray(value)) {
    const spans = place === undefined ? listSpans.get(value as PyHocon[]) : undefined;
    const elements: HoconValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const at = place !== undefined ? `${place.pointer}/${i}` : undefined;
      const kept = spans?.[i];
      const elementOrigin = at !== undefined ? place!.origins.get(at) : kept !== undefined ? { value: kept } : undefined;
      const elementPlace = at !== undefined ? { origins: place!.origins, pointer: at } : undefined;
      elements.push(convert(value[i]!, elementOrigin, elementPlace, sources, fallback, span, spec?.kind === 'array' ? spec.elements[i] : undefined));
    }
    return new ArrayValue(elements, source, start, end);
  }
  const tree = value instanceof ConfigTree ? value : undefined;
  if (tree === undefined && !(value instanceof Map)) throw new Error(`neuro-san's reading holds what json.dumps refuses: ${String(value)}`);
  const fields: HoconField[] = [];
  for (const key of tree !== undefined ? [...tree.map.keys()] : [...(value as Map<string, ExactJson>).keys()]) {
    const at = place !== undefined ? `${place.pointer}/${pointerPart(key)}` : undefined;
    const fieldOrigin = at !== undefined ? place!.origins.get(at) : tree?.spans.get(key);
    const item = tree !== undefined ? itemOf(tree, key) : (value as Map<string, ExactJson>).get(key)!;
    const child = convert(item, fieldOrigin, at !== undefined ? { origins: place!.origins, pointer: at } : undefined, sources, fallback, span, spec?.kind === 'object' ? spec.fields.value(key) : undefined);
    const keySpan = fieldOrigin?.key;
    const keySource = keySpan !== undefined ? sources.get(keySpan.file) : undefined;
    const definition =
      keySpan !== undefined && keySource !== undefined && keySource === child.source
        ? { source: keySource, keyStart: keySpan.start, keyEnd: keySpan.end, valueStart: child.start, valueEnd: child.end, viaInclude: keySource !== fallback }
        : undefined;
    fields.push(HoconField.of(key, child, definition, keySource !== undefined && keySource !== fallback, false));
  }
  return new ObjectValue(new FieldMap(fields), source, start, end) as HoconObject;
}
