import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonMemberTexts, layoutIfJson, layoutJsonText } from './index';

describe('JSON text as the user wrote it', () => {
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

  it('lays out nesting deeper than the stack', () => {
    const depth = 100_000;
    expect(layoutJsonText('['.repeat(depth) + ']'.repeat(depth))).toBe('['.repeat(depth - 1) + '[]' + ']'.repeat(depth - 1));
  });
});
