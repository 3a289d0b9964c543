import type { JsonValue } from './runnable';
import { unknownTypeMessage } from './rules/parameterTypes';
import { knowsTypeName, newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';

/*
 * The input schema an LLM is given for a coded tool, as neuro-san makes it: its converter
 * (`BaseModelDictionaryConverter.openai_function_to_pydantic`) turns `parameters` into a pydantic model, and LangChain
 * hands the LLM that model's JSON Schema (`convert_to_openai_function`: the model's schema, references inlined,
 * titles removed). So the LLM sees neuro-san's type names as JSON Schema names (`int` → `integer`), an `object`
 * without properties as any value (`Any`), and nothing of `parameters` but `type`, `description`, `properties`,
 * `items` and `required`: an `enum`, a `minimum` or a `default` written there never reaches the LLM.
 * What it does with a field left out of `required` depends on the release (shared/neurosan/versions/facts.ts): with
 * pydantic v2 (0.6.98 on) it is `Optional[...] = None`, shown nullable with a `null` default; pydantic.v1's schema
 * shows the plain type.
 */

type Schema = { [key: string]: JsonValue };

/** neuro-san's type names (TYPE_LOOKUP) and the JSON Schema type of the Python type each stands for. */
const JSON_TYPE_OF: Readonly<Record<string, string>> = {
  string: 'string',
  int: 'integer',
  integer: 'integer',
  float: 'number',
  number: 'number',
  boolean: 'boolean',
  bool: 'boolean',
};

/** Why neuro-san cannot turn these `parameters` into a model (its own words): the tool is never offered to the LLM. */
export class LlmSchemaError extends Error {
  override name = 'LlmSchemaError';
}

function isObject(value: JsonValue | undefined): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Schema of a coded tool's arguments as the LLM receives it through neuro-san (the version of `facts`).
 * Throws LlmSchemaError where neuro-san cannot make the model (a type it does not know, an array without `items`). No
 * `parameters`, or empty ones, is a tool without arguments.
 */
export function llmInputSchema(parameters: JsonValue | undefined, facts: NeuroSanFacts = newestFacts()): Schema {
  if (!isObject(parameters) || Object.keys(parameters).length === 0) return { type: 'object', properties: {} };
  return modelSchema(parameters, facts);
}

/** The schema of one pydantic model made from an object spec (`properties` and `required`). */
function modelSchema(spec: Schema, facts: NeuroSanFacts): Schema {
  const properties = isObject(spec.properties) ? spec.properties : {};
  const requiredList = Array.isArray(spec.required) ? spec.required : [];
  const nullable = facts.sure.converter === 'pydantic-v2';
  const out: Schema = {};
  const required: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const isRequired = requiredList.includes(name);
    const field = fieldSchema(name, property, facts, { required: isRequired, inItems: false });
    const description = isObject(property) && typeof property.description === 'string' ? property.description : undefined;
    const described: Schema = description === undefined ? {} : { description };
    if (isRequired) {
      required.push(name);
      out[name] = { ...field, ...described };
    } else if (!nullable) {
      out[name] = { ...field, ...described };
    } else {
      // `Optional[T] = None`; Optional[Any] is Any, which has no type to make nullable.
      const optional: Schema = Object.keys(field).length === 0 ? {} : { anyOf: [field, { type: 'null' }] };
      out[name] = { ...optional, default: null, ...described };
    }
  }
  return { type: 'object', properties: out, ...(required.length > 0 ? { required } : {}) };
}

/** The schema of one field's type (`get_type_from_property_dict`); `field` is the name neuro-san's messages use. */
function fieldSchema(field: string, property: JsonValue, facts: NeuroSanFacts, where: { required: boolean; inItems: boolean }): Schema {
  if (!isObject(property)) throw new LlmSchemaError(`'${typeName(property)}' object has no attribute 'get' (field '${field}')`);
  const type = property.type;
  if (typeof type !== 'string' || !knowsTypeName(facts, type)) {
    // pydantic.v1 takes the None type in an array's items: the LLM is shown items of type null.
    if (where.inItems && facts.sure.converter === 'pydantic-v1') return { type: 'null' };
    throw new LlmSchemaError(unknownTypeMessage(pythonText(type), field, facts, where));
  }
  if (type === 'object') {
    return isObject(property.properties) && Object.keys(property.properties).length > 0 ? modelSchema(property, facts) : {};
  }
  if (type === 'array') {
    if (property.items === undefined || property.items === null) {
      throw new LlmSchemaError(`The array '${field}' has no "items": 'NoneType' object has no attribute 'get'`);
    }
    return { type: 'array', items: fieldSchema(`${field}_component`, property.items, facts, { required: true, inItems: true }) };
  }
  return { type: JSON_TYPE_OF[type]! };
}

function typeName(value: JsonValue): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : 'dict';
}

/** A type value as Python's `str()` prints it in neuro-san's message. */
function pythonText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
