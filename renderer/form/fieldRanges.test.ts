import { describe, expect, it } from 'vitest';
import { entryFieldRanges, fieldAt } from './fieldRanges';

describe('entryFieldRanges', () => {
  it('finds each field of an entry at its absolute offsets', () => {
    const text = 'tool {\n  class = "a.B"  # c\n  display_as = "bad"\n}\n';
    const start = text.indexOf('{');
    const ranges = entryFieldRanges(text, start, text.lastIndexOf('}') + 1);
    expect(text.slice(ranges.get('class')!.start, ranges.get('class')!.end)).toBe('class = "a.B"');
    expect(fieldAt(ranges, text.indexOf('"bad"'))).toBe('display_as');
    expect(fieldAt(ranges, 0)).toBeUndefined();
  });
});
