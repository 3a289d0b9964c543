/**
 * neuro-san's reading of a file while it is being typed in, from the specification's reading already made and the
 * readings of its top-level entries kept from the keystrokes before: only an entry whose text changed is read again.
 *
 * Taken only where it gives what reading the whole file gives. pyhocon reads a file without substitutions and
 * includes entry by entry, each top-level key put once into the root: so the file's reading is its entries', in
 * order, when the spec found each entry's text where pyhocon does (only blanks, newlines, commas and comments between
 * them, no `//` glued to a value), every entry reads alone as exactly one key, no two of those keys are the same,
 * and none holds a substitution or an include. Anything else (a failure too) is read whole, by the same rules.
 */
import { detachedString } from '../detachedString';
import type { ResolvedDocument } from '../hocon/index';
import { FieldMap } from '../hocon/index';
import { ObjectValue, type HoconField, type HoconObject } from '../hocon/index';
import { convertEntry, entrySameAsSpec, mergeEntry, parseEntry, placeEntry } from './entryValues';
import { ConfigTree, type PyHocon } from './pyhoconModel';

type EntryReading = { key: string; value: PyHocon } | undefined;

/** An entry's text, its reading and, once asked for, its value as HoconValues (entryValues.ts). */
interface KeptEntry {
  chunk: string;
  reading: EntryReading;
  used: number;
  /** The converted field, offsets relative to the chunk (null: it cannot be converted alone). */
  converted?: HoconField | null;
  /** Whether the converted entry is, all of it, the spec's field of the same text (read alone). */
  sameAsSpec?: boolean;
}

/** Readings of top-level entries by their text, kept between keystrokes (one per open file). */
export class NeuroSanEntryCache {
  private entries = new Map<string, KeptEntry>();
  /** The last text read entry by entry: its entries and where each chunk starts, for `resolvedValue`. */
  private layout: { text: string; spec: ResolvedDocument; kept: KeptEntry[]; starts: number[]; cwd: string; file: string } | undefined;
  /** The entries of the last text read entry by entry, in order. */
  private previous: KeptEntry[] = [];
  private generation = 0;
  /** How many entries were read (not found here), for tests and benches. */
  entriesRead = 0;
  /** How many texts got their value from the entries (resolvedValue), for tests. */
  valuesGiven = 0;

  /** The root tree read entry by entry, or undefined when the file must be read whole. */
  readByEntries(
    text: string,
    file: string,
    spec: ResolvedDocument,
    context: { cwd: string; check: (config: ConfigTree) => void },
  ): ConfigTree | undefined {
    this.layout = undefined;
    const root = spec.value;
    const source = spec.sources[0];
    if (!spec.ok || source === undefined || source.text !== text || root.source !== source) return undefined;
    const fields = root.fields;
    const generation = ++this.generation;
    if (fields.size === 0) return undefined;
    const tree = new ConfigTree(true);
    let previousEnd = 0;
    let braced = false;
    const keptEntries: KeptEntry[] = [];
    const starts: number[] = [];
    for (let i = 0; i < fields.size; i++) {
      const keyStart = fields.plainKeyStartAt(i) ?? ownKeyStart(fields.fieldAt(i), source);
      if (keyStart === undefined || keyStart < previousEnd) return undefined;
      const valueEnd = fields.valueAt(i).end;
      if (i === 0) {
        // A root in braces: `{` after comments and newlines only (pyhocon takes no comma before it).
        const open = gapEnd(text, 0, keyStart);
        braced = open < keyStart;
        if (braced && (text[open] !== '{' || text.slice(0, open).includes(',') || gapEnd(text, open + 1, keyStart) !== keyStart)) return undefined;
      } else if (gapEnd(text, previousEnd, keyStart) !== keyStart) return undefined;
      // What follows a value decides how pyhocon reads its end (`42` before a newline is a number, `42 ` at the end
      // of the file a string): the entry is read with the blanks after it and the separator that ends it.
      const chunkEnd = entryEnd(text, valueEnd);
      if (chunkEnd === undefined) return undefined;
      let chunkStart = keyStart;
      // Tabs expand by column: read the entry from its line's start when only blanks come before it there.
      while (chunkStart > 0 && (text[chunkStart - 1] === ' ' || text[chunkStart - 1] === '\t')) chunkStart--;
      if (chunkStart > 0 && text[chunkStart - 1] !== '\n' && text[chunkStart - 1] !== '\r') {
        chunkStart = keyStart;
        if (text.lastIndexOf('\t', chunkEnd - 1) >= keyStart) return undefined;
      }
      // Most entries are the previous text's at the same index: comparing the text costs less than cutting it out
      // and looking it up (which hashes it).
      const guess = this.previous[i];
      let kept = guess !== undefined && guess.chunk.length === chunkEnd - chunkStart && text.startsWith(guess.chunk, chunkStart) ? guess : undefined;
      if (kept === undefined) {
        kept = this.entries.get(text.slice(chunkStart, chunkEnd));
        if (kept === undefined) {
          this.entriesRead++;
          const chunk = detachedString(text.slice(chunkStart, chunkEnd));
          kept = { chunk, reading: readEntry(chunk, file, context), used: generation };
          this.entries.set(chunk, kept);
        }
      }
      kept.used = generation;
      keptEntries.push(kept);
      starts.push(chunkStart);
      const reading = kept.reading;
      if (reading === undefined || tree.map.has(reading.key)) return undefined;
      tree.map.set(reading.key, reading.value);
      previousEnd = valueEnd;
    }
    const rest = gapEnd(text, previousEnd, text.length);
    if (braced ? text[rest] !== '}' || gapEnd(text, rest + 1, text.length) !== text.length : rest !== text.length) return undefined;
    this.forgetUnused(generation);
    this.layout = { text, spec, kept: keptEntries, starts, cwd: context.cwd, file };
    this.previous = keptEntries;
    return tree;
  }

