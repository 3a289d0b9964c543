import { describe, expect, it } from 'vitest';
import { resolveHocon, toJson } from '../../shared/hocon';
import { descriptionText, enumText, leafText, withIndent, withoutIndent } from './valueText';

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

describe('a multi-line description in a table cell (issue #35)', () => {
  const inFile = 'Finds a city.\n            Use it for weather.\n\n              - indented more\n    ';
  it('is shown without the indentation its lines share in the file, and written back with it', () => {
    const { shown, indent } = withoutIndent(inFile);
    expect(shown).toBe('Finds a city.\nUse it for weather.\n\n  - indented more\n    ');
    expect(indent).toBe('            ');
    // Untouched, it writes back exactly what the file had; an edit keeps the others' layout.
    expect(withIndent(shown, indent)).toBe(inFile);
    expect(withIndent(shown.replace('weather', 'the weather'), indent)).toBe(inFile.replace('weather', 'the weather'));
  });

  it('leaves one-line and unindented descriptions as they are', () => {
    expect(withoutIndent('One line.')).toEqual({ shown: 'One line.', indent: '' });
    expect(withoutIndent('A\nB')).toEqual({ shown: 'A\nB', indent: '' });
    expect(withIndent('A\nB', '')).toBe('A\nB');
  });
});
