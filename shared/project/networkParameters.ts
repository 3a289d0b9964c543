import type { HoconObject, HoconValue } from '../hocon/index';
import type { NeuroSanFactValues, NeuroSanFacts } from '../neurosan/versions/index';
import { checkParameterTypes, closestName, diagnosticAt, keyOrigin, quoteLike, replaceValueFix, type ToolboxDiagnostic } from '../toolbox/index';
import { pythonRepr, pythonType, type Agent, type Finding, type MayChange } from './networkFindings';

/**
 * What neuro-san's server checks of each agent's `function.parameters` (or a `parameters` of the agent itself) once
 * ManifestNetworkValidator runs its parameter validators (facts.ts: parametersValidation), in the released words:
 *
 * - network-parameters-shape: PydanticParametersNetworkValidator, `parameters` null or not a dict.
 * - network-parameters-conversion: the same, the pydantic model its BaseModelDictionaryConverter cannot make
 *   ("pydantic model conversion failed - ..."): what the converter raises on, found by the toolbox's own walk
 *   (rules/parameterTypes.ts), after neuro-san's words.
 * - network-parameters-nested: SemanticParametersNetworkValidator, a `parameters` key inside the schema.
 * - network-parameters-required: the same, `required` naming no property.
 *
 * An agent whose `function` or `parameters` commondefs may change is not judged (the server checks them replaced).
 */
export function parameterFindings(agents: Map<string, Agent>, side: NeuroSanFactValues, facts: NeuroSanFacts, changes: MayChange): Finding[] {
  // The walk reads one side's facts on both of its sides.
  const sideFacts: NeuroSanFacts = { ...facts, sure: side, maybe: side };
  const out: Finding[] = [];
  for (const agent of agents.values()) {
    const located = locate(agent.spec);
    if (located === undefined) continue;
    const { parameters, within } = located;
    if (changes(within) || shapeMayChange(parameters, changes)) continue;
    const name = agent.name;
    if (parameters.kind === 'null') {
      const fix = replaceValueFix('Make "parameters" an empty object', parameters, '{}');
      out.push({
        key: `parameters-null ${name}`,
        make: () => diagnosticAt(parameters, 'error', 'network-parameters-shape', `${name}: 'parameters' is null - use {} or remove the key`, { fix }),
      });
      continue;
    }
    if (parameters.kind !== 'object') {
      out.push({
        key: `parameters-shape ${name}`,
        make: () => diagnosticAt(parameters, 'error', 'network-parameters-shape', `${name}: 'parameters' must be object, got ${pythonType(parameters)}`),
      });
      continue;
    }
    out.push(...conversionFindings(name, parameters, sideFacts));
    out.push(...nestedFindings(name, parameters, 'parameters'));
    out.push(...requiredFindings(name, parameters, 'parameters'));
  }
  return out;
}

/** Whether commondefs may change a string that shapes the schema (a description or title it may change does not). */
function shapeMayChange(value: HoconValue, changes: MayChange): boolean {
  if (value.kind === 'string') return changes(value);
  if (value.kind === 'array') return value.elements.some((e) => shapeMayChange(e, changes));
  if (value.kind !== 'object') return false;
  for (const [key, field] of value.fields) {
    if ((key === 'description' || key === 'title') && field.value.kind === 'string') continue;
    if (shapeMayChange(field.value, changes)) return true;
  }
  return false;
}

/** Where neuro-san's `_locate_parameters` finds them: `function.parameters`, else the agent's own `parameters`. */
function locate(spec: HoconObject): { parameters: HoconValue; within: HoconValue } | undefined {
  const fn = spec.fields.value('function');
  if (fn?.kind === 'object' && fn.fields.has('parameters')) return { parameters: fn.fields.value('parameters')!, within: fn };
  if (fn !== undefined && fn.kind !== 'object' && fn.kind !== 'null') return undefined; // what commondefs may make a dict is not read
  if (spec.fields.has('parameters')) return { parameters: spec.fields.value('parameters')!, within: spec.fields.value('parameters')! };
  return undefined;
}

/** The converter's refusals, as the toolbox walk finds them, in PydanticParametersNetworkValidator's words first. */
function conversionFindings(name: string, parameters: HoconObject, facts: NeuroSanFacts): Finding[] {
  const properties = parameters.fields.value('properties');
  if (properties?.kind !== 'object' || properties.fields.size === 0) return [];
  const found: ToolboxDiagnostic[] = [];
  checkParameterTypes(parameters, name, (d) => found.push(d), facts, { consequence: '', failuresOnly: true });
  return found
    .filter((d) => d.severity === 'error')
    .map((d) => ({
      key: `parameters-conversion ${name} ${d.line}:${d.column}`,
      make: () => ({ ...d, rule: 'network-parameters-conversion', tool: undefined, message: `${name}: pydantic model conversion failed - ${d.message}` }),
    }));
}

/** The schemas inside one (SemanticParametersNetworkValidator._iter_subschemas): dict properties, dict items. */
function* subschemas(schema: HoconObject, path: string): Generator<[HoconObject, string]> {
  const properties = schema.fields.value('properties');
  if (properties?.kind === 'object') {
    for (const [key, field] of properties.fields) if (field.value.kind === 'object') yield [field.value, `${path}.properties.${key}`];
  }
  const items = schema.fields.value('items');
  if (items?.kind === 'object') yield [items, `${path}.items`];
}

function nestedFindings(name: string, schema: HoconObject, path: string): Finding[] {
  const out: Finding[] = [];
  const nested = schema.fields.get('parameters');
  if (nested !== undefined) {
    out.push({
      key: `parameters-nested ${name} ${path}`,
      make: () =>
        diagnosticAt(
          keyOrigin(nested),
          'error',
          'network-parameters-nested',
          `${name}: '${path}' contains a nested 'parameters' key - move the inner 'properties' and 'required' up one level`,
        ),
    });
  }
  for (const [child, childPath] of subschemas(schema, path)) out.push(...nestedFindings(name, child, childPath));
  return out;
}

function requiredFindings(name: string, schema: HoconObject, path: string): Finding[] {
  const out: Finding[] = [];
  const properties = schema.fields.value('properties');
  const required = schema.fields.value('required');
  if (required?.kind === 'array' && properties?.kind === 'object') {
    // A list or dict in `required` makes Python's `in` raise: neuro-san then reports nothing of the kind.
    if (required.elements.some((r) => r.kind === 'array' || r.kind === 'object')) return out;
    const missing = required.elements.filter((r) => r.kind !== 'string' || !properties.fields.has(r.value));
    if (missing.length > 0) {
      const first = missing[0]!;
      const suggestion = missing.length === 1 && first.kind === 'string' ? closestName(first.value, properties.fields.keys()) : undefined;
      const fix = suggestion !== undefined ? replaceValueFix(`Change to "${suggestion}"`, first, quoteLike(first.kind === 'string' ? first : undefined, suggestion)) : undefined;
      out.push({
        key: `parameters-required ${name} ${path}`,
        make: () =>
          diagnosticAt(first, 'error', 'network-parameters-required', `${name}: ${path}.required has undefined props [${missing.map(pythonRepr).join(', ')}]`, fix ? { fix } : undefined),
      });
    }
  }
  for (const [child, childPath] of subschemas(schema, path)) out.push(...requiredFindings(name, child, childPath));
  return out;
}
