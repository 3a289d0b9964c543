/**
 * Where each `include` of a file resolved, in neuro-san's reading and in the specification's, for the editor's hover
 * and link on the statement. Taken from the readings the analysis already made (no file is read again): neuro-san's
 * as its reading records it (the same record the include-working-directory warning uses), the specification's as
 * the HOCON module's loader records it.
 */
import type { IncludeLookup, ResolvedDocument, SourceText } from '../hocon/index';
import type { IncludeResolution, NeuroSanReading } from '../neurosan/index';

export interface IncludeTarget {
  /** The statement in the file, with line and column (1-based). */
  range: ReturnType<SourceText['rangeOf']>;
  /** The name as written. */
  target: string;
  /** neuro-san's reading: the one path it looked at, and whether a file was there (absent: not read that way). */
  neuroSan?: { path: string; found: boolean; dependsOnCwd: boolean };
  /** The specification's reading: the files read (none: not found) and every path tried, in order. */
  spec?: { read: string[]; tried: string[] };
}

/** The includes written in `document`'s own file (not those inside included files), in file order. */
export function includeTargetsOf(document: ResolvedDocument & { reading?: NeuroSanReading; specReading?: ResolvedDocument }): IncludeTarget[] {
  const source = document.sources[0];
  if (source === undefined) return [];
  const own = <T>(items: readonly T[] | undefined, fileOf: (item: T) => string) => (items ?? []).filter((item) => fileOf(item) === source.name);
  const neuroSan = own<IncludeResolution>(document.reading?.includes, (i) => i.from.file);
  // A neuro-san document carries the spec's reading beside it when one was made; a spec document is its own.
  const specDocument = document.reading === undefined ? document : document.specReading;
  const spec = own<IncludeLookup>(specDocument?.includes, (i) => i.file);
  const byStart = new Map<number, IncludeTarget>();
  for (const lookup of spec) {
    byStart.set(lookup.start, { range: source.rangeOf(lookup.start, lookup.end), target: lookup.target, spec: { read: lookup.read, tried: lookup.tried } });
  }
  for (const include of neuroSan) {
    // The two parsers mark the same statement; its start is where the `include` keyword is in both.
    const same = byStart.get(include.from.start) ?? [...byStart.values()].find((t) => t.range.start.offset <= include.from.start && include.from.start < t.range.end.offset);
    const found = { path: include.path, found: include.found, dependsOnCwd: include.dependsOnCwd };
    if (same !== undefined) same.neuroSan = found;
    else byStart.set(include.from.start, { range: source.rangeOf(include.from.start, include.from.end), target: include.target, neuroSan: found });
  }
  return [...byStart.values()].sort((a, b) => a.range.start.offset - b.range.start.offset);
}
