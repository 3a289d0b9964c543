import type { DiagnosticDto } from '../../shared/api/index';
import { plural } from '../../shared/plural';
import type { OpenAnalysis } from '../state/openAnalysis';

/**
 * What the status bar says of the open file's problems: no count while its analysis has not come (a "0 errors" would
 * be a false all-clear), nor when it failed, nor with no file open.
 */
export type ProblemCounts = Exclude<OpenAnalysis, { kind: 'ready' }> | { kind: 'counts'; errors: number; warnings: number; text: string };

/** The file's own problems (what "Check all tools" found about the environment is counted in Problems, apart). */
const fileOnly = (diagnostics: readonly DiagnosticDto[], severity: DiagnosticDto['severity']) =>
  diagnostics.filter((d) => d.severity === severity && d.group === undefined).length;

export function problemCounts(open: OpenAnalysis): ProblemCounts {
  if (open.kind !== 'ready') return open;
  const errors = fileOnly(open.analysis.diagnostics, 'error');
  const warnings = fileOnly(open.analysis.diagnostics, 'warning');
  return { kind: 'counts', errors, warnings, text: `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` };
}
