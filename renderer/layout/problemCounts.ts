import type { DiagnosticDto } from '../../shared/api/index';
import { plural } from '../../shared/plural';
import type { DocumentState } from '../state/documentStore';
import { isOfOpenDocument, type AnalysisState } from '../state/analysisStore';

/** What the status bar says of the open file's problems. */
export type ProblemCounts =
  | { kind: 'none' } // no file open
  | { kind: 'checking' } // its analysis has not come yet: no count may be shown (a "0 errors" would be a false all-clear)
  | { kind: 'failed'; why: string } // it could not be analysed
  | { kind: 'counts'; errors: number; warnings: number; text: string };

/** The file's own problems (what "Check all tools" found about the environment is counted in Problems, apart). */
const fileOnly = (diagnostics: readonly DiagnosticDto[], severity: DiagnosticDto['severity']) =>
  diagnostics.filter((d) => d.severity === severity && d.group === undefined).length;

export function problemCounts(analysis: Pick<AnalysisState, 'analysis' | 'analyzedLoad' | 'error'>, document: Pick<DocumentState, 'status' | 'loadGeneration'>): ProblemCounts {
  if (document.status !== 'ready') return { kind: 'none' };
  if (!isOfOpenDocument(analysis, document) || !analysis.analysis) return analysis.error ? { kind: 'failed', why: analysis.error } : { kind: 'checking' };
  const errors = fileOnly(analysis.analysis.diagnostics, 'error');
  const warnings = fileOnly(analysis.analysis.diagnostics, 'warning');
  return { kind: 'counts', errors, warnings, text: `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` };
}
