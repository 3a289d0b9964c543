import { describe, expect, it } from 'vitest';
import { resolveHocon, toJson } from '../hocon/index';
import { pythonJsonText } from './pythonJson';

const resolved = (text: string) => resolveHocon(text).value;

describe('pythonJsonText', () => {
  it('writes what JSON.stringify writes when no number needs more', () => {
    const value = resolved('s = "a\\"b\\u0001é", n = -3, f = 2.5, t = true, z = null, e {}, l = [], a = [1, [2, {x = y}]], "k\\"q" = 0');
    expect(pythonJsonText(value)).toBe(JSON.stringify(toJson(value)));
  });

  it('writes integers beyond 2^53 exactly and keeps floats floats for Python', () => {
    const value = resolved('big = 12345678901234567890, neg = -12345678901234567890, one = 1.0, exp = 1E3, mz = -0.0, h = 1e21, x = 1e400, y = -1e400, s = 1.5e-7');
    expect(pythonJsonText(value)).toBe(
      '{"big":12345678901234567890,"neg":-12345678901234567890,"one":1.0,"exp":1000.0,"mz":-0.0,"h":1e+21,"x":Infinity,"y":-Infinity,"s":1.5e-7}',
    );
  });

  it('writes args nested deeper than the stack by substitutions', () => {
    const depth = 20_000;
    const lines = ['a0 = 1.0'];
    for (let i = 1; i < depth; i++) lines.push(`a${i} = [\${a${i - 1}}]`);
    const text = pythonJsonText(resolved(lines.join('\n')).fields.value(`a${depth - 1}`)!);
    expect(text).toBe('['.repeat(depth - 1) + '1.0' + ']'.repeat(depth - 1));
  });
});
