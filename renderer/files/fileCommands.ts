import type { ApiClient, MenuCommand } from '../../shared/api/contract';
import { isDirty, type DocumentStoreHook } from '../state/documentStore';
import { useUiStore } from '../state/uiStore';

const DISCARD_QUESTION = 'You have unsaved changes. Discard them?';

/**
 * The File commands (New, Open, Save, Save As, Close), shared by the toolbar, the keyboard shortcuts and the
 * desktop app's native menu. Unsaved work is never dropped without the user confirming it.
 */
export function createFileCommands(api: ApiClient, useDocument: DocumentStoreHook) {
  const doc = () => useDocument.getState();
  const ui = () => useUiStore.getState();
  const mayDiscard = () => !isDirty(doc()) || window.confirm(DISCARD_QUESTION);
  const native = () => ui().info?.nativeDialogs === true;

  const commands = {
    async newFile() {
      if (mayDiscard()) await doc().newDocument();
    },
    async open(path?: string) {
      if (path === undefined) {
        if (!native()) return ui().openDialog({ kind: 'open' });
        const chosen = (await api.invoke('dialog.open', {})).path;
        if (!chosen) return;
        path = chosen;
      }
      if (mayDiscard()) await doc().open(path);
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
      if (doc().status !== 'empty' && mayDiscard()) doc().close();
    },
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
