import { describe, expect, it } from 'vitest';
import { SourceText } from './textPosition';

/** Line and column counted the slow way. */
function counted(text: string, offset: number) {
  const before = text.slice(0, offset);
  return { offset, line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

describe('SourceText positions', () => {
  it('gives every offset its line and column, in texts that start with line breaks, have empty lines or none', () => {
    const texts = ['\n\n\n    "tool": { "a": 1 }\n', '\n', '\n\n', 'ab\n\ncd', '', '\nx', 'a\r\nb\n\n\nc', `${'\n'.repeat(200)}x\ny`];
    for (const text of texts) {
      const source = new SourceText('t.hocon', text);
      for (let offset = 0; offset <= text.length; offset++) expect(source.positionAt(offset), JSON.stringify(text)).toEqual(counted(text, offset));
    }
  });
});
