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
import type { ResolvedDocument } from '../hocon/resolve';
import type { HoconField } from '../hocon/values';
import { ConfigTree, type PyHocon } from './pyhocon-model';
import { ExpandedText, PyhoconParser, type IncludeResolution, type ParseContext } from './pyhocon-parser';

type EntryReading = { key: string; value: PyHocon } | undefined;

/** Readings of top-level entries by their text, kept between keystrokes (one per open file). */
export class NeuroSanEntryCache {
  private entries = new Map<string, { reading: EntryReading; used: number }>();
  private generation = 0;
  /** How many entries were read (not found here), for tests and benches. */
  entriesRead = 0;

  /** The root tree read entry by entry, or undefined when the file must be read whole. */
  readByEntries(
    text: string,
    file: string,
    spec: ResolvedDocument,
    context: { cwd: string; check: (config: ConfigTree) => void },
  ): ConfigTree | undefined {
    const root = spec.value;
    const source = spec.sources[0];
    if (!spec.ok || source === undefined || source.text !== text || root.source !== source) return undefined;
    const fields = root.fields;
    const generation = ++this.generation;
    if (fields.size === 0) return undefined;
    const tree = new ConfigTree(true);
    let previousEnd = 0;
    let braced = false;
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
      let chunkStart = keyStart;
      // Tabs expand by column: read the entry from its line's start when only blanks come before it there.
      while (chunkStart > 0 && (text[chunkStart - 1] === ' ' || text[chunkStart - 1] === '\t')) chunkStart--;
      if (chunkStart > 0 && text[chunkStart - 1] !== '\n' && text[chunkStart - 1] !== '\r') {
        chunkStart = keyStart;
        if (text.lastIndexOf('\t', valueEnd) >= keyStart) return undefined;
      }
      const chunk = text.slice(chunkStart, valueEnd);
      let kept = this.entries.get(chunk);
      if (kept === undefined) {
        this.entriesRead++;
        kept = { reading: readEntry(chunk, file, context), used: generation };
        this.entries.set(chunk, kept);
      }
      kept.used = generation;
      const reading = kept.reading;
      if (reading === undefined || tree.map.has(reading.key)) return undefined;
      tree.map.set(reading.key, reading.value);
      previousEnd = valueEnd;
    }
    const rest = gapEnd(text, previousEnd, text.length);
    if (braced ? text[rest] !== '}' || gapEnd(text, rest + 1, text.length) !== text.length : rest !== text.length) return undefined;
    this.forgetUnused(generation);
    return tree;
  }

  private forgetUnused(generation: number): void {
    if (this.entries.size < 64) return;
    let unused = 0;
    for (const kept of this.entries.values()) if (kept.used !== generation) unused++;
    if (unused * 2 < this.entries.size) return;
    const entries = new Map<string, { reading: EntryReading; used: number }>();
    for (const [chunk, kept] of this.entries) if (kept.used === generation) entries.set(chunk, kept);
    this.entries = entries;
  }
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
  const parseContext: ParseContext = {
    host: undefined,
    cwd: context.cwd,
    includes: [] as IncludeResolution[],
    texts: new Map(),
    depth: 0,
    substitutions: 0,
    recordSpans: false,
  };
  try {
    const config = new PyhoconParser(new ExpandedText(chunk), file, undefined, parseContext).parseConfig();
    if (!(config instanceof ConfigTree) || config.map.size !== 1 || parseContext.substitutions > 0 || parseContext.includes.length > 0) return undefined;
    context.check(config);
    const [key, value] = config.map.entries().next().value as [string, PyHocon];
    return { key, value };
  } catch {
    return undefined;
  }
}
