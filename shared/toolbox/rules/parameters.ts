import Ajv, { type ErrorObject } from 'ajv';
import { toJson, valueAtPointer, type HoconObject, type HoconString, type HoconValue } from '../../hocon/index';
import { ENTRY_JSON } from '../toolEntry';
import { diagnosticAt, replaceValueFix } from '../toolboxDiagnostic';
import { checkParameterTypes, reportedValues } from './parameterTypes';
import { closestName, quoteLike, ReusedList, type EntryRule } from './ruleContext';
import { plural } from '../../plural';

/**
 * Type names JSON Schema does not know, with the standard spelling. They are not reported here: where neuro-san reads
 * a type it either knows the name (the LLM is then shown the standard one: pydantic's model of `int` says "integer")
 * or refuses it (parameterTypes.ts, by the project's neuro-san version); what it does not read never reaches the LLM.
 * The meta-schema check below leaves them alone.
 */
export const NON_STANDARD_TYPES: Readonly<Record<string, string>> = {
  int: 'integer',
  long: 'integer',
  str: 'string',
  float: 'number',
  double: 'number',
  bool: 'boolean',
  dict: 'object',
  list: 'array',
};

let metaValidator: Ajv | undefined;
const meta = () => (metaValidator ??= new Ajv({ allErrors: true, strict: false }));

/**
 * A coded tool's `parameters`: an object schema whose `required` names exist among its `properties`, with the types
 * the project's neuro-san knows (parameterTypes.ts: others are errors). A missing `type` or `properties` is
 * functionSpec.ts's.
 */
export const parametersRule: EntryRule = ({ entry, report, neuroSan }) => {
  if (entry.kind !== 'coded' || entry.value.kind !== 'object') return;
  const parameters = entry.value.fields.value('parameters');
  if (parameters?.kind !== 'object') return; // not an object: the shape rule said so
  const tool = entry.name;

  const type = parameters.fields.value('type');
  // Missing or null: neuro-san's own check (functionSpec.ts). Another type passes neuro-san, not the LLM's provider.
  if (type !== undefined && type.kind !== 'null' && (type.kind !== 'string' || type.value !== 'object')) {
    report(
      diagnosticAt(type, 'error', 'parameters-schema', `'parameters' of '${tool}' must be an object schema: "type": "object" with its arguments under "properties".`, {
        tool,
      }),
    );
  }
  const properties = parameters.fields.value('properties');
  checkRequired(parameters, properties?.kind === 'object' ? properties : undefined, tool, report);
  checkParameterTypes(parameters, tool, report, neuroSan);

  // One walk finds the non-standard types (left alone by the meta-schema check) and tells whether the schema is
  // everyday enough to skip the meta-schema.
  scanSchema(parameters);
  const found = scanFound;
  const plain = scanPlain;
  const foundCount = found.size;

  if (plain) {
    found.clear();
    return;
  }
  const nonStandard = new Set<HoconValue>();
  for (let i = 0; i < foundCount; i++) nonStandard.add(found.at(i));
  found.clear();
  const ajv = meta();
  if (ajv.validateSchema(toJson(parameters, ENTRY_JSON) as object)) return;
  // ajv reports per place (its instance path), in the meta-schema's order; an anyOf comes after the failed alternatives.
  const byPlace = new Map<string, ErrorObject[]>();
  for (const error of ajv.errors ?? []) {
    const place = byPlace.get(error.instancePath);
    if (place) place.push(error);
    else byPlace.set(error.instancePath, [error]);
  }
  const seen = new Set<HoconValue>();
  for (const [path, errors] of byPlace) {
    // Already reported in plainer words above.
    if (path === '/type' || path.startsWith('/required')) continue;
    if (path === '/properties' && properties?.kind !== 'object') continue; // functionSpec.ts said so
    const at = valueAtPointer(parameters, path) ?? parameters;
    if (nonStandard.has(at) || seen.has(at) || isReported(at)) continue;
    const anyOf = errors.some((e) => e.keyword === 'anyOf');
    if (anyOf && [...nonStandard].some((n) => isInside(n, at))) continue;
    const requirement = requirementOf(errors, anyOf, at, lastSegment(path));
    if (requirement === undefined) continue; // the problem is deeper, where its own place reports it
    seen.add(at);
    report(diagnosticAt(at, 'warning', 'json-schema', `'${pathWords(path)}' of '${tool}' ${requirement}.`, { tool }));
  }
};

