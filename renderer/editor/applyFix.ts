import type { DiagnosticDto } from '../../shared/api/index';
import type { Workspace } from '../workspace';

/**
 * Applies a diagnostic's quick fix as one undoable edit. Its offsets are those of the text the analysis was made
 * from: when the text has changed since, nothing is applied (the fix comes back with the next analysis).
 */
export function applyFix(stores: Workspace, diagnostic: DiagnosticDto): boolean {
  if (!diagnostic.fix) return false;
  const { analysis, analyzedText } = stores.useAnalysis.getState();
  if (analyzedText !== stores.useDocument.getState().text || !analysis || diagnostic.file !== analysis.file) return false;
  const edits = diagnostic.fix.edits.filter((e) => e.file === analysis.file);
  stores.documentModel.applyEdits(edits);
  return true;
}
