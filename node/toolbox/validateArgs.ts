/**
 * Checks a call's arguments against the tool's `parameters` (JSON Schema) before anything is sent to Python.
 * neuro-san does not enforce `parameters`, so a failed check is reported and the caller may send the call anyway.
 *
 * Type names are read as the project's neuro-san reads them: one its converter knows at that version (`int`, `float`,
 * `bool`... see shared/neurosan/versions/facts.ts, as the validation rules do) is the JSON Schema type the LLM is shown
 * for it, checked as that with nothing to say; one neither JSON Schema nor that neuro-san knows, whose meaning is plain
 * (`long`, `str`), is checked as what it means, with a warning (the validation rules report it as a problem).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { typeMeaning, type JsonValue } from '../../shared/toolbox/index';
import { knowsTypeName, newestFacts, versionWords, type NeuroSanFacts } from '../../shared/neurosan/versions/index';

export interface ArgsCheck {
  valid: boolean;
  /** One line per problem, e.g. `/count must be integer`. */
  errors: string[];
  /** Things that made the check partial: a non-standard type read as its standard name, an uncompilable schema. */
  warnings: string[];
}

const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

// Made on the first check: every command loads this module, few check arguments.
let ajv: Ajv | undefined;
const ajvOf = (): Ajv => {
  if (ajv === undefined) {
    ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
  }
  return ajv;
};
const compiled = new Map<string, ValidateFunction | Error>();

/** `facts`: the neuro-san version the project runs (default: the newest the editor knows). */
export function checkArgs(parameters: { [key: string]: JsonValue } | undefined, args: JsonValue, facts: NeuroSanFacts = newestFacts()): ArgsCheck {
  if (!parameters) return { valid: true, errors: [], warnings: [] };
  const warnings: string[] = [];
  const schema = normalizeTypes(parameters, '', warnings, facts);
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajvOf().compile(schema as object);
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

/** A copy of the schema with each `type` name as the JSON Schema type it stands for, noting the ones neuro-san does not know. */
function normalizeTypes(value: JsonValue, at: string, warnings: string[], facts: NeuroSanFacts): JsonValue {
  if (Array.isArray(value)) return value.map((item, i) => normalizeTypes(item, `${at}/${i}`, warnings, facts));
  if (value === null || typeof value !== 'object') return value;
  const copy: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    const meaning = key === 'type' && typeof child === 'string' && !JSON_SCHEMA_TYPES.has(child) ? typeMeaning(child) : undefined;
    if (meaning !== undefined && typeof child === 'string') {
      if (!knowsTypeName(facts, child)) warnings.push(`${at || '/'}: type "${child}" is neither JSON Schema nor a type ${versionWords(facts)} knows; checked as "${meaning}"`);
      copy[key] = meaning;
    } else {
      copy[key] = normalizeTypes(child, `${at}/${key}`, warnings, facts);
    }
  }
  return copy;
}
