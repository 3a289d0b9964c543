/**
 * neuro-san passes no base directory to pyhocon: a top-level `include` in a toolbox file is looked up in the working
 * directory neuro-san runs in, not next to the file. Where that decides what is read, a warning at the include says
 * which file neuro-san reads there (or that it finds none and skips the include), so the author is not surprised when
 * the agent is started from another folder.
 */
import type { IncludeHost, SourceText } from '../hocon/index';
import type { NeuroSanReading } from '../neurosan/index';
import { workingDirectoryIncludeFix } from './includeReadingDifferences';
import { diagnosticAt, type ToolboxDiagnostic } from './toolboxDiagnostic';

const INCLUDE_CWD_RULE = 'include-working-directory';

/** `host` (when given) lets the warning offer the path from the working directory, where the file is next to this one. */
export function includeWorkingDirectoryWarnings(reading: NeuroSanReading, sources: readonly SourceText[], host?: IncludeHost): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  for (const include of reading.includes) {
    if (!include.dependsOnCwd) continue;
    const source = sources.find((s) => s.name === include.from.file);
    if (source === undefined) continue;
    const found = include.found
      ? `it reads ${include.path}`
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
