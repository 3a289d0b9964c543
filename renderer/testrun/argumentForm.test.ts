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
    expect(argsFromFields(fields, {})).toEqual({ args: {}, problems: [] });
    expect(argsFromFields(fields, { city: '' })).toEqual({ args: { city: '' }, problems: [] });
    expect(argsFromFields(fields, { days: '5', verbose: 'false', units: '"imperial"', filters: '{"a": [1]}' }).args).toEqual({
      days: 5,
      verbose: false,
      units: 'imperial',
      filters: { a: [1] },
    });
  });

  it('sends a number that does not parse as its text (the main side names the problem) and flags bad JSON', () => {
    const fields = fieldsOf(parameters);
    expect(argsFromFields(fields, { days: 'three' }).args).toEqual({ days: 'three' });
    expect(argsFromFields(fields, { filters: '{oops' })).toEqual({ args: {}, problems: ['filters: not valid JSON'] });
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
