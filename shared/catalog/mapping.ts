/**
 * From the effective toolbox to the catalog's tool list (see README.md in this folder):
 *   name        = the entry's key
 *   description = the entry's description (unknown for a LangChain tool until its class has been loaded)
 *   input       = `parameters.properties` as {property: type}, in source order; {} when there are none
 *   output      = the given output, else "string" (the toolbox file has no field for it; tool results reach the LLM
 *                 as text, and agents answer in text)
 *   type        = "agent" for display_as llm_agent / external_agent, otherwise "code"
 * The result is a list of Python dicts in the spec's key order, ready to hand to the template as `tools`.
 */
import type { PyDict, PyValue } from '../pyvalue/types';

/** A value only the Python class knows (a LangChain tool's description or arguments) until it has been loaded. */
export interface UnknownValue {
  unknown: true;
  /** Why it is unknown, for the UI: "defined by the LangChain class langchain_community...". */
  reason: string;
}

export interface CatalogToolSource {
  /** The toolbox entry's key. */
  name: string;
  /** `display_as`: llm_agent, external_agent, coded_tool, langchain_tool... */
  displayAs?: string | null;
  description?: string | UnknownValue;
  /** The JSON Schema of the arguments (`parameters`), as Python values so int/float kinds survive. */
  parameters?: PyValue | UnknownValue;
  /** The output type to show; see DEFAULT_OUTPUT. */
  output?: PyValue;
}

/** What `output` says when nothing else does. */
export const DEFAULT_OUTPUT = 'string';
/** What the catalog shows in place of a value only the Python class knows. */
export const UNKNOWN_PLACEHOLDER = '<unknown until the tool class is loaded>';
/** `input`'s type for a property whose schema has no `type` (e.g. only `anyOf` or `$ref`). */
export const UNTYPED_PROPERTY = 'any';

const AGENT_DISPLAY = new Set(['llm_agent', 'external_agent']);

export interface CatalogMapping {
  /** The `tools` variable: one dict per tool, keys in the spec's order. */
  tools: PyValue[];
  /** For each tool, which of its fields are placeholders for unknown values. */
  unknown: { name: string; field: 'description' | 'input'; reason: string }[];
}

function isUnknown(v: unknown): v is UnknownValue {
  return typeof v === 'object' && v !== null && (v as UnknownValue).unknown === true;
}

/** `parameters.properties` → {name: type}. */
function inputOf(parameters: PyValue | undefined): PyDict {
  const input: PyDict = new Map();
  if (!(parameters instanceof Map)) return input;
  const properties = parameters.get('properties');
  if (!(properties instanceof Map)) return input;
  for (const [key, schema] of properties) {
    const type = schema instanceof Map ? schema.get('type') : undefined;
    input.set(key, type === undefined ? UNTYPED_PROPERTY : type);
  }
  return input;
}

export function mapToolsToCatalog(sources: CatalogToolSource[]): CatalogMapping {
  const unknown: CatalogMapping['unknown'] = [];
  const tools = sources.map((src): PyValue => {
    let description: PyValue = '';
    if (isUnknown(src.description)) {
      description = UNKNOWN_PLACEHOLDER;
      unknown.push({ name: src.name, field: 'description', reason: src.description.reason });
    } else if (src.description !== undefined) description = src.description;
    let input: PyValue;
    if (isUnknown(src.parameters)) {
      input = UNKNOWN_PLACEHOLDER;
      unknown.push({ name: src.name, field: 'input', reason: src.parameters.reason });
    } else input = inputOf(src.parameters);
    return new Map<PyValue, PyValue>([
      ['name', src.name],
      ['description', description],
      ['input', input],
      ['output', src.output ?? DEFAULT_OUTPUT],
      ['type', AGENT_DISPLAY.has(src.displayAs ?? '') ? 'agent' : 'code'],
    ]);
  });
  return { tools, unknown };
}
