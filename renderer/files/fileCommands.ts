import type { ApiClient } from '../../shared/api/index';
import { fileName, isDirty, type DocumentStoreHook } from '../state/documentStore';
import type { PendingEdits } from '../state/pendingEdits';
import type { UiStoreHook } from '../state/uiStore';
import { askAboutUnsaved } from './unsavedPrompt';

/**
 * The File commands (New, Open, Save, Save As, Close), registered in the window's command registry (see
 * commands/workbenchCommands.ts) for the toolbar, the keys, the palette and the native menu. Unsaved work is never
 * dropped without the user confirming it.
 */
export function createFileCommands(api: ApiClient, useDocument: DocumentStoreHook, useUi: UiStoreHook, edits: PendingEdits) {
  const doc = () => useDocument.getState();
  const ui = () => useUi.getState();
  /** Whether the open document may be replaced: not changed, saved now, or the user chose not to save it. */
  const mayDiscard = async (): Promise<boolean> => {
    edits.flush(); // typing not yet written is unsaved work too
    if (!isDirty(doc())) return true;
    const choice = await askAboutUnsaved(useUi, fileName(doc().path));
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
  };
  return commands;
}

export type FileCommands = ReturnType<typeof createFileCommands>;
