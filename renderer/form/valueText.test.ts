import { describe, expect, it } from 'vitest';
import { resolveHocon, toJson } from '../../shared/hocon';
import { descriptionText, enumText, leafText } from './valueText';

const read = (valueText: string) => (toJson(resolveHocon(`v = ${valueText}`).value!) as { v: unknown }).v;

describe('form values as HOCON text', () => {
  it('writes a multi-line description triple-quoted, reading back the same text', () => {
    const value = 'Line one\nLine "two" here';
    expect(descriptionText(value)).toBe(`"""${value}"""`);
    expect(read(descriptionText(value))).toBe(value);
  });
  it('falls back to a JSON string where triple quotes would be misread', () => {
    for (const value of ['one line', 'ends with "quote"\nx"', 'has """ inside\n']) expect(read(descriptionText(value))).toBe(value);
    expect(descriptionText('one line')).toBe('"one line"');
  });
  it('keeps literals and JSON, quotes everything else', () => {
    expect(read(leafText('5'))).toBe(5);
    expect(read(leafText('true'))).toBe(true);
    expect(read(leafText('{"a": [1]}'))).toEqual({ a: [1] });
    expect(read(leafText('hello world'))).toBe('hello world');
    expect(read(leafText('{not json'))).toBe('{not json');
  });
  it('reads an enum cell as a JSON array', () => {
    expect(enumText('a, b, 3')).toBe('["a","b",3]');
    expect(enumText(' ')).toBeNull();
  });
});
