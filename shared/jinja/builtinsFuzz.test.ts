// Random templates reaching for JavaScript's built-ins through every lookup a template has (attributes, items,
// methods, filters, tests, globals, loop and macro objects): a rendering always ends, as a result or a positioned
// diagnostic, and nothing of JavaScript shows in its output. fast-check's seed is fixed in CI (vitest.setup.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJson } from '../pyvalue/jsonRead';
import type { PyValue } from '../pyvalue/types';
import { JinjaEnvironment } from './environment';

const read = readJson('{"s": "text", "l": [1, "a", {"k": 2}], "d": {"k": 1, "n": {"m": [3]}}, "n": 5, "f": 1.5, "z": null}');
if (!read.ok) throw new Error(read.error.message);
const CONTEXT = read.value as Map<string, PyValue>;

const JS_NAMES = ['constructor', 'prototype', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'call', 'apply', 'bind', 'length', 'name', '__defineGetter__', '__lookupSetter__', 'then'];
const OBJECTS = ['s', 'l', 'd', 'n', 'f', 'z', 'd.n', 'l[2]', 'range', 'dict', 'namespace', 'cycler', 'joiner', 'loop', 'caller', 'self', 'undefinedname', '(1,2)', "''", '{}'];

const lookup = fc
  .record({ obj: fc.constantFrom(...OBJECTS), name: fc.constantFrom(...JS_NAMES), how: fc.constantFrom('attr', 'item', 'call', 'filter', 'method-call') })
  .map(({ obj, name, how }) =>
    how === 'attr' ? `${obj}.${name}` : how === 'item' ? `${obj}['${name}']` : how === 'call' ? `${obj}.${name}('a')` : how === 'filter' ? `${obj}|attr('${name}')` : `${obj}.${name}.${name}()`,
  );
const statement = fc.oneof(
  lookup.map((e) => `{{ ${e} }}`),
  lookup.map((e) => `{% if ${e} %}y{% endif %}`),
  lookup.map((e) => `{% for x in ${e} %}{{ x }}{% endfor %}`),
  lookup.map((e) => `{% set v = ${e} %}{{ v }}`),
  lookup.map((e) => `{{ ${e} is defined }}{{ ${e}|string }}{{ ${e}|tojson }}`),
  fc.constantFrom(`{% for i in range(3) %}{{ loop.constructor }}{{ loop['__proto__'] }}{% endfor %}`, `{% macro m() %}{{ caller.constructor }}{% endmacro %}{{ m.constructor }}`),
);

describe('templates reaching for built-ins (fast-check)', () => {
  it('always end, with a result or a positioned diagnostic, and never show JavaScript', () => {
    const env = new JinjaEnvironment();
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 4 }), (parts) => {
        const result = env.render(parts.join('\n'), CONTEXT);
        expect(result.text).not.toMatch(/native code|\[object |=>|function /);
        for (const d of result.diagnostics) {
          expect(d.message).not.toMatch(/native code|Maximum call stack|is not a function|Cannot read propert/);
          if (d.location !== 'output') expect(d.line ?? 1).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
