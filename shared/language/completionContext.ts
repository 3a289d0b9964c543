/**
 * What the HOCON editor can complete at the cursor, decided from the text before it on its line and from where the
 * cursor is in the document's structure (inside which tool entry, at which depth). Pure, so it is unit tested.
 */
export type CompletionContext =
  | { kind: 'entry-key'; prefixStart: number }
  | { kind: 'display-as'; prefixStart: number; quoted: boolean }
  | { kind: 'class'; prefixStart: number; quoted: boolean }
  | { kind: 'tool-name'; prefixStart: number; quoted: boolean }
  | { kind: 'none' };

const VALUE_OF = (key: string) => new RegExp(`(?:^|[\\s{,])"?${key}"?\\s*[:=]\\s*("?)([\\w.\\-]*)$`);

/**
 * @param linePrefix the line's text before the cursor
 * @param depthInEntry how many braces deep the cursor is inside a tool entry's value (1 = directly in the entry),
 *   or 0 when not inside a tool entry
 */
export function completionContextAt(linePrefix: string, depthInEntry: number): CompletionContext {
  for (const [key, kind] of [
    ['display_as', 'display-as'],
    ['class', 'class'],
    ['toolbox', 'tool-name'],
  ] as const) {
    const match = VALUE_OF(key).exec(linePrefix);
    if (match) {
      const typed = match[2] ?? '';
      return { kind, prefixStart: linePrefix.length - typed.length - (match[1] ? 1 : 0), quoted: match[1] === '"' };
    }
  }
  if (depthInEntry === 1) {
    const key = /(?:^|[{,])\s*("?)([\w]*)$/.exec(linePrefix);
    if (key) return { kind: 'entry-key', prefixStart: linePrefix.length - (key[2]?.length ?? 0) - (key[1] ? 1 : 0) };
  }
  return { kind: 'none' };
}

/** How many unclosed `{` lie between `from` and `to` in the text (strings and comments skipped). */
export function braceDepth(text: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '"') {
      if (text.startsWith('"""', i)) {
        const close = text.indexOf('"""', i + 3);
        i = close < 0 ? to : close + 2;
      } else {
        i++;
        while (i < to && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      }
    } else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? to : end;
    } else if (c === '{') depth++;
    else if (c === '}') depth--;
  }
  return depth;
}
