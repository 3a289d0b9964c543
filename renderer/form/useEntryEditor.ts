import { useMemo } from 'react';
import { renameKey, type setValue } from '../../shared/hocon';
import type { FieldSourceDto } from '../../shared/api/index';
import { sourceEdits, sourceRemovals, type SourceChoice } from '../../shared/toolbox/index';
import type { Workspace } from '../workspace';
import { applyDocumentEdits } from './applyDocumentEdits';

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
 * the analysis's field sources say (shared/toolbox/fieldSourceEdits.ts).
 */
export function useEntryEditor(stores: Workspace, toolName: string) {
  return useMemo(() => {
    const checked = (text: string) => text.length <= CHECKED_EDIT_MAX_CHARS;
    /** Applies the edits computed from the current text; false (and a notice saying why) when refused. */
    const apply = (compute: (text: string) => ReturnType<typeof setValue>): boolean => applyDocumentEdits(stores, toolName, compute);
    /** Where the field at `path` gets its value, from the analysis of this tool (undefined: written once, plainly). */
    const sourceOf = (path: readonly string[]): FieldSourceDto | undefined => {
      const detail = stores.useAnalysis.getState().analysis?.detail;
      return detail?.name === toolName ? detail.sources?.find((s) => samePath(s.path, path)) : undefined;
    };
    /** The keys right under `path` the analysis lists with no value: set only by a `${?VAR}` that finds nothing now. */
    const unsetKeysUnder = (path: readonly string[]): string[] => {
      const detail = stores.useAnalysis.getState().analysis?.detail;
      if (detail?.name !== toolName) return [];
      const under = (s: FieldSourceDto) => s.path.length === path.length + 1 && samePath(s.path.slice(0, -1), path);
      return (detail.sources ?? []).filter((s) => under(s) && s.winner < 0).map((s) => s.path[path.length]!);
    };
    return {
      toolName,
      sourceOf,
      unsetKeysUnder,
      /** The document's text now (what an edit is computed from). */
      text: () => stores.useDocument.getState().text,
      /**
       * Sets `path` (under the tool) to HOCON value text, or removes it when `valueText` is null (a field cleared:
       * refused where an override is among several definitions, unless the user chose "Replace both").
       * `choice`: which definition, where the field's value comes from a substitution or another file.
       */
      set(path: string[], valueText: string | null, choice?: SourceChoice): boolean {
        const at = [toolName, ...path];
        if (valueText === null) return apply((text) => sourceRemovals(text, at, sourceOf(path), choice === 'both' ? 'all' : undefined, { checked: checked(text) }));
        return apply((text) => sourceEdits(text, at, valueText, sourceOf(path), choice, { checked: checked(text) }));
      },
      /** Removes `path` (under the tool), every definition of it: the user asked for exactly that (a remove button). */
      remove(path: string[]): boolean {
        return apply((text) => sourceRemovals(text, [toolName, ...path], sourceOf(path), 'all', { checked: checked(text) }));
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
