/**
 * Renaming a tool in a saved test case file (`<toolbox>.tests.json`) as text edits: each case's `"tool"` value that
 * names the old tool, and nothing else, so a rename's preview shows exactly these lines and every other byte of the
 * file (the args as the user wrote them) stays.
 */
import { readJsonText, scanJson, type TextEdit } from '../hocon/index';

/** The edits; none when the text is not JSON or no case names `tool` (the last `cases` counts, as JSON.parse has it). */
export function renameToolInCaseFile(text: string, tool: string, newName: string): TextEdit[] {
  const read = readJsonText(text);
  if (!read.ok) return [];
  let edits: TextEdit[] = [];
  let reading: TextEdit[] = [];
  scanJson(text, (where, start, end) => {
    if (where.length === 3 && where[0] === 'cases' && typeof where[1] === 'number' && where[2] === 'tool') {
      const written = readJsonText(text.slice(start, end));
      if (written.ok && written.value === tool) reading.push({ offset: start, length: end - start, newText: JSON.stringify(newName) });
    } else if (where.length === 1 && where[0] === 'cases') {
      edits = reading;
      reading = [];
    }
  });
  return edits;
}
