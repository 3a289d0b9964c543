import { describe, expect, it } from 'vitest';
import { checkArgs } from './validateArgs';
import { factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../../shared/neurosan/versions/index';

const at = (version: string) => factsFor(parseVersion(version)!);

const parameters = {
  type: 'object',
  properties: { count: { type: 'integer' }, name: { type: 'string' } },
  required: ['count'],
  additionalProperties: false,
};

describe('checkArgs', () => {
  it('accepts matching arguments and anything when there are no parameters', () => {
    expect(checkArgs(parameters, { count: 2, name: 'x' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(checkArgs(undefined, 'anything').valid).toBe(true);
  });

  it('lists every problem with where it is', () => {
    const check = checkArgs(parameters, { count: 'two', extra: 1 });
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual(expect.arrayContaining(['/count must be integer', "(arguments) has unexpected property 'extra'"]));
    expect(checkArgs(parameters, {}).errors).toEqual(["(arguments) must have required property 'count'"]);
  });

  it('reads a type name neuro-san knows as the JSON Schema type it becomes, with nothing to say', () => {
    // neuro-san's converter knows "int" and "float" at every version: the LLM is shown "integer" and "number".
    for (const version of ['0.5.55', NEWEST_KNOWN_VERSION]) {
      const check = checkArgs({ type: 'object', properties: { n: { type: 'int' }, x: { type: 'float' } } }, { n: 1.5, x: 'a' }, at(version));
      expect(check.valid).toBe(false);
      expect(check.errors).toEqual(['/n must be integer', '/x must be number']);
      expect(check.warnings).toEqual([]);
    }
    expect(checkArgs({ type: 'object', properties: { b: { type: 'bool' } } }, { b: true }, at(NEWEST_KNOWN_VERSION))).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('reads a name that neither JSON Schema nor the project\'s neuro-san knows as what it means, with a warning', () => {
    const check = checkArgs({ type: 'object', properties: { n: { type: 'long' } } }, { n: 1.5 }, at('0.5.55'));
    expect(check.errors).toEqual(['/n must be integer']);
    expect(check.warnings).toEqual(['/properties/n: type "long" is neither JSON Schema nor a type neuro-san 0.5.55 knows; checked as "integer"']);
    // "bool" came with the pydantic v2 converter (0.6.98, perhaps 0.6.96): before it, a warning.
    expect(checkArgs({ type: 'object', properties: { b: { type: 'bool' } } }, { b: true }, at('0.5.55')).warnings).toEqual([
      '/properties/b: type "bool" is neither JSON Schema nor a type neuro-san 0.5.55 knows; checked as "boolean"',
    ]);
  });

  it('does not block a call when the schema itself cannot be compiled', () => {
    const check = checkArgs({ type: 'object', properties: { n: { type: 'quaternion' } } }, { n: 1 });
    expect(check.valid).toBe(true);
    expect(check.warnings[0]).toMatch(/^parameters could not be checked: /);
  });
});
