import { describe, expect, it } from 'vitest';
import { checkArgs } from './validateArgs';

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

  it('reads the non-standard types real files use, with a warning', () => {
    const check = checkArgs({ type: 'object', properties: { n: { type: 'int' } } }, { n: 1.5 });
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual(['/n must be integer']);
    expect(check.warnings).toEqual(['/properties/n: type "int" is not JSON Schema; checked as "integer"']);
  });

  it('does not block a call when the schema itself cannot be compiled', () => {
    const check = checkArgs({ type: 'object', properties: { n: { type: 'quaternion' } } }, { n: 1 });
    expect(check.valid).toBe(true);
    expect(check.warnings[0]).toMatch(/^parameters could not be checked: /);
  });
});
