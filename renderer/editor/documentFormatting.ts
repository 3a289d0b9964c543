import type { FormatOptions, FormatRange, TextEdit } from '../../shared/hocon/index';
import { formatChecked } from '../../shared/language/index';

/**
 * Format Document in the HOCON tab, without Monaco: the edits `toolbox-editor format FILE` would make (the file's
 * `.editorconfig` as `options`, the text's own style for what it leaves unset; Monaco's tab settings play no part,
 * so what the app writes passes `format --check`), or what to tell the user when it makes none because it cannot.
 */
export type DocumentFormatting = { edits: TextEdit[] } | { notice: string };

export function formatDocumentText(text: string, options: FormatOptions, file: string, range?: FormatRange): DocumentFormatting {
  const result = formatChecked(text, options, { file }, range);
  if (result.ok) return { edits: result.edits };
  const where = result.line !== undefined ? `line ${result.line}, column ${result.column ?? 1}: ` : '';
  return { notice: `Not formatted: ${where}${result.message}` };
}
