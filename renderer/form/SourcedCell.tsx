import type { ReactNode } from 'react';
import { useSourcedField, type SourcedField } from './FieldSource';
import type { EntryEditor } from './useEntryEditor';

/**
 * A parameters-table cell for a key that may be set more than once, by a substitution or in another file: its input
 * (given the field's state: the value to show, whether it waits for a choice, the commit) and the source note folded
 * to one line under it, which opens to the definitions and the choice of which one an edit changes.
 */
export function SourcedCell({ editor, path, label, field: fieldName, children }: { editor: EntryEditor; path: string[]; label: string; /** The input's data-field (focused once a definition is chosen). */ field: string; children(field: SourcedField): ReactNode }) {
  const field = useSourcedField(editor, path, label, { compact: true, field: fieldName });
  return (
    <>
      {children(field)}
      {field.note}
    </>
  );
}
