/**
 * The one shape of a text change: `length` UTF-16 units at `offset` replaced by `newText` (the names LSP and Monaco
 * use). The editor's edits, quick fixes, project renames and the documents the client sends are all this shape, with
 * what they add (`file`, `base`, the rename preview's lines); shared/api builds the contract's schemas to match.
 */
export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}

/** A TextEdit of one file: of a project (relative to its root) or of a toolbox's layers. */
export interface FileTextEdit extends TextEdit {
  file: string;
}

/** Applies non-overlapping edits (offsets refer to the original text). Throws if two edits overlap. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  let result = '';
  let position = 0;
  for (const edit of sorted) {
    if (edit.offset < position || edit.offset + edit.length > text.length) {
      throw new Error(`Overlapping or out-of-range text edit at offset ${edit.offset}`);
    }
    result += text.slice(position, edit.offset) + edit.newText;
    position = edit.offset + edit.length;
  }
  return result + text.slice(position);
}
