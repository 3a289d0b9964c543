// Templates reaching for JavaScript built-ins through attribute and method lookups: nothing of JavaScript may leak,
// and the outcome is Python Jinja2's (python3 + jinja2, as in CI).
import { describe, expect, it } from 'vitest';
import { renderWithPython } from '../../node/testing/pythonJinjaOracle';
import { readJson } from '../pyvalue/jsonRead';
import type { PyValue } from '../pyvalue/types';
import { JinjaEnvironment } from './environment';

const read = readJson('{"s": "text", "l": [1, 2], "d": {"k": 1}, "n": 5}');
if (!read.ok) throw new Error(read.error.message);
const CONTEXT = read.value as Map<string, PyValue>;

const NAMES = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
const TEMPLATES = [
  ...['s', 'l', 'd', 'n'].flatMap((v) => NAMES.map((name) => `[{{ ${v}.${name} }}]`)),
  ...['s', 'l', 'd'].flatMap((v) => NAMES.map((name) => `[{{ ${v}.${name}() }}]`)),
  "{{ s.constructor('a') }}",
  "{{ s['constructor'] }}{{ d['toString'] }}{{ l['__proto__'] }}",
  // (Not dict.x: in Python that subscripts the type, dict['x'], a quirk no template needs.)
  '{{ range.constructor }}{{ cycler.toString }}{{ namespace.toString }}',
];

describe('Jinja lookups find only what Python has', () => {
  const env = new JinjaEnvironment();
  const python = renderWithPython(TEMPLATES.map((template) => ({ template, context: CONTEXT, keyOrder: 'sorted' as const })));
  it.each(TEMPLATES.map((t, i) => [i, t] as const))('case %i: %s', (i, template) => {
    const ours = env.render(template, CONTEXT);
    expect(ours.text).not.toMatch(/native code|function|\[object/);
    expect(ours.diagnostics.map((d) => d.message).join('\n')).not.toMatch(/native code|Maximum call stack/);
    const theirs = python[i]!;
    expect(ours.ok).toBe(theirs.ok);
    if (ours.ok && theirs.ok) expect(ours.text).toBe(theirs.text);
  });
});
