import { describe, expect, it } from 'vitest';
import { resolveHocon, toJson } from '../hocon/index';

describe('toJson', () => {
  it('keeps a key named __proto__ as data, in the file\'s order, never as the prototype', () => {
    const json = toJson(resolveHocon('a = 1, "__proto__" { polluted = true, "__proto__" = [2] }, b = 3').value) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['a', '__proto__', 'b']);
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(JSON.stringify(json)).toBe('{"a":1,"__proto__":{"polluted":true,"__proto__":[2]},"b":3}');
    const inner = Object.getOwnPropertyDescriptor(json, '__proto__')!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.keys(inner)).toEqual(['polluted', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
