import { useMemo } from 'react';
import { removeKey, removeKeyChecked, renameKey, setValue, setValueChecked } from '../../shared/hocon';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Past this size a form edit is not checked against what the text resolves to (two resolutions of a file this big
 * take a noticeable moment on the window's thread); the analysis still shows the result.
 */
const CHECKED_EDIT_MAX_CHARS = 1_000_000;

/**
 * Edits one tool entry's fields through the HOCON module (minimal text edits, nothing re-serialized), applied to the
 * shared Monaco model so the form's edits join the text editor's undo stack. An edit that would not leave the
 * text resolving to exactly that change (the tool defined twice, a key copied by a substitution...) is refused
 * with the reason, as a notice.
 */
export function useEntryEditor(stores: Workspace, toolName: string) {
  return useMemo(() => {
    /** Applies the edits computed from the current text; false (and a notice saying why) when refused. */
    const apply = (compute: (text: string) => ReturnType<typeof setValue>): boolean => {
      const text = stores.useDocument.getState().text;
      try {
        stores.documentModel.applyEdits(compute(text));
        return true;
      } catch (error) {
        stores.useDocument.getState().setNotice({ kind: 'error', message: `Could not edit ${toolName}: ${errorMessage(error)}` });
        return false;
      }
    };
    return {
      toolName,
      /** Sets `path` (under the tool) to HOCON value text, or removes it when `valueText` is null. */
      set(path: string[], valueText: string | null): boolean {
        const at = [toolName, ...path];
        if (valueText === null) return apply((text) => (text.length <= CHECKED_EDIT_MAX_CHARS ? removeKeyChecked(text, at) : removeKey(text, at)));
        return apply((text) => (text.length <= CHECKED_EDIT_MAX_CHARS ? setValueChecked(text, at, valueText) : setValue(text, at, valueText)));
      },
      rename(path: string[], newName: string): boolean {
        return apply((text) => renameKey(text, [toolName, ...path], newName));
      },
      /** Any edit of the entry computed from the text (the parameter edits that keep `required` consistent). */
      edit(compute: (text: string, toolName: string) => ReturnType<typeof setValue>): boolean {
        return apply((text) => compute(text, toolName));
      },
    };
  }, [stores, toolName]);
}

export type EntryEditor = ReturnType<typeof useEntryEditor>;