  /**
   * The value of the text last read entry by entry (`text`, with the same `spec`), as toHocon makes it from the whole
   * reading; undefined when it was not read by entries or an entry cannot be converted alone. Each entry is converted
   * once; the spec's own value stands for an entry where it is the same in every respect (entryValues.ts).
   */
  resolvedValue(text: string, spec: ResolvedDocument): HoconObject | undefined {
    const layout = this.layout;
    const source = spec.sources[0];
    if (layout === undefined || layout.text !== text || layout.spec !== spec || source === undefined) return undefined;
    // Asked once per keystroke: the keystroke's trees are not kept past it (they would outlive a scavenge for nothing).
    this.layout = undefined;
    const specFields = spec.value.fields;
    // The root's fields as FieldMap slots (key, value or field, key start): an entry that is the spec's whole takes
    // the spec's slot as it is (its HoconField made only if asked for, as the spec's would be).
    const slots: unknown[] = [];
    for (let i = 0; i < layout.kept.length; i++) {
      const kept = layout.kept[i]!;
      const plainStart = specFields.plainKeyStartAt(i);
      if (kept.sameAsSpec === true && plainStart !== undefined) {
        slots.push(specFields.keyAt(i), specFields.valueAt(i), plainStart);
        continue;
      }
      if (kept.converted === undefined) kept.converted = convertEntry(kept.chunk, layout.file, layout.cwd) ?? null;
      const converted = kept.converted;
      if (converted === null) return undefined;
      const base = layout.starts[i]!;
      // The spec's field of the same text stands for the entry only while it is read from that text alone.
      const specField = specFields.fieldAt(i);
      const alone = specField.definitionCount === 1 && !specField.viaInclude && !specField.viaSubstitution;
      let field: HoconField;
      if (alone) {
        kept.sameAsSpec ??= entrySameAsSpec(converted, specField, source, base);
        field = kept.sameAsSpec ? specField : mergeEntry(converted, specField, source, base);
      } else field = placeEntry(converted, source, base);
      slots.push(field.key, field, -1);
    }
    this.valuesGiven++;
    return new ObjectValue(FieldMap.plain(source, slots), source, 0, 0);
  }

  private forgetUnused(generation: number): void {
    if (this.entries.size < 64) return;
    let unused = 0;
    for (const kept of this.entries.values()) if (kept.used !== generation) unused++;
    if (unused * 2 < this.entries.size) return;
    const entries = new Map<string, KeptEntry>();
    for (const [chunk, kept] of this.entries) if (kept.used === generation) entries.set(chunk, kept);
    this.entries = entries;
  }
}

/**
 * Where an entry's text is cut for reading it alone, from its value's end: after the blanks that follow and the
 * newline or comma after them (or at the end of the file), so that the entry ends as it does in the file. A comment
 * there is read with it, to its line's end. Undefined where something else follows the blanks: the file is read whole.
 */
function entryEnd(text: string, valueEnd: number): number | undefined {
  let end = valueEnd;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  if (end === text.length) return end;
  const c = text[end];
  if (c === '\n' || c === ',') return end + 1;
  if (c === '\r') return text[end + 1] === '\n' ? end + 2 : end + 1;
  // A comment: to the end of its line, with the newline.
  if (c === '#' || (c === '/' && text[end + 1] === '/')) {
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    return end === text.length ? end : text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
  }
  // A closing brace right after the value: the value ends there as at the end of a text.
  return end === valueEnd && c === '}' ? end : undefined;
}

/** Where a field's single definition in `source` starts, or undefined when it has another story. */
function ownKeyStart(field: HoconField, source: unknown): number | undefined {
  if (field.definitionCount !== 1 || field.viaInclude || field.viaSubstitution || field.definitionSource !== source) return undefined;
  return field.keyStart;
}

/**
 * Where what pyhocon skips between entries (blanks, newlines, commas, comments) stops in text[start, end): `end`
 * when the stretch is only that.
 */
function gapEnd(text: string, start: number, end: number): number {
  // A `//` right after a value is part of an unquoted string to pyhocon, a comment to the spec.
  if (start > 0 && text.startsWith('//', start)) return start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 44) continue;
    if (c === 35 || (c === 47 && text.charCodeAt(i + 1) === 47)) {
      while (i < end && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      continue;
    }
    return i;
  }
  return end;
}

function readEntry(chunk: string, file: string, context: { cwd: string; check: (config: ConfigTree) => void }): EntryReading {
  try {
    const { config, parseContext } = parseEntry(chunk, file, context.cwd, false);
    if (!(config instanceof ConfigTree) || config.map.size !== 1 || parseContext.substitutions > 0 || parseContext.includes.length > 0) return undefined;
    context.check(config);
    const [key, value] = config.map.entries().next().value as [string, PyHocon];
    return { key, value };
  } catch {
    return undefined;
  }
}
