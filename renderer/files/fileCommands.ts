import type { ApiClient, MenuCommand } from '../../shared/api/index';
import { fileName, isDirty, type DocumentStoreHook } from '../state/documentStore';
import { flushPendingEdits } from '../state/pendingEdits';
import { useUiStore } from '../state/uiStore';
import { askAboutUnsaved } from './unsavedPrompt';

/**
 * The File commands (New, Open, Save, Save As, Close), shared by the toolbar, the keyboard shortcuts and the
 * desktop app's native menu. Unsaved work is never dropped without the user confirming it.
 */
export function createFileCommands(api: ApiClient, useDocument: DocumentStoreHook) {
  const doc = () => useDocument.getState();
  const ui = () => useUiStore.getState();
  /** Whether the open document may be replaced: not changed, saved now, or the user chose not to save it. */
  const mayDiscard = async (): Promise<boolean> => {
    flushPendingEdits(); // typing not yet written is unsaved work too
    if (!isDirty(doc())) return true;
    const choice = await askAboutUnsaved(fileName(doc().path));
    if (choice === 'cancel') return false;
    if (choice === 'discard') return true;
    // An untitled file needs a name first: Save As, and the user repeats what they were doing.
    if (doc().path === null) {
      await commands.saveAs();
      return false;
    }
    return doc().save();
  };
  const native = () => ui().info?.nativeDialogs === true;

  const commands = {
    async newFile() {
      if (await mayDiscard()) await doc().newDocument();
    },
    async open(path?: string) {
      if (path === undefined) {
        if (!native()) return ui().openDialog({ kind: 'open' });
        const chosen = (await api.invoke('dialog.open', {})).path;
        if (!chosen) return;
        path = chosen;
      }
      if (await mayDiscard()) await doc().open(path);
    },
    async saveAs() {
      const state = doc();
      if (state.status !== 'ready') return;
      const suggested = state.path ?? `${ui().info?.cwd ?? ''}/toolbox_info.hocon`;
      if (!native()) return ui().openDialog({ kind: 'saveAs', suggested });
      const chosen = (await api.invoke('dialog.save', { defaultPath: suggested })).path;
      if (chosen) await doc().save(chosen);
    },
    async save() {
      const state = doc();
      if (state.status !== 'ready') return;
      if (state.path === null) return commands.saveAs();
      await doc().save();
    },
    async close() {
      if (doc().status !== 'empty' && (await mayDiscard())) doc().close();
    },
    mayDiscard,
    run(command: MenuCommand, path?: string) {
      switch (command) {
        case 'new':
          return commands.newFile();
        case 'open':
          return commands.open();
        case 'openPath':
          return commands.open(path);
        case 'save':
          return commands.save();
        case 'saveAs':
          return commands.saveAs();
        case 'close':
          return commands.close();
        case 'undo':
        case 'redo':
          return; // the document's undo, not a file command (App routes them to undoShortcuts.ts)
      }
    },
  };
  return commands;
}

export type FileCommands = ReturnType<typeof createFileCommands>;

/** Ctrl/Cmd+S, Ctrl/Cmd+Shift+S, Ctrl/Cmd+O. Handled here (also inside Monaco) so the browser's own actions never run. */
export function installFileShortcuts(commands: FileCommands): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 's') {
      event.preventDefault();
      void (event.shiftKey ? commands.saveAs() : commands.save());
    } else if (key === 'o' && !event.shiftKey) {
      event.preventDefault();
      void commands.open();
    }
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}
