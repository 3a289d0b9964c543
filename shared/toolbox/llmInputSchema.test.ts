import { describe, expect, it } from 'vitest';
import { factsFor, parseVersion } from '../neurosan/versions/index';
import { llmInputSchema, LlmSchemaError } from './llmInputSchema';

describe('llmInputSchema: the arguments schema an LLM is given through neuro-san', () => {
  it('turns neuro-san type names into JSON Schema and makes a field left out of required nullable', () => {
    const schema = llmInputSchema({
      type: 'object',
      properties: {
        count: { type: 'int', description: 'How many' },
        ratio: { type: 'float' },
        flag: { type: 'bool' },
        name: { type: 'string', enum: ['a', 'b'], minLength: 1 },
      },
      required: ['count', 'name', 'missing'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', description: 'How many' },
        ratio: { anyOf: [{ type: 'number' }, { type: 'null' }], default: null },
        flag: { anyOf: [{ type: 'boolean' }, { type: 'null' }], default: null },
        // The converter reads type and description only: the enum and minLength never reach the LLM.
        name: { type: 'string' },
      },
      required: ['count', 'name'],
    });
  });

  it('nests objects with properties, leaves an object without them untyped, and types array items', () => {
    const schema = llmInputSchema({
      type: 'object',
      properties: {
        address: { type: 'object', description: 'Where', properties: { zip: { type: 'string' } }, required: ['zip'] },
        extra: { type: 'object' },
        tags: { type: 'array', items: { type: 'integer' } },
      },
      required: ['address', 'tags'],
    });
    expect(schema.properties).toEqual({
      address: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'], description: 'Where' },
      extra: { default: null },
      tags: { type: 'array', items: { type: 'integer' } },
    });
  });

  it('a tool without parameters takes no arguments', () => {
    expect(llmInputSchema(undefined)).toEqual({ type: 'object', properties: {} });
    expect(llmInputSchema({})).toEqual({ type: 'object', properties: {} });
  });

  it('up to neuro-san 0.6.95 (pydantic.v1) an optional field shows its plain type, and unknown item types are null', () => {
    const v1 = factsFor(parseVersion('0.5.55')!);
    const parameters = { type: 'object', properties: { n: { type: 'int' }, q: { type: 'array', items: { type: 'integer' } } }, required: ['q'] };
    expect(llmInputSchema(parameters, v1)).toEqual({ type: 'object', properties: { n: { type: 'integer' }, q: { type: 'array', items: { type: 'null' } } }, required: ['q'] });
    expect(() => llmInputSchema({ type: 'object', properties: { n: { type: 'integer' } } }, v1)).toThrow('unable to infer type for attribute "n"');
  });

  it("refuses what neuro-san refuses, in neuro-san's words", () => {
    expect(() => llmInputSchema({ type: 'object', properties: { n: { type: 'str' } } })).toThrow(LlmSchemaError);
    expect(() => llmInputSchema({ type: 'object', properties: { n: { type: 'str' } } })).toThrow("Unrecognized type 'str' for field 'n'");
    expect(() => llmInputSchema({ type: 'object', properties: { q: { type: 'array', items: { type: 'long' } } } })).toThrow("for field 'q_component'");
    expect(() => llmInputSchema({ type: 'object', properties: { q: { type: 'array' } } })).toThrow(LlmSchemaError);
  });
});
