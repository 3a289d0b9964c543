import { create } from 'zustand';
import type { AppInfo } from '../../shared/api/index';

/** An answer to "save the unsaved changes first?" (files/unsavedPrompt.ts asks it). */
export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/**
 * The dialog on screen, if any (one at a time). A new kind of dialog is one more member here and one more case
 * where App renders dialogs.
 */
export type Dialog =
  /** Browser mode has no native dialogs: the app asks for a path in its own. */
  | { kind: 'open' }
  /** The same for a project folder (Open Folder in browser mode). */
  | { kind: 'openFolder' }
  | { kind: 'saveAs'; suggested: string }
  | { kind: 'preferences' }
  /** The editor's text against the file on disk, after another program changed it. */
  | { kind: 'compare' }
  /** Go to tool (Ctrl+P). */
  | { kind: 'goToTool' }
  /** Every command, with its shortcut (Ctrl+Shift+P, F1). */
  | { kind: 'commandPalette' }
  /** Save / Don't save / Cancel before unsaved work is replaced or closed; `answer` resolves the one who asked. */
  | { kind: 'unsaved'; file: string; answer(choice: UnsavedChoice): void };

export interface UiState {
  info: AppInfo | null;
  dialog: Dialog | null;
  theme: 'light' | 'dark';
  /** Unsaved edits of the open file found from a session that ended without saving, offered back (NoticeBar). */
  recovered: string | null;
  setInfo(info: AppInfo): void;
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
  setTheme(theme: 'light' | 'dark'): void;
  setRecovered(text: string | null): void;
}

const systemTheme = (): 'light' | 'dark' =>
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** A question replaced or closed without an answer is answered "cancel", so whoever waits on it goes on. */
function withdraw(dialog: Dialog | null): void {
  if (dialog?.kind === 'unsaved') dialog.answer('cancel');
}

/** The window's UI state: the host, the dialog on screen, the theme. One per window, owned by its workspace. */
export function createUiStore() {
  return create<UiState>()((set, get) => ({
    info: null,
    dialog: null,
    theme: systemTheme(),
    recovered: null,
    setInfo: (info) => set({ info }),
    openDialog: (dialog) => {
      withdraw(get().dialog);
      set({ dialog });
    },
    closeDialog: () => {
      withdraw(get().dialog);
      set({ dialog: null });
    },
    setTheme: (theme) => set({ theme }),
    setRecovered: (recovered) => set({ recovered }),
  }));
}

export type UiStoreHook = ReturnType<typeof createUiStore>;
