import type { TextEdit } from '../../shared/hocon/index';
import { errorMessage } from '../../shared/errorMessage';
import type { Workspace } from '../workspace';

/**
 * Applies the edits `compute` makes of the document's text now to the one Monaco model (one undo step); false, and a
 * notice "Could not edit WHAT: why", when it refuses. The tool form's and the agent form's edits all go through here.
 */
export function applyDocumentEdits(stores: Workspace, what: string, compute: (text: string) => TextEdit[]): boolean {
  const text = stores.useDocument.getState().text;
  try {
    stores.documentModel.applyEdits(compute(text));
    return true;
  } catch (error) {
    stores.useDocument.getState().setNotice({ kind: 'error', message: `Could not edit ${what}: ${errorMessage(error)}` });
    return false;
  }
}
