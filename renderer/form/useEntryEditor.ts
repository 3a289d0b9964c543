import { useMemo } from 'react';
import { removeKey, renameKey, setValue } from '../../shared/hocon';
import type { WorkspaceStores } from '../state/workspace';

/**
 * Edits one tool entry's fields through the HOCON module (minimal text edits, nothing re-serialized), applied to the
 * shared Monaco model so the form's edits join the text editor's undo stack.
 */
export function useEntryEditor(stores: WorkspaceStores, toolName: string) {
  return useMemo(() => {
    const apply = (compute: (text: string) => ReturnType<typeof setValue>) => {
      const text = stores.useDocument.getState().text;
      try {
        stores.documentModel.applyEdits(compute(text));
      } catch (error) {
        stores.useDocument.getState().setNotice({ kind: 'error', message: `Could not edit ${toolName}: ${error instanceof Error ? error.message : String(error)}` });
      }
    };
    return {
      /** Sets `path` (under the tool) to HOCON value text, or removes it when `valueText` is null. */
      set(path: string[], valueText: string | null) {
        if (valueText === null) apply((text) => removeKey(text, [toolName, ...path]));
        else apply((text) => setValue(text, [toolName, ...path], valueText));
      },
      rename(path: string[], newName: string) {
        apply((text) => renameKey(text, [toolName, ...path], newName));
      },
    };
  }, [stores, toolName]);
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;
