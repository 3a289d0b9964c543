import { describe, expect, it } from 'vitest';
import { SHOWN_HEAD, SHOWN_TAIL, shownParts, textPieces } from './VisibleWhitespace';

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

describe('shownParts', () => {
  it('shows a text of up to head and tail whole', () => {
    const text = 'x'.repeat(SHOWN_HEAD + SHOWN_TAIL);
    expect(shownParts(text, false)).toEqual({ head: text, omitted: 0, tail: '' });
  });

  it('shows a longer one as its head and tail, saying how much lies between, and all of it when asked', () => {
    const text = `${'h'.repeat(SHOWN_HEAD)}${'m'.repeat(900_000)}${'t'.repeat(SHOWN_TAIL)}`;
    const parts = shownParts(text, false);
    expect(parts).toEqual({ head: 'h'.repeat(SHOWN_HEAD), omitted: 900_000, tail: 't'.repeat(SHOWN_TAIL) });
    expect(parts.head.length + parts.omitted + parts.tail.length).toBe(text.length);
    expect(shownParts(text, true)).toEqual({ head: text, omitted: 0, tail: '' });
  });

  it('never cuts a character outside the basic plane in two', () => {
    const text = `${'a'.repeat(SHOWN_HEAD - 1)}😀${'m'.repeat(10_000)}😀${'b'.repeat(SHOWN_TAIL - 1)}`;
    const { head, omitted, tail } = shownParts(text, false);
    expect(head.endsWith('😀')).toBe(true);
    expect(tail.startsWith('😀')).toBe(true);
    expect(head.length + omitted + tail.length).toBe(text.length);
  });
});
