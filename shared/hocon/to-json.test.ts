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
