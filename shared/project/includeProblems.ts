import { pathWithin, type SourceText } from '../hocon/index';
import type { NeuroSanReading } from '../neurosan/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

export const INCLUDE_NOT_FOUND_RULE = 'include-not-found';
export const INCLUDE_URL_RULE = 'include-url';

export interface IncludeProblems {
  diagnostics: ToolboxDiagnostic[];
  /** neuro-san's failure is said at the include that did not provide what the file needs: not again where it stops. */
  replacesFailure: boolean;
}

/**
 * What the includes and the environment cost a reading, each said once at its cause. An `http(s)` URL not fetched
 * here is said at its statement (neuro-san fetches it when it loads the file). When the file fails on a
 * substitution nothing set (`${aaosa_instructions}`), the one report is at the first include neuro-san skipped (not
 * found, or not fetched here): every value that include would have provided fails the same way, and neuro-san stops
 * at the first. A name in capitals (`${GITHUB_TOKEN}`) with no include to blame is the environment's: a warning.
 */
export function includeProblems(reading: NeuroSanReading, sources: readonly SourceText[], urlsFetched: boolean): IncludeProblems {
  const diagnostics: ToolboxDiagnostic[] = [];
  const failure = reading.ok ? undefined : reading.failure;
  const unresolved = failure?.type === 'ConfigMissingException' ? /\$\{[^}]*\}/.exec(failure.hint ?? '')?.[0] : undefined;
  const where = failure?.line !== undefined ? ` (line ${failure.line}${failure.span && failure.span.file !== sources[0]?.name ? ` of ${failure.span.file}` : ''})` : '';
  let replacesFailure = false;
  const said = new Set<string>();
  for (const include of reading.includes) {
    if (include.found) continue;
    // A required include neuro-san does not find is its failure, said there.
    const span = failure?.span;
    if (span !== undefined && span.file === include.from.file && span.start >= include.from.start && span.start < include.from.end) continue;
    const source = sources.find((s) => s.name === include.from.file);
    if (source === undefined) continue;
    const once = `${include.from.file}:${include.from.start}`;
    if (said.has(once)) continue;
    said.add(once);
    const at = { source, start: include.from.start, end: include.from.end };
    // The first include skipped takes the failure on a substitution: what it would have provided is what is missing.
    const cause: boolean = unresolved !== undefined && !replacesFailure;
    if (include.url === true) {
      const fetched = urlsFetched ? 'it could not be fetched here' : 'not fetched here (allow it with --fetch-includes, or when the app asks)';
      const unchecked = cause ? `: without it ${unresolved}${where} cannot be resolved here, so the file is not checked further` : '';
      diagnostics.push(diagnosticAt(at, 'warning', INCLUDE_URL_RULE, `neuro-san fetches ${include.target} when it loads this file; ${fetched}${unchecked}.`));
      replacesFailure ||= cause;
      continue;
    }
    if (cause) {
      // Named as neuro-san names it, from the folder it runs in (the reading's paths are the caller's: from the folder
      // above a project, `backend/registries/x.hocon` for neuro-san's `registries/x.hocon`).
      diagnostics.push(
        diagnosticAt(at, 'error', INCLUDE_NOT_FOUND_RULE, `neuro-san finds no ${pathWithin(reading.cwd, include.path)} for this include, so it cannot resolve ${unresolved}${where} and fails to load this file.`),
      );
      replacesFailure = true;
      continue;
    }
    // An include nothing depends on is optional by design (HOCON's and pyhocon's default: a developer's overlay, a
    // manifest generated at run time): nothing to say.
  }
  if (!replacesFailure && unresolved !== undefined && failure !== undefined) {
    const variable = unresolved.slice(2, -1);
    const source = sources.find((s) => s.name === failure.span?.file);
    // `${GITHUB_TOKEN}`: pyhocon looks a name it does not find in the file up in the environment, which is the one
    // neuro-san runs in, not this one.
    if (/^[A-Z][A-Z0-9_]*$/.test(variable) && source !== undefined && failure.span !== undefined) {
      diagnostics.push(
        diagnosticAt({ source, start: failure.span.start, end: failure.span.end }, 'warning', ENVIRONMENT_RULE, `neuro-san cannot load this file unless ${variable} is set in the environment it runs in (it is not set here, nor in the project's settings).`),
      );
      replacesFailure = true;
    }
  }
  return { diagnostics, replacesFailure };
}

export const ENVIRONMENT_RULE = 'environment-variable';

