/**
 * Checks a call's arguments against the tool's `parameters` (JSON Schema) before anything is sent to Python.
 * neuro-san does not enforce `parameters`, so a failed check is reported and the caller may send the call anyway.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonValue } from '../../shared/toolbox/index';

export interface ArgsCheck {
  valid: boolean;
  /** One line per problem, e.g. `/count must be integer`. */
  errors: string[];
  /** Things that made the check partial: a non-standard type read as its standard name, an uncompilable schema. */
  warnings: string[];
}

/** Type names real toolbox files use that JSON Schema does not know, read as the type they clearly mean. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  float: 'number',
  double: 'number',
  str: 'string',
  bool: 'boolean',
  dict: 'object',
  list: 'array',
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction | Error>();

export function checkArgs(parameters: { [key: string]: JsonValue } | undefined, args: JsonValue): ArgsCheck {
  if (!parameters) return { valid: true, errors: [], warnings: [] };
  const warnings: string[] = [];
  const schema = normalizeTypes(parameters, '', warnings);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(schema as object);
    } catch (error) {
      validate = error as Error;
    }
    compiled.set(key, validate);
  }
  if (validate instanceof Error) {
    return { valid: true, errors: [], warnings: [...warnings, `parameters could not be checked: ${validate.message}`] };
  }
  if (validate(args)) return { valid: true, errors: [], warnings };
  return { valid: false, errors: (validate.errors ?? []).map(describeError), warnings };
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(arguments)';
  if (error.keyword === 'additionalProperties') {
    return `${where} has unexpected property '${String(error.params.additionalProperty)}'`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}

/** A copy of the schema with aliased `type` names replaced, noting each replacement. */
function normalizeTypes(value: JsonValue, at: string, warnings: string[]): JsonValue {
  if (Array.isArray(value)) return value.map((item, i) => normalizeTypes(item, `${at}/${i}`, warnings));
  if (value === null || typeof value !== 'object') return value;
  const copy: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'type' && typeof child === 'string' && TYPE_ALIASES[child]) {
      warnings.push(`${at || '/'}: type "${child}" is not JSON Schema; checked as "${TYPE_ALIASES[child]}"`);
      copy[key] = TYPE_ALIASES[child];
    } else {
      copy[key] = normalizeTypes(child, `${at}/${key}`, warnings);
    }
  }
  return copy;
}
