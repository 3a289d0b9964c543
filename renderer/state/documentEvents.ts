import type { DocumentState, DocumentStoreHook } from './documentStore';

/** The one test: the document store's text was replaced from outside the editor (its load generation moved). */
export const wasReplaced = (state: DocumentState, previous: DocumentState) => state.loadGeneration !== previous.loadGeneration;

export type DocumentReplacedListener = (state: DocumentState, previous: DocumentState) => void;

/**
 * "The document was replaced": a file opened or reloaded, a new or dropped document, the file closed — its text
 * came from outside the editor, so whatever was derived from the previous one (the undo stack, a check's results, a
 * recovery snapshot, the analysis in flight) belongs to another document. One test of the document store, one event
 * for every subscriber (each repeated the test before).
 */
export interface DocumentEvents {
  onReplaced(listener: DocumentReplacedListener): () => void;
}

export function createDocumentEvents(useDocument: DocumentStoreHook): DocumentEvents {
  const listeners = new Set<DocumentReplacedListener>();
  useDocument.subscribe((state, previous) => {
    if (!wasReplaced(state, previous)) return;
    for (const listener of [...listeners]) listener(state, previous);
  });
  return {
    onReplaced(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