/** `/properties/q/type` → `parameters.properties.q.type`. */
function pathWords(pointer: string): string {
  let words = 'parameters';
  if (pointer === '') return words;
  for (const raw of pointer.slice(1).split('/')) words += `.${raw.replace(/~1/g, '/').replace(/~0/g, '~')}`;
  return words;
}

function lastSegment(pointer: string): string {
  return pointer.slice(pointer.lastIndexOf('/') + 1);
}

/**
 * What the value at one place must be, in words, from ajv's errors there. Where the meta-schema allows either of two
 * forms (an anyOf: a type name or a list of them, a schema or a list of schemas), the form the value has decides which
 * error is meant; undefined when the value has the list form and the problem is inside it.
 */
function requirementOf(errors: readonly ErrorObject[], anyOf: boolean, at: HoconValue, segment: string): string | undefined {
  const own = errors.filter((e) => e.keyword !== 'anyOf');
  if (!anyOf) return own.length > 0 ? requirementWords(own[0]!) : undefined;
  // The list alternative failed on its shape ("must be array"), or inside (then its errors are at other places).
  const listShape = (e: ErrorObject) => e.keyword === 'type' && e.params.type === 'array';
  if (at.kind === 'array') {
    const inList = own.find((e) => !listShape(e) && e.keyword !== 'enum' && e.keyword !== 'type');
    return inList ? requirementWords(inList) : undefined;
  }
  const single = own.find((e) => !listShape(e));
  if (!single) return undefined;
  const words = requirementWords(single);
  if (!own.some(listShape)) return words;
  if (single.keyword === 'enum') return `${words} (or a list of them)`;
  return segment === 'type' || segment === 'items' ? `${words}, or a list of them` : `${words}, or a list`;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  object: 'an object',
  boolean: 'a boolean',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  null: 'null',
};

function valueWords(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}


/** One ajv error's requirement in words, from its keyword and params (never from its message text). */
function requirementWords(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const types = (Array.isArray(params.type) ? params.type : [params.type]) as string[];
      const words = types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      const schema = types.length === 2 && types.includes('object') && types.includes('boolean');
      return `must be ${words}${schema ? ' (a JSON Schema)' : ''}`;
    }
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(valueWords).join(', ')}`;
    case 'const':
      return `must be ${valueWords(params.allowedValue)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = String(params.limit);
      const comparison = params.comparison;
      if (comparison === '>=') return `must be ${limit} or more`;
      if (comparison === '>') return `must be more than ${limit}`;
      if (comparison === '<=') return `must be ${limit} or less`;
      return `must be less than ${limit}`;
    }
    case 'minItems':
      return `must have at least ${plural(Number(params.limit), 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(Number(params.limit), 'item')}`;
    case 'minLength':
      return `must be at least ${plural(Number(params.limit), 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(Number(params.limit), 'character')} long`;
    case 'minProperties':
      return `must have at least ${plural(Number(params.limit), 'key')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(params.limit), 'key')}`;
    case 'uniqueItems':
      return 'must not list the same value twice';
    case 'required':
      return `must have '${String(params.missingProperty)}'`;
    case 'additionalProperties':
      return `must not have '${String(params.additionalProperty)}'`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'pattern':
      return `must match the pattern ${String(params.pattern)}`;
    default:
      return `is not valid JSON Schema (its '${error.keyword}' rule fails)`;
  }
}

function checkRequired(parameters: HoconObject, properties: HoconObject | undefined, tool: string, report: Parameters<EntryRule>[0]['report']): void {
  const required = parameters.fields.value('required');
  if (!required) return;
  if (required.kind !== 'array') {
    report(diagnosticAt(required, 'error', 'parameters-schema', `'parameters.required' of '${tool}' must be a list of argument names.`, { tool }));
    return;
  }
  for (const name of required.elements) {
    if (name.kind !== 'string') {
      report(diagnosticAt(name, 'error', 'parameters-schema', `'parameters.required' of '${tool}' must hold argument names (strings).`, { tool }));
      continue;
    }
    if (properties?.fields.has(name.value)) continue;
    const propertyNames = properties ? [...properties.fields.keys()] : [];
    const suggestion = closestName(name.value, propertyNames);
    report(
      diagnosticAt(
        name,
        'warning',
        'required-unknown',
        `'${tool}' requires "${name.value}", which is not among its properties (${propertyNames.length ? propertyNames.map((p) => `"${p}"`).join(', ') : 'none'}). neuro-san does not refuse this, but the argument meant is then not required.`,
        { tool, ...(suggestion ? { fix: replaceValueFix(`Change to "${suggestion}"`, name, quoteLike(name, suggestion)) } : {}) },
      ),
    );
  }
}

