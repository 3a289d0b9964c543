/**
 * neuro-san's values made straight from the tree pyhocon parsed (reading.ts's `parsedTreeOf`), for a file read both
 * ways (a project's): the same answers as making its JSON (`exact`) and origins first and comparing or converting
 * those (asResolvedDocument.ts's `sameValue` and `toHocon`), without making them: a project's files are mostly read
 * the same both ways, and the JSON and its origins by JSON pointer were most of what reading them cost after parsing.
 */
import { ArrayValue, BooleanValue, FieldMap, HoconField, NullValue, NumberValue, ObjectValue, StringValue, type HoconObject, type HoconValue } from '../hocon/index';
import type { SourceText } from '../hocon/index';
import { floatRepr } from '../pyvalue/floatRepr';
import { ConfigTree, listSpans, type ConfigValues, type FieldSpan, type PyHocon, type SourceSpan } from './pyhoconModel';
import { itemOf } from './reading';

/** Whether the tree's JSON is `spec` in every respect the app reads: kinds, values, integers and floats. */
export function treeSameAs(value: PyHocon | ConfigValues, spec: HoconValue): boolean {
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
    for (let i = 0; i < value.length; i++) if (!treeSameAs(value[i]!, spec.elements[i]!)) return false;
    return true;
  }
  if (!(value instanceof ConfigTree) || spec.kind !== 'object' || spec.fields.size !== value.map.size) return false;
  for (const key of value.map.keys()) {
    const field = spec.fields.value(key);
    if (field === undefined || !treeSameAs(itemOf(value, key), field)) return false;
  }
  return true;
}

/**
 * The tree's JSON as HoconValues, each pointing at the text it came from (its parent's when unknown), where the tree
 * kept its positions; a value the same as the spec's at the same place is the spec's own.
 */
export function treeToHocon(tree: ConfigTree | PyHocon[], sources: ReadonlyMap<string, SourceText>, fallback: SourceText, spec: HoconValue | undefined): HoconValue {
  return convert(tree, undefined, sources, fallback, undefined, spec);
}

function convert(
  value: PyHocon | ConfigValues,
  origin: FieldSpan | undefined,
  sources: ReadonlyMap<string, SourceText>,
  fallback: SourceText,
  inherited: SourceSpan | undefined,
  spec: HoconValue | undefined,
): HoconValue {
  if (spec !== undefined && treeSameAs(value, spec)) return spec;
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
    const spans = listSpans.get(value);
    const elements: HoconValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const at = spans?.[i];
      elements.push(convert(value[i]!, at !== undefined ? { value: at } : undefined, sources, fallback, span, spec?.kind === 'array' ? spec.elements[i] : undefined));
    }
    return new ArrayValue(elements, source, start, end);
  }
  if (!(value instanceof ConfigTree)) throw new Error(`neuro-san's reading holds what json.dumps refuses: ${String(value)}`);
  const fields: HoconField[] = [];
  for (const key of [...value.map.keys()]) {
    const at = value.spans.get(key);
    const child = convert(itemOf(value, key), at, sources, fallback, span, spec?.kind === 'object' ? spec.fields.value(key) : undefined);
    const keySpan = at?.key;
    const keySource = keySpan !== undefined ? sources.get(keySpan.file) : undefined;
    const definition =
      keySpan !== undefined && keySource !== undefined && keySource === child.source
        ? { source: keySource, keyStart: keySpan.start, keyEnd: keySpan.end, valueStart: child.start, valueEnd: child.end, viaInclude: keySource !== fallback }
        : undefined;
    fields.push(HoconField.of(key, child, definition, keySource !== undefined && keySource !== fallback, false));
  }
  return new ObjectValue(new FieldMap(fields), source, start, end) as HoconObject;
}
