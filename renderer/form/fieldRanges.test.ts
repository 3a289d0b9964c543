import { describe, expect, it } from 'vitest';
import { entryFieldRanges, fieldAt, formFieldAt, parameterRanges } from './fieldRanges';

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

describe('form fields of positions in parameters', () => {
  const text = 'x = 1\ntool {\n  class = "a.B"\n  parameters { type = object, properties { q { type = int, description = "d" } }, required = [q, gone] }\n}\n';
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}') + 1;
  it('names the parameter and the cell', () => {
    expect(formFieldAt(text, start, end, text.indexOf('int'))).toBe('parameter:q:type');
    expect(formFieldAt(text, start, end, text.indexOf('"d"'))).toBe('parameter:q:description');
    expect(formFieldAt(text, start, end, text.indexOf('gone'))).toBe('parameters:required');
    expect(formFieldAt(text, start, end, text.indexOf('"a.B"'))).toBe('class');
    expect([...parameterRanges(text, start, end).keys()]).toEqual(['q']);
  });
});
