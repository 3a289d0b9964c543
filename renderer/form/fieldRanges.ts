import { parseHocon, type ValueNode } from '../../shared/hocon';

type Ranges = Map<string, { start: number; end: number; value: ValueNode }>;

/** The fields of a syntax object by key (the last definition wins, as in the resolved value), at absolute offsets. */
function childRanges(object: ValueNode | undefined, base: number): Ranges {
  const ranges: Ranges = new Map();
  if (object?.kind !== 'object') return ranges;
  for (const entry of object.entries) {
    if (entry.kind !== 'field') continue;
    const key = entry.key.segments[0]?.name;
    if (key !== undefined) ranges.set(key, { start: base + entry.start, end: base + entry.end, value: entry.value });
  }
  return ranges;
}

/**
 * Where each top-level field of one tool entry is written (absolute offsets), so a diagnostic can be shown next to
 * the form field it concerns. Parses only the entry's value text (small), never the whole file.
 */
export function entryFieldRanges(text: string, valueStart: number, valueEnd: number): Map<string, { start: number; end: number }> {
  return childRanges(parseHocon(text.slice(valueStart, valueEnd)).root, valueStart);
}

/** The field whose range contains the offset, or undefined (the message belongs to the entry as a whole). */
export function fieldAt(ranges: Map<string, { start: number; end: number }>, offset: number): string | undefined {
  for (const [key, range] of ranges) if (offset >= range.start && offset <= range.end) return key;
  return undefined;
}

/**
 * Where each property of the entry's `parameters.properties` is written (absolute offsets), so a message about a
 * parameter can name it in the form. Empty when the entry does not write them as plain nested objects.
 */
export function parameterRanges(text: string, valueStart: number, valueEnd: number): Map<string, { start: number; end: number }> {
  const entry = childRanges(parseHocon(text.slice(valueStart, valueEnd)).root, valueStart);
  const parameters = childRanges(entry.get('parameters')?.value, valueStart);
  return childRanges(parameters.get('properties')?.value, valueStart);
}

/**
 * The form field (its `data-field` name) a position inside a tool entry belongs to: `class`, `description`, ...,
 * `parameter:NAME:type` (or `:name` for the property as a whole), `parameters:required`; undefined when none.
 */
export function formFieldAt(text: string, valueStart: number, valueEnd: number, offset: number): string | undefined {
  const entry = childRanges(parseHocon(text.slice(valueStart, valueEnd)).root, valueStart);
  const top = fieldAt(entry, offset);
  if (top !== 'parameters') return top;
  const parameters = childRanges(entry.get('parameters')?.value, valueStart);
  const inParameters = fieldAt(parameters, offset);
  if (inParameters === 'required') return 'parameters:required';
  if (inParameters !== 'properties') return 'parameters';
  const properties = childRanges(parameters.get('properties')?.value, valueStart);
  const name = fieldAt(properties, offset);
  if (name === undefined) return 'parameters';
  const sub = fieldAt(childRanges(properties.get(name)?.value, valueStart), offset);
  return `parameter:${name}:${sub !== undefined && ['type', 'description', 'enum', 'default'].includes(sub) ? sub : 'name'}`;
}
