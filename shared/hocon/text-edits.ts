/** A replacement of `length` characters at `offset` by `content` (the model of jsonc-parser's Edit). */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
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
    result += text.slice(position, edit.offset) + edit.content;
    position = edit.offset + edit.length;
  }
  return result + text.slice(position);
}
