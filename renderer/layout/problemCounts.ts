import type { DiagnosticDto } from '../../shared/api/index';
import { countSeverities, severityCountWords, type SeverityCounts } from '../../shared/toolbox/index';
import type { OpenAnalysis } from '../state/openAnalysis';

/**
 * What the status bar says of the open file's problems: no count while its analysis has not come (a "0 errors" would
 * be a false all-clear), nor when it failed, nor with no file open.
 */
export type ProblemCounts = Exclude<OpenAnalysis, { kind: 'ready' }> | ({ kind: 'counts'; text: string } & SeverityCounts);

/** The file's own problems (what "Check all tools" found about the environment is counted in Problems, apart). */
const fileOnly = (diagnostics: readonly DiagnosticDto[]) => diagnostics.filter((d) => d.group === undefined);

/** Errors and warnings, and the hints (style advice) when there are any: `1 error, 0 warnings, 3 hints`. */
export function problemCounts(open: OpenAnalysis): ProblemCounts {
  if (open.kind !== 'ready') return open;
  const counts = countSeverities(fileOnly(open.analysis.diagnostics));
  return { kind: 'counts', ...counts, text: severityCountWords(counts) };
}
