import type { UiStoreHook, UnsavedChoice } from '../state/uiStore';

export type { UnsavedChoice };

/**
 * Asks what to do with unsaved changes to `file` in the app's own dialog (window.confirm offers only OK/Cancel, and
 * blocks the page); resolves with the user's choice. Another dialog taking its place answers "cancel" (uiStore).
 */
export function askAboutUnsaved(useUi: UiStoreHook, file: string): Promise<UnsavedChoice> {
  return new Promise((resolve) => useUi.getState().openDialog({ kind: 'unsaved', file, answer: resolve }));
}
