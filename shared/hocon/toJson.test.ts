import { describe, expect, it } from 'vitest';
import { HoconError, resolveHocon, toJson, toJsonText } from './index';

const resolved = (text: string) => {
  const result = resolveHocon(text);
  expect(result.diagnostics).toEqual([]);
  return result.value;
};

const MIXED = [
  'a { "__proto__" = 1, x = [], y = {}, "10" = 2, "2" = 3 }',
  'b = [1, 2.5, -0, 1e3, true, null, "tab\\there", "é 😀 \\u2028 </script>"]',
  'c = [[], [{}], { d { e = "f" } }]',
  'g = 9007199254740991, h = -9007199254740991, i = 1.0',
].join('\n');

describe('toJsonText', () => {
  it('writes what JSON.stringify(toJson(...)) writes, compact and indented', () => {
    const value = resolved(MIXED);
    for (const indent of [undefined, 0, 2, 4]) expect(toJsonText(value, indent === undefined ? {} : { indent })).toBe(JSON.stringify(toJson(value), null, indent));
  });

  it('writes integers beyond 2^53 exactly as written, everywhere in the value, in the same layout', () => {
    const big = { i: '9007199254740993', p: '9223372036854775807', n: '-9223372036854775808', huge: '1' + '0'.repeat(400) };
    const text = `${MIXED}\ni = ${big.i}\nnested { p = ${big.p}, list = [${big.n}, { huge = ${big.huge} }] }\n`;
    const value = resolved(text);
    // The same document with small stand-ins for the big integers, written by JSON.stringify, then the stand-ins replaced.
    const standIns = resolved(text.replace(big.i, '111111').replace(big.p, '222222').replace(big.n, '-333333').replace(big.huge, '444444'));
    for (const indent of [0, 2]) {
      const expected = JSON.stringify(toJson(standIns), null, indent)
        .replace('111111', big.i)
        .replace('222222', big.p)
        .replace('-333333', big.n)
        .replace('444444', big.huge);
      expect(toJsonText(value, { indent })).toBe(expected);
    }
    expect(JSON.stringify(toJson(value))).toContain('9223372036854776000'); // what the plain conversion gives
  });

  it('keeps floats as numbers (only integers are exact)', () => {
    expect(toJsonText(resolved('f = 9007199254740993.0\ne = 1e400\n'))).toBe('{"f":9007199254740992,"e":null}');
  });

  it('stops past maxNodes with a positioned error, as toJson does', () => {
    expect(() => toJsonText(resolved('a = [1, 2, 3]\nb = 9223372036854775807\n'), { maxNodes: 3 })).toThrow(HoconError);
  });
});

describe("toJsonText for Python's json.loads", () => {
  const python = { reader: 'python' } as const;

  it('writes what JSON.stringify writes when no number needs more', () => {
    const value = resolved('s = "a\\"b\\u0001é", n = -3, f = 2.5, t = true, z = null, e {}, l = [], a = [1, [2, {x = y}]], "k\\"q" = 0');
    expect(toJsonText(value, python)).toBe(JSON.stringify(toJson(value)));
  });

  it('writes integers beyond 2^53 exactly and keeps floats floats for Python', () => {
    const value = resolved('big = 12345678901234567890, neg = -12345678901234567890, one = 1.0, exp = 1E3, mz = -0.0, h = 1e21, x = 1e400, y = -1e400, s = 1.5e-7');
    expect(toJsonText(value, python)).toBe(
      '{"big":12345678901234567890,"neg":-12345678901234567890,"one":1.0,"exp":1000.0,"mz":-0.0,"h":1e+21,"x":Infinity,"y":-Infinity,"s":1.5e-7}',
    );
    expect(toJsonText(value, { ...python, indent: 2 })).toContain('\n  "one": 1.0,\n');
  });

  it("keeps the file's key order, where a JavaScript object puts integer-like keys first", () => {
    const value = resolved('b = 1, "2" = 2, "1" = 3, "__proto__" = 4');
    expect(toJsonText(value, python)).toBe('{"b":1,"2":2,"1":3,"__proto__":4}');
    expect(toJsonText(value)).toBe('{"1":3,"2":2,"b":1,"__proto__":4}');
  });

  it('writes args nested deeper than the stack by substitutions', () => {
    const depth = 20_000;
    const lines = ['a0 = 1.0'];
    for (let i = 1; i < depth; i++) lines.push(`a${i} = [\${a${i - 1}}]`);
    const text = toJsonText(resolveHocon(lines.join('\n')).value.fields.value(`a${depth - 1}`)!, python);
    expect(text).toBe('['.repeat(depth - 1) + '1.0' + ']'.repeat(depth - 1));
  });
});

describe('toJson', () => {
  it('keeps a key named __proto__ as data, in the file\'s order, never as the prototype', () => {
    const json = toJson(resolved('a = 1, "__proto__" { polluted = true, "__proto__" = [2] }, b = 3')) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['a', '__proto__', 'b']);
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(JSON.stringify(json)).toBe('{"a":1,"__proto__":{"polluted":true,"__proto__":[2]},"b":3}');
    const inner = Object.getOwnPropertyDescriptor(json, '__proto__')!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.keys(inner)).toEqual(['polluted', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