/** Whether neuro-san's own walk (parameterTypes.ts) reported on this value already. */
function isReported(value: HoconValue): boolean {
  for (let i = 0; i < reportedValues.size; i++) if (reportedValues.at(i) === value) return true;
  return false;
}

function isInside(inner: HoconValue, outer: HoconValue): boolean {
  return inner.source === outer.source && inner.start >= outer.start && inner.end <= outer.end;
}

const STANDARD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

// The walk's state lives at module level: it runs once per coded tool, synchronously, and never re-enters.
const scanFound = new ReusedList<HoconString>();
let scanPlain = true;
const scanStack = new ReusedList<HoconValue>();

function noteType(value: HoconValue): void {
  if (value.kind !== 'string') {
    scanPlain = false;
    return;
  }
  if (NON_STANDARD_TYPES[value.value] !== undefined) {
    scanFound.push(value);
  } else if (!STANDARD_TYPES.has(value.value)) scanPlain = false;
}

/**
 * One walk over `parameters`: every non-standard `type` value of every schema inside it (properties, items,
 * combinators — never a property that happens to be named "type"), left in `scanFound`; and whether the schema uses
 * only the everyday keywords, each with a value the JSON Schema meta-schema accepts (left in `scanPlain`). Such a
 * schema cannot fail the meta-schema, so the costly full check is kept for schemas that use anything else; real toolbox
 * files are almost all of this kind.
 */
function scanSchema(schema: HoconObject): void {
  scanFound.clear();
  scanPlain = true;
  const stack = scanStack;
  stack.clear(); // empty unless a walk was cut short
  stack.push(schema);
  while (stack.size > 0) {
    const node = stack.pop()!;
    if (node.kind === 'array') {
      scanPlain = false;
      for (const element of node.elements) stack.push(element);
      continue;
    }
    if (node.kind !== 'object') {
      scanPlain = false;
      continue;
    }
    // By position: no [key, field] pair and no field record per field (this walk runs over every schema of every tool).
    const fields = node.fields;
    for (let i = 0; i < fields.size; i++) {
      const key = fields.keyAt(i);
      const v = fields.valueAt(i);
      switch (key) {
        case 'type':
          if (v.kind === 'array') {
            scanPlain = false; // allowed, but let the meta-schema check uniqueness
            for (const t of v.elements) if (t.kind === 'string') noteType(t);
          } else noteType(v);
          break;
        case 'description':
        case 'title':
        case '$comment':
          if (v.kind !== 'string') scanPlain = false;
          break;
        case 'properties':
        case 'definitions':
        case '$defs':
        case 'patternProperties':
          if (key !== 'properties') scanPlain = false;
          if (v.kind === 'object') for (let j = 0; j < v.fields.size; j++) stack.push(v.fields.valueAt(j));
          else scanPlain = false;
          break;
        case 'items':
          stack.push(v);
          break;
        case 'required':
          if (scanPlain) scanPlain = isNameList(v);
          break;
        case 'enum':
          // The meta-schema wants a non-empty list without repeats; names are checked here, anything else by ajv.
          if (scanPlain) scanPlain = v.kind === 'array' && v.elements.length > 0 && isNameList(v);
          break;
        case 'additionalProperties':
          if (v.kind !== 'boolean') stack.push(v);
          break;
        case 'default':
        case 'examples':
          break;
        default:
          scanPlain = false;
          if (v.kind === 'object' || v.kind === 'array') stack.push(v);
      }
    }
  }
}

/** A list of distinct strings (what `required` must be). Compared pairwise: such lists are short, and no set is made per tool. */
function isNameList(value: HoconValue): boolean {
  if (value.kind !== 'array') return false;
  const elements = value.elements;
  if (elements.length > 16) {
    const names = new Set<string>();
    for (const name of elements) {
      if (name.kind !== 'string' || names.has(name.value)) return false;
      names.add(name.value);
    }
    return true;
  }
  for (let i = 0; i < elements.length; i++) {
    const name = elements[i]!;
    if (name.kind !== 'string') return false;
    for (let j = 0; j < i; j++) if ((elements[j] as HoconString).value === name.value) return false;
  }
  return true;
}
