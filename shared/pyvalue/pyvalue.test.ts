import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { floatJson, floatRepr } from './floatRepr';
import { jsonDumps } from './jsonDumps';
import { readJson } from './jsonRead';
import { pyRepr, pyStr, shortRepr, TextTooLong } from './repr';
import { makeTuple, type PyValue } from './types';
import { compareCodePoints, codePointLength } from './codepoints';

const FLOATS = [0.1, 1, -0, 0, 1e16, 1e15, 1.5e-7, 1e-5, 1e-4, 0.0001234, 123456789.125, 1e21, 1e22, -2.5e-300, 5e-324,
  1.7976931348623157e308, Number('9007199254740993'), 2 ** 53, 1 / 3, 100, Number('1234567890123456.7')];

describe('floatRepr', () => {
  it("prints like Python's repr(float) for every sample", () => {
    const python = spawnSync('python3', ['-c', `import sys\nfor x in sys.argv[1:]: print(repr(float(x)))`, ...FLOATS.map((f) => (Object.is(f, -0) ? '-0.0' : String(f)))], { encoding: 'utf8' });
    expect(python.status).toBe(0);
    expect(FLOATS.map(floatRepr)).toEqual(python.stdout.trim().split('\n'));
  });
  it('writes non-finite floats as json.dumps does', () => {
    expect([NaN, Infinity, -Infinity].map(floatJson)).toEqual(['NaN', 'Infinity', '-Infinity']);
    expect([NaN, Infinity, -Infinity].map(floatRepr)).toEqual(['nan', 'inf', '-inf']);
  });
});

