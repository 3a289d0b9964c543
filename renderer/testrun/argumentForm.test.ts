import { describe, expect, it } from 'vitest';
import { argsFromFields, fieldsFromArgs, fieldsOf } from './argumentForm';

const parameters = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'Where' },
    units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
    days: { type: 'integer', default: 3 },
    verbose: { type: 'boolean' },
    filters: { type: 'object' },
  },
  required: ['city'],
};

describe('the test-run form model', () => {
  it('makes one field per property: kind, required, default as placeholder text, enum options', () => {
    expect(fieldsOf(parameters)).toEqual([
      { name: 'city', kind: 'string', required: true, description: 'Where', defaultText: null, options: [] },
      { name: 'units', kind: 'enum', required: false, description: null, defaultText: '"metric"', options: ['metric', 'imperial'] },
      { name: 'days', kind: 'integer', required: false, description: null, defaultText: '3', options: [] },
      { name: 'verbose', kind: 'boolean', required: false, description: null, defaultText: null, options: [true, false] },
      { name: 'filters', kind: 'json', required: false, description: null, defaultText: null, options: [] },
    ]);
    expect(fieldsOf(null)).toEqual([]);
    expect(fieldsOf({ type: 'object' })).toEqual([]);
  });

  it('sends only the fields the user set: unset is absent, an emptied string is ""', () => {
    const fields = fieldsOf(parameters);
    expect(argsFromFields(fields, {})).toEqual({ args: {}, argsJson: '{}', problems: [] });
    expect(argsFromFields(fields, { city: '' })).toEqual({ args: { city: '' }, argsJson: '{"city":""}', problems: [] });
    expect(argsFromFields(fields, { days: '5', verbose: 'false', units: '"imperial"', filters: '{"a": [1]}' }).args).toEqual({
      days: 5,
      verbose: false,
      units: 'imperial',
      filters: { a: [1] },
    });
  });

  it('sends a number that does not parse as its text (the main side names the problem) and flags bad JSON', () => {
    const fields = fieldsOf(parameters);
    expect(argsFromFields(fields, { days: 'three' })).toMatchObject({ args: { days: 'three' }, argsJson: '{"days":"three"}' });
    expect(argsFromFields(fields, { filters: '{oops' })).toEqual({ args: {}, argsJson: '{}', problems: ['filters: not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes'] });
  });

  it('writes the JSON sent with numbers and JSON fields as typed, so Python gets 1.0 as a float and big integers exact', () => {
    const fields = fieldsOf({ type: 'object', properties: { ratio: { type: 'number' }, id: { type: 'integer' }, hex: { type: 'number' }, filters: { type: 'object' } } });
    const values = { ratio: ' 1.0 ', id: '12345678901234567890', hex: '0x10', filters: '{"min": 2.0}' };
    const made = argsFromFields(fields, values);
    expect(made.argsJson).toBe('{"ratio":1.0,"id":12345678901234567890,"hex":16,"filters":{"min": 2.0}}');
    expect(made.args).toEqual({ ratio: 1, id: Number('12345678901234567890'), hex: 16, filters: { min: 2 } });
    // And back into the form as they were written.
    expect(fieldsFromArgs(fields, made.args, made.argsJson)).toEqual({ ratio: '1.0', id: '12345678901234567890', hex: '16', filters: '{"min":2.0}' });
  });

  it('sends a property named __proto__ as an argument, not as the prototype', () => {
    const fields = fieldsOf(JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "object"}}}'));
    // As ArgumentForm keeps values ({ ...values, [name]: raw }): an own property, whatever its name.
    const made = argsFromFields(fields, { ['__proto__']: '{"polluted": true}' });
    expect(made.argsJson).toBe('{"__proto__":{"polluted": true}}');
    expect(Object.keys(made.args)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(made.args)).toBe(Object.prototype);
  });

  it('turns arguments back into form input, or says the form cannot show them', () => {
    const fields = fieldsOf(parameters);
    const values = fieldsFromArgs(fields, { city: 'Oslo', days: 2, verbose: true })!;
    expect(values).toEqual({ city: 'Oslo', days: '2', verbose: 'true' });
    expect(argsFromFields(fields, values).args).toEqual({ city: 'Oslo', days: 2, verbose: true });
    expect(fieldsFromArgs(fields, { other: 1 })).toBeNull();
    expect(fieldsFromArgs(fields, [1])).toBeNull();
    expect(fieldsFromArgs(fields, { city: 4 })).toBeNull();
  });
});
