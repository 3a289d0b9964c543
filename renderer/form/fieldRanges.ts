import { parseHocon } from '../../shared/hocon';

/**
 * Where each top-level field of one tool entry is written (absolute offsets), so a diagnostic can be shown next to
 * the form field it concerns. Parses only the entry's value text (small), never the whole file.
 */
export function entryFieldRanges(text: string, valueStart: number, valueEnd: number): Map<string, { start: number; end: number }> {
  const ranges = new Map<string, { start: number; end: number }>();
  const document = parseHocon(text.slice(valueStart, valueEnd));
  if (document.root.kind !== 'object') return ranges;
  for (const entry of document.root.entries) {
    if (entry.kind !== 'field') continue;
    const key = entry.key.segments[0]?.name;
    if (key !== undefined) ranges.set(key, { start: valueStart + entry.start, end: valueStart + entry.end });
  }
  return ranges;
}

/** The field whose range contains the offset, or undefined (the message belongs to the entry as a whole). */
export function fieldAt(ranges: Map<string, { start: number; end: number }>, offset: number): string | undefined {
  for (const [key, range] of ranges) if (offset >= range.start && offset <= range.end) return key;
  return undefined;
}
