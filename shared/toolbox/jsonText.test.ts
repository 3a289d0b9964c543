import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError, jsonMemberTexts, layoutIfJson, layoutJsonText, readJsonText, scanJson, type JsonPath } from './jsonText';

const where = (text: string) => {
  const error = scanJson(text);
  return error && describeJsonSyntaxError(error);
};

describe('JSON text as the user wrote it', () => {
  it('says where text stops being JSON, in the words and positions of Python\'s json', () => {
    // Each as `python3 -c 'import json; json.loads(...)'` reports it (line, column, message).
    expect(where('')).toBe('line 1, column 1: Expecting value');
    expect(where('{"x": 1.0 "y": 2}')).toBe("line 1, column 11: Expecting ',' delimiter");
    expect(where('{"x": 1,\n  "y" 2}')).toBe("line 2, column 7: Expecting ':' delimiter");
    expect(where('[1, 2')).toBe("line 1, column 6: Expecting ',' delimiter");
    expect(where('{1: 2}')).toBe('line 1, column 2: Expecting property name enclosed in double quotes');
    expect(where('{"a":1,}')).toBe('line 1, column 8: Expecting property name enclosed in double quotes');
    expect(where('"abc')).toBe('line 1, column 1: Unterminated string starting at');
    expect(where('"a\\qb"')).toBe('line 1, column 3: Invalid \\escape');
    expect(where('"ab\\u12G4"')).toBe('line 1, column 5: Invalid \\uXXXX escape');
    expect(where('[1,]')).toBe('line 1, column 4: Expecting value');
    expect(where('1 2')).toBe('line 1, column 3: Extra data');
    expect(where('"a\tb"')).toBe('line 1, column 3: Invalid control character at');
    expect(where('[1 , {"a": [true, nul]}]')).toBe('line 1, column 19: Expecting value');
    expect(where(' {"x": 1.0, "big": 12345678901234567890}\n')).toBeUndefined();
  });

  it('accepts exactly what JSON.parse accepts', () => {
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    // Strings made of JSON's own characters, so that most are near misses of JSON rather than noise.
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', ' ', '\n', '"', '\\', 'u', '0', '1', '-', '.', 'e', '+', 'a', 'true', 'null', 'false', '"k"', '\t', '\u0001', 'Infinity', 'NaN');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        expect(scanJson(text) === undefined).toBe(parses(text));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(fc.property(fc.json(), (text) => scanJson(text) === undefined));
  });

  it('reads the value JSON.parse reads, and tells every value\'s path and span', () => {
    expect(readJsonText('{"a": [1, 2.5]}')).toEqual({ ok: true, value: { a: [1, 2.5] } });
    expect(readJsonText('{"a": }')).toMatchObject({ ok: false, error: { line: 1, column: 7, offset: 6, message: 'Expecting value' } });
    const text = '{"a": [1.0, {"b\\u0021": null}], "c": {}}';
    const seen: Array<[JsonPath, string]> = [];
    scanJson(text, (path, start, end) => seen.push([[...path], text.slice(start, end)]));
    expect(seen).toEqual([
      [['a', 0], '1.0'],
      [['a', 1, 'b!'], 'null'],
      [['a', 1], '{"b\\u0021": null}'],
      [['a'], '[1.0, {"b\\u0021": null}]'],
      [['c'], '{}'],
      [[], text],
    ]);
  });

  it('lays the text out anew keeping every token as written', () => {
    const text = ' { "x" : 1.0 ,"big":12345678901234567890, "2": [ ], "1": {"e": "a\\"b, c: [d]"}, "z": [true,null , -0.0e+1] }\n';
    expect(layoutJsonText(text)).toBe('{"x":1.0,"big":12345678901234567890,"2":[],"1":{"e":"a\\"b, c: [d]"},"z":[true,null,-0.0e+1]}');
    expect(layoutJsonText(text, 2)).toBe(
      '{\n  "x": 1.0,\n  "big": 12345678901234567890,\n  "2": [],\n  "1": {\n    "e": "a\\"b, c: [d]"\n  },\n  "z": [\n    true,\n    null,\n    -0.0e+1\n  ]\n}',
    );
    expect(layoutIfJson('{"x": 1.0,')).toBe('{"x": 1.0,');
    // For what JSON.stringify wrote, the same text as JSON.stringify writes with the other layout.
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(layoutJsonText(JSON.stringify(value, null, 2))).toBe(JSON.stringify(value));
        expect(layoutJsonText(JSON.stringify(value), 2)).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it('gives an object\'s members as written, the last of a repeated key', () => {
    expect(jsonMemberTexts('{"x": 1.0, "y": {"z": 12345678901234567890}, "x": 2.50}')).toEqual(
      new Map([
        ['x', '2.50'],
        ['y', '{"z": 12345678901234567890}'],
      ]),
    );
    expect(jsonMemberTexts('[1]')).toBeUndefined();
    expect(jsonMemberTexts('{"x": ')).toBeUndefined();
  });

  it('reads nesting deeper than the stack', () => {
    const depth = 100_000;
    expect(scanJson('['.repeat(depth) + '1.0' + ']'.repeat(depth))).toBeUndefined();
    expect(layoutJsonText('['.repeat(depth) + ']'.repeat(depth))).toBe('['.repeat(depth - 1) + '[]' + ']'.repeat(depth - 1));
  });
});
