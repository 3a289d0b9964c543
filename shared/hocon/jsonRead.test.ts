import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError, readJsonText, readJsonWith, scanJson, type JsonBuilder, type JsonPath } from './index';

const where = (text: string) => {
  const error = scanJson(text);
  return error && describeJsonSyntaxError(error);
};

/** Each value as a tagged string, so that the test sees what the builder was given. */
const TAGGED: JsonBuilder<string> = {
  number: (text) => `n:${text}`,
  string: (value) => `s:${value}`,
  literal: (value) => `l:${value}`,
  array: (items) => `[${items.join(' ')}]`,
  object: (members) => `{${members.map(([k, v]) => `${k}=${v}`).join(' ')}}`,
};

describe('the JSON reader', () => {
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

  it('builds values inner first, members in order with repeats, numbers as written', () => {
    expect(readJsonWith('{"a": [1.0, "x\\u0021", true, null, {}], "b": {"c": []}, "a": -0}', TAGGED)).toEqual({
      ok: true,
      value: '{a=[n:1.0 s:x! l:true l:null {}] b={c=[]} a=n:-0}',
    });
    expect(readJsonWith('[1, ]', TAGGED)).toMatchObject({ ok: false, error: { line: 1, column: 5, message: 'Expecting value' } });
  });

  it("reads Python's NaN, Infinity and -Infinity and skips a BOM only when asked", () => {
    const text = '\ufeff[NaN, Infinity, -Infinity, 1e400]';
    expect(readJsonWith(text, TAGGED, { python: true })).toEqual({ ok: true, value: '[n:NaN n:Infinity n:-Infinity n:1e400]' });
    expect(where(text)).toBe('line 1, column 1: Expecting value');
    expect(where('[NaN]')).toBe('line 1, column 2: Expecting value');
    expect(readJsonWith('[-Inf]', TAGGED, { python: true })).toMatchObject({ ok: false, error: { column: 2, message: 'Expecting value' } });
  });

  it('reads nesting deeper than the stack', () => {
    const depth = 100_000;
    expect(scanJson('['.repeat(depth) + '1.0' + ']'.repeat(depth))).toBeUndefined();
  });
});
