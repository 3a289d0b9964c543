import { useMemo } from 'react';
import { removeKey, removeKeyChecked, renameKey, type setValue } from '../../shared/hocon';
import type { FieldSourceDto } from '../../shared/api/index';
import type { WorkspaceStores } from '../state/workspace';
import { errorMessage } from '../../shared/errorMessage';
import { sourceEdits, type SourceChoice } from './fieldSourceEdits';

/**
 * Past this size a form edit is not checked against what the text resolves to (two resolutions of a file this big
 * take a noticeable moment on the window's thread); the analysis still shows the result.
 */
const CHECKED_EDIT_MAX_CHARS = 1_000_000;

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Edits one tool entry's fields through the HOCON module (minimal text edits, nothing re-serialized), applied to the
 * shared Monaco model so the form's edits join the text editor's undo stack. An edit that would not leave the
 * text resolving to exactly that change (the tool defined twice, a key copied by a substitution...) is refused
 * with the reason, as a notice. A field set more than once, or from a substitution or another file, is edited where
 * the analysis's field sources say (fieldSourceEdits.ts).
 */
export function useEntryEditor(stores: WorkspaceStores, toolName: string) {
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
    /** Where the field at `path` gets its value, from the analysis of this tool (undefined: written once, plainly). */
    const sourceOf = (path: readonly string[]): FieldSourceDto | undefined => {
      const detail = stores.useAnalysis.getState().analysis?.detail;
      return detail?.name === toolName ? detail.sources?.find((s) => samePath(s.path, path)) : undefined;
    };
    return {
      toolName,
      sourceOf,
      /** The document's text now (what an edit is computed from). */
      text: () => stores.useDocument.getState().text,
      /**
       * Sets `path` (under the tool) to HOCON value text, or removes it (every definition) when `valueText` is null.
       * `choice`: which definition, where the field's value comes from a substitution or another file.
       */
      set(path: string[], valueText: string | null, choice?: SourceChoice): boolean {
        const at = [toolName, ...path];
        const checked = (text: string) => text.length <= CHECKED_EDIT_MAX_CHARS;
        if (valueText === null) return apply((text) => (checked(text) ? removeKeyChecked(text, at) : removeKey(text, at)));
        return apply((text) => sourceEdits(text, at, valueText, sourceOf(path), choice, checked(text)));
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
