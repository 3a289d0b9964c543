import { describe, expect, it } from 'vitest';
import { lineDiff } from './lineDiff';

const show = (before: string, after: string) => lineDiff(before, after).map((l) => `${{ same: ' ', added: '+', removed: '-' }[l.kind]}${l.text}`);

describe('lineDiff', () => {
  it('marks nothing when the texts are the same', () => {
    expect(show('a\nb', 'a\nb')).toEqual([' a', ' b']);
  });

  it('aligns a changed line between unchanged ones, and added and removed lines', () => {
    expect(show('a\nb\nc\nd', 'a\nB\nc\nd\ne')).toEqual([' a', '-b', '+B', ' c', ' d', '+e']);
    expect(show('x\na\ny\nb', 'a\nb')).toEqual(['-x', ' a', '-y', ' b']);
  });

  it('turns a file from empty into all-added lines', () => {
    expect(show('', 'a\nb')).toEqual(['-', '+a', '+b']);
  });
});
