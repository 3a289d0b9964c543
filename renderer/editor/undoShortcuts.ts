/**
 * One undo model for the form and the text: Ctrl+Z (Ctrl+Shift+Z, Ctrl+Y to redo) and the menu's Undo/Redo take
 * back one step of the document — a form field's whole burst of typing, a tool added, a quick fix — wherever the
 * focus is: in a form field (its own character-by-character undo would leave the document as it was), on the tool
 * list or anywhere else. The HOCON tab's Monaco editor undoes the same model itself. Only a text field that is not
 * part of the document (a filter, the test run's arguments) keeps the browser's own undo.
 */

/** Marks a form field whose text is the document's (CommitInput): its Ctrl+Z is the document's undo. */
export const DOCUMENT_FIELD_ATTRIBUTE = 'data-document-field';

type UndoTarget = 'document' | 'own' | 'monaco';

/** Who undoes for the focused element. */
function undoTargetOf(element: Element | null): UndoTarget {
  if (element?.closest('.monaco-editor')) return 'monaco';
  if (element?.closest(`[${DOCUMENT_FIELD_ATTRIBUTE}]`)) return 'document';
  if (element?.closest('input, textarea, select, [contenteditable="true"]')) return 'own';
  return 'document';
}

export function installUndoShortcuts(undo: () => void, redo: () => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== 'z' && key !== 'y') return;
    // Monaco's own undo is the document's (one model); a field outside the document keeps its own.
    if (undoTargetOf(event.target as Element | null) !== 'document') return;
    event.preventDefault();
    if (key === 'y' || event.shiftKey) redo();
    else undo();
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}

/** The menu's Undo or Redo: the document's, except in a text field outside it (the browser's own undo there). */
export function runUndoCommand(command: 'undo' | 'redo', document: { undo(): void; redo(): void }): void {
  const target = undoTargetOf(globalThis.document.activeElement);
  // execCommand is deprecated but is still what runs a text field's own undo stack from outside a keystroke.
  if (target === 'own') globalThis.document.execCommand(command);
  else if (command === 'undo') document.undo();
  else document.redo();
}
