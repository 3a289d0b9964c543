import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { TextEdit } from '../../shared/hocon';
import type { DocumentEvents } from '../state/documentEvents';
import type { DocumentStoreHook } from '../state/documentStore';
import type { PendingEdits } from '../state/pendingEdits';
import { monaco } from './monacoSetup';

/**
 * The one Monaco text model of a window. It is the document's text while the file is open: the HOCON editor shows
 * it, and the form, the tool list and quick fixes edit it with `pushEditOperations`, so one undo stack holds every
 * edit, whichever view made it. The document store follows the model (for saving and analysis); a file opened or
 * reloaded replaces the model's text.
 */
export interface DocumentModel {
  readonly model: Monaco.editor.ITextModel;
  /**
   * Applies HOCON module edits (offsets into the current text) as one undoable step — or, while a form field writes
   * a burst of typing (see pendingEdits.ts), as part of that burst's one step.
   */
  applyEdits(edits: readonly TextEdit[]): void;
  /** Closes the open typing burst: the next edit starts a new undo step. */
  endBurst(): void;
  /**
   * The one undo of the document, wherever it is asked for (a form field's Ctrl+Z, the toolbar, the menu, the tool
   * list): what a field has typed but not yet written is written first, and its burst closed, so one undo takes back
   * the whole burst — never a part of it, never two.
   */
  undo(): void;
  redo(): void;
  /** Asks the HOCON editor to show and select a range (offsets); the editor subscribes. */
  reveal(start: number, end: number): void;
  onReveal(listener: (start: number, end: number) => void): () => void;
  /**
   * Called just before the text is replaced from outside (a file opened or reloaded): a hidden editor lets go of the
   * model first, so the replacement costs it nothing until it shows (TextEditor.tsx).
   */
  onBeforeReplace(listener: () => void): () => void;
  dispose(): void;
}

/** From this length on, brackets are not coloured by depth (Monaco's bracket-pair colorization). */
export const BIG_TEXT_CHARS = 1_000_000;

export function createDocumentModel(useDocument: DocumentStoreHook, pending: PendingEdits, events: DocumentEvents): DocumentModel {
  const model = monaco.editor.createModel(useDocument.getState().text, 'hocon');
  model.setEOL(monaco.editor.EndOfLineSequence.LF);
  let replacing = false;
  /** The typing burst whose undo step is still open (its edits join it), or null. */
  let openBurst: string | null = null;
  let applying = false;
  const revealListeners = new Set<(start: number, end: number) => void>();
  const beforeReplaceListeners = new Set<() => void>();

  // Text replaced from outside (open, reload, new): a fresh model content and a fresh undo stack.
  const unsubscribe = events.onReplaced((state) => {
    replacing = true;
    try {
      if (model.getValue() !== state.text) {
        // Colouring brackets by depth parses the whole text on the first paint (a 5,000-tool file: ~280 ms of this
        // thread while the file opens); a big file is coloured by its tokens only, as editors do for large files.
        model.updateOptions({ bracketColorizationOptions: { enabled: state.text.length < BIG_TEXT_CHARS, independentColorPoolPerBracketType: false } });
        for (const listener of beforeReplaceListeners) listener();
        model.setValue(state.text);
      }
    } finally {
      replacing = false;
    }
  });
  const contentListener = model.onDidChangeContent(() => {
    // Any other edit (typing in the HOCON tab, undo) ends a form field's burst: its step must not absorb them.
    if (!applying) openBurst = null;
    if (!replacing) useDocument.getState().setText(model.getValue());
  });

  const endBurst = () => {
    if (openBurst === null) return;
    openBurst = null;
    model.pushStackElement();
  };
  pending.setBurstEnder(endBurst);

  const rangeOf = (offset: number, length: number) => {
    const start = model.getPositionAt(offset);
    const end = model.getPositionAt(offset + length);
    return new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
  };

  return {
    model,
    applyEdits(edits) {
      if (edits.length === 0) return;
      const operations = edits.map((e) => ({ range: rangeOf(e.offset, e.length), text: e.newText, forceMoveMarkers: true }));
      const burst = pending.burstOfEdit();
      if (burst === null || burst !== openBurst) model.pushStackElement();
      applying = true;
      try {
        model.pushEditOperations([], operations, () => null);
      } finally {
        applying = false;
      }
      openBurst = burst;
      if (burst === null) model.pushStackElement();
    },
    endBurst,
    undo: () => {
      pending.flush();
      endBurst();
      void model.undo();
    },
    redo: () => {
      pending.flush();
      endBurst();
      void model.redo();
    },
    reveal(start, end) {
      for (const listener of revealListeners) listener(start, end);
    },
    onReveal(listener) {
      revealListeners.add(listener);
      return () => revealListeners.delete(listener);
    },
    onBeforeReplace(listener) {
      beforeReplaceListeners.add(listener);
      return () => beforeReplaceListeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      contentListener.dispose();
      model.dispose();
    },
  };
}
