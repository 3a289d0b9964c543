import { describe, expect, it } from 'vitest';
import { textPieces } from './VisibleWhitespace';

describe('textPieces', () => {
  it('keeps a short text whole', () => {
    expect(textPieces('Here is the toolbox catalog: {}')).toEqual(['Here is the toolbox catalog: {}']);
    expect(textPieces('')).toEqual(['']);
  });

  it('cuts a long text into pieces that join back to it', () => {
    const text = 'x'.repeat(10_000);
    const pieces = textPieces(text);
    expect(pieces.map((p) => p.length)).toEqual([4096, 4096, 1808]);
    expect(pieces.join('')).toBe(text);
  });

  it('never cuts a character outside the basic plane in two', () => {
    const text = `${'a'.repeat(4095)}😀${'b'.repeat(5000)}`;
    const pieces = textPieces(text);
    expect(pieces[0]).toBe(`${'a'.repeat(4095)}😀`);
    expect(pieces.join('')).toBe(text);
  });
});
