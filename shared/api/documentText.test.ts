import { describe, expect, it } from 'vitest';
import { applyTextChange, textChangeBetween } from './documentText';

describe('a text change between two texts', () => {
  const cases: Array<[string, string]> = [
    ['', ''],
    ['abc', 'abc'],
    ['', 'new'],
    ['gone', ''],
    ['# comment\n{ a = 1 }', '# commentx\n{ a = 1 }'],
    ['aaaa', 'aaaaa'], // repeated characters: prefix and suffix must not overlap
    ['aaaaa', 'aaa'],
    ['x = "é😀"', 'x = "é😁"'], // a changed surrogate pair still round-trips
    ['start middle end', 'start MIDDLE end'],
  ];
  it.each(cases)('%j -> %j is one replacement that applies back', (before, after) => {
    const change = textChangeBetween(before, after);
    expect(applyTextChange(before, change)).toBe(after);
    expect(change.length + change.newText.length).toBeLessThanOrEqual(Math.max(before.length, after.length) * 2);
  });

  it('is only the middle that differs', () => {
    expect(textChangeBetween('# head\nbody', '# headx\nbody')).toEqual({ offset: 6, length: 0, newText: 'x' });
    expect(textChangeBetween('abcdef', 'abXYef')).toEqual({ offset: 2, length: 2, newText: 'XY' });
  });

  it('refuses a change that does not fit in the base', () => {
    expect(applyTextChange('short', { offset: 3, length: 5, newText: '' })).toBeUndefined();
  });
});
