/**
 * neuro-san passes no base directory to pyhocon: a top-level `include` in a toolbox file is looked up in the working
 * directory neuro-san runs in, not next to the file. Where that decides what is read, a warning at the include says
 * which file neuro-san reads there (or that it finds none and skips the include), so the author is not surprised when
 * the agent is started from another folder.
 */
import { dirnameOf, joinPath, normalizePath, type IncludeHost, type Origin, type SourceText } from '../hocon/index';
import type { IncludeResolution, NeuroSanReading } from '../neurosan/index';
import { workingDirectoryIncludeFix } from './includeReadingDifferences';
import { diagnosticAt, type ToolboxDiagnostic } from './toolboxDiagnostic';

const INCLUDE_CWD_RULE = 'include-working-directory';

/** `host` (when given) lets the warning offer the path from the working directory, where the file is next to this one. */
export function includeWorkingDirectoryWarnings(reading: NeuroSanReading, sources: readonly SourceText[], host?: IncludeHost, only?: (include: IncludeResolution) => boolean): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  for (const include of reading.includes) {
    if (!include.dependsOnCwd || (only !== undefined && !only(include))) continue;
    const source = sources.find((s) => s.name === include.from.file);
    if (source === undefined) continue;
    const beside = joinPath(dirnameOf(include.from.file), include.target);
    const meant = include.found && normalizePath(beside) !== normalizePath(include.path) && typeof host?.readFile(beside) === 'string' ? `, where the text seems to mean ${beside}` : '';
    const found = include.found
      ? `it reads ${include.path}${meant}`
      : `there is no ${include.path}, so neuro-san skips the include`;
    out.push(
      diagnosticAt(
        { source, start: include.from.start, end: include.from.end },
        'warning',
        INCLUDE_CWD_RULE,
        `neuro-san looks for "${include.target}" in the folder it runs in (${reading.cwd === '.' ? 'the current folder' : reading.cwd}), not next to this file: ${found}. ` +
          'Started from another folder, it reads another file or none; use a path that does not depend on it, or run neuro-san from here.',
        { fix: workingDirectoryIncludeFix(include, source, reading.cwd, host) },
      ),
    );
  }
  return out;
}

/**
 * Top-level includes neuro-san finds in the folder it runs in while the text's own reading finds another file next to
 * the including one (a project inside another: `../config/x.hocon` run from the inner root is the outer project's
 * file): each reads a file, not the same one. What then differs in the values comes from that alone, so it is said
 * once, at the include (`warnings`), and not at the keys of a file the text does not mean (`readElsewhere`: a place
 * in a file only neuro-san reads, through such an include or one of the includes of that file). Without neuro-san's
 * reading (the spec's alone was made), nothing.
 */
export function includesReadElsewhere(
  reading: NeuroSanReading | undefined,
  sources: readonly SourceText[],
  specSources: readonly SourceText[],
  host?: IncludeHost,
): { warnings: ToolboxDiagnostic[]; readElsewhere: (where: Origin) => boolean } {
  if (reading === undefined) return { warnings: [], readElsewhere: () => false };
  const specRead = new Set(specSources.map((s) => normalizePath(s.name)));
  const elsewhere = new Set<string>();
  const found = (include: IncludeResolution) => include.found && include.url !== true && !specRead.has(normalizePath(include.path));
  for (const include of reading.includes) {
    if (!include.dependsOnCwd || !found(include)) continue;
    const beside = normalizePath(joinPath(dirnameOf(include.from.file), include.target));
    if (beside !== normalizePath(include.path) && specRead.has(beside)) elsewhere.add(normalizePath(include.path));
  }
  if (elsewhere.size === 0) return { warnings: [], readElsewhere: () => false };
  const first = new Set(elsewhere);
  // What those files include, neuro-san alone reads too.
  for (let grew = true; grew; ) {
    grew = false;
    for (const include of reading.includes) {
      if (!found(include) || elsewhere.has(normalizePath(include.path)) || !elsewhere.has(normalizePath(include.from.file))) continue;
      elsewhere.add(normalizePath(include.path));
      grew = true;
    }
  }
  return {
    warnings: includeWorkingDirectoryWarnings(reading, sources, host, (include) => first.has(normalizePath(include.path)) && !elsewhere.has(normalizePath(include.from.file))),
    readElsewhere: (where) => elsewhere.has(normalizePath(where.source.name)),
  };
}