describe('readJson', () => {
  it('keeps the int/float kind, exact big integers, key order and Python constants', () => {
    const r = readJson('{"b": 1.0, "a": 12345678901234567890, "c": [NaN, Infinity, -Infinity, -0.0, 1e400], "s": "\\ud800x"}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const d = r.value as Map<string, unknown>;
    expect([...d.keys()]).toEqual(['b', 'a', 'c', 's']);
    expect(d.get('b')).toBe(1);
    expect(d.get('a')).toBe(12345678901234567890n);
    expect(pyRepr(r.value)).toBe("{'b': 1.0, 'a': 12345678901234567890, 'c': [nan, inf, -inf, -0.0, inf], 's': '\\ud800x'}");
  });
  it('reports where the text stops being JSON', () => {
    expect(readJson('{\n  "a": [1, 2,]\n}')).toMatchObject({ ok: false, error: { line: 2, column: 14, message: 'Expecting value' } });
    expect(readJson('{"a": 1} x')).toMatchObject({ ok: false, error: { line: 1, column: 10 } });
    expect(readJson('"tab\there"')).toMatchObject({ ok: false, error: { column: 5 } });
    expect(readJson('{"a" 1}')).toMatchObject({ ok: false, error: { message: "Expecting ':' delimiter", column: 6 } });
    expect(readJson('[-NaN]')).toMatchObject({ ok: false, error: { message: 'Expecting value', column: 2 } });
  });
  it('skips a leading BOM and reads nesting deeper than the stack', () => {
    expect(readJson('\ufeff[1]')).toEqual({ ok: true, value: [1n] });
    const depth = 100_000;
    const r = readJson('['.repeat(depth) + '{}' + ']'.repeat(depth));
    let v = r.ok ? r.value : undefined;
    for (let i = 0; i < depth && Array.isArray(v); i++) v = v[0];
    expect(v).toEqual(new Map());
  });
  it('keeps the first position and last value of a repeated key, as Python dicts do', () => {
    const r = readJson('{"a": 1, "b": 2, "a": 3}');
    expect(r.ok && [...(r.value as Map<string, unknown>)]).toEqual([['a', 3n], ['b', 2n]]);
  });
});

describe('jsonDumps', () => {
  it('sorts keys by code point, not by UTF-16 unit', () => {
    expect(compareCodePoints('\uff01', '\ud83d\ude00')).toBeLessThan(0);
    // A lone high surrogate followed by a BMP character sorts before the astral character that high surrogate
    // starts elsewhere (Python: U+D996 < U+75AFA), whatever the next unit is.
    expect(compareCodePoints('\ud996\ufeff', '\ud996\udefa')).toBeLessThan(0);
    expect(compareCodePoints('\ud996\udefa', '\ud996\ufeff')).toBeGreaterThan(0);
    expect(compareCodePoints('\ud996A', '\ud996\udefa')).toBeLessThan(0);
    const d = new Map([['\ud83d\ude00', 1n], ['\uff01', 2n], ['a', 3n]]);
    expect(jsonDumps(d, { sortKeys: true, htmlSafe: true })).toBe('{"a": 3, "\\uff01": 2, "\\ud83d\\ude00": 1}');
    expect(jsonDumps(d, { sortKeys: false, htmlSafe: true })).toBe('{"\\ud83d\\ude00": 1, "\\uff01": 2, "a": 3}');
  });
  it('escapes html characters only when asked, and refuses what Python refuses', () => {
    expect(jsonDumps("<a href='x'>&", { sortKeys: true, htmlSafe: true })).toBe('"\\u003ca href=\\u0027x\\u0027\\u003e\\u0026"');
    expect(jsonDumps("<'>", { sortKeys: true, htmlSafe: false })).toBe('"<\'>"');
    expect(() => jsonDumps(new Map<unknown, never>([['a', 1n as never], [1n, 2n as never]]) as never, { sortKeys: true, htmlSafe: true })).toThrow(
      "'<' not supported between instances of 'int' and 'str'", // as Python: json.dumps({'a': 1, 1: 2}, sort_keys=True)
    );
  });
  it('counts code points for len()', () => {
    expect(codePointLength('a\ud83d\ude00\ud800')).toBe(3);
  });
});

describe('str, repr and json.dumps within a maximum length', () => {
  // x = [x, x] forty times: 41 lists, 2^40 items as text. Unbounded, json.dumps of it ran for minutes.
  let shared: PyValue = [1n];
  for (let i = 0; i < 40; i++) shared = [shared, shared];

  it('stop as soon as the text would be longer, even for a value sharing its parts', () => {
    const started = Date.now();
    expect(() => pyRepr(shared, 1000)).toThrow(TextTooLong);
    expect(() => pyStr(shared, 1000)).toThrow(TextTooLong);
    expect(() => jsonDumps(shared, { sortKeys: true, htmlSafe: true, maxLength: 1000 })).toThrow(TextTooLong);
    expect(() => pyStr(new Map([['k', shared]]), 1000)).toThrow(TextTooLong);
    expect(() => pyRepr('x'.repeat(2000), 1000)).toThrow(TextTooLong);
    expect(() => pyStr('x'.repeat(2000), 1000)).toThrow(TextTooLong);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('measure indentation before making it', () => {
    expect(() => jsonDumps([1n], { sortKeys: true, htmlSafe: true, indent: 500_000_000, maxLength: 1000 })).toThrow(TextTooLong);
    expect(() => jsonDumps([[[1n]]], { sortKeys: true, htmlSafe: true, indent: 400, maxLength: 1000 })).toThrow(TextTooLong);
  });

  it('give the same text as without a maximum when it fits, exactly at the maximum too', () => {
    const value: PyValue = makeTuple([1n, 'it\'s', new Map<PyValue, PyValue>([['a', [1.5, null, true]]]), makeTuple(['x'])]);
    const repr = pyRepr(value);
    expect(repr).toBe("(1, \"it's\", {'a': [1.5, None, True]}, ('x',))");
    expect(pyRepr(value, repr.length)).toBe(repr);
    expect(() => pyRepr(value, repr.length - 1)).toThrow(TextTooLong);
    const json = jsonDumps(value, { sortKeys: true, htmlSafe: true, indent: 2 });
    expect(jsonDumps(value, { sortKeys: true, htmlSafe: true, indent: 2, maxLength: json.length })).toBe(json);
    expect(() => jsonDumps(value, { sortKeys: true, htmlSafe: true, indent: 2, maxLength: json.length - 1 })).toThrow(TextTooLong);
    // The shared buffer is reset: a refused document leaves nothing behind for the next.
    expect(jsonDumps([1n], { sortKeys: true, htmlSafe: true })).toBe('[1]');
  });

  it('describe a long value in a message instead of printing it', () => {
    expect(shortRepr([1n, 'a'])).toBe("[1, 'a']");
    expect(shortRepr(shared)).toBe('<list: 2 items>');
    expect(shortRepr('x'.repeat(500))).toBe('<str: 500 characters>');
  });
});
