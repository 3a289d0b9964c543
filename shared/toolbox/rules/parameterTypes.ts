import type { HoconObject, HoconValue } from '../../hocon/index';
import { diagnosticOf, replaceValueFix, type QuickFix, type ToolboxDiagnostic } from '../toolboxDiagnostic';
import { keyOrigin, quoteLike, ReusedList } from './ruleContext';
import { knowsTypeName, versionWords, type NeuroSanFacts } from '../../neurosan/versions/index';

/*
 * neuro-san turns a coded tool's `parameters` into a pydantic model before offering the tool to the LLM
 * (`BaseModelDictionaryConverter`): each property of `properties`, objects with properties of their own, and the
 * `items` of arrays. What it does with a type name it does not know, and which names it knows, depend on the release
 * (shared/neurosan/versions/facts.ts): up to 0.6.95 pydantic.v1 refuses the model of a property typed with an
 * unknown name (the field's type is None) and shows the LLM `null` items for an array's; from 0.6.98 (perhaps 0.6.96)
 * it raises "Unrecognized type". These are its checks and its words; nothing else of the schema is read there.
 */

/** What each spelling means, and the spellings of that meaning neuro-san may know, the standard one first. */
const SPELLINGS_OF: Readonly<Record<string, readonly string[]>> = {
  string: ['string'],
  integer: ['integer', 'int'],
  number: ['number', 'float'],
  boolean: ['boolean', 'bool'],
  object: ['object'],
  array: ['array'],
};
const MEANING: Readonly<Record<string, string>> = {
  str: 'string',
  string: 'string',
  int: 'integer',
  integer: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  number: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  dict: 'object',
  object: 'object',
  list: 'array',
  array: 'array',
};

/** The JSON Schema type a type name means (`int` → `integer`, `str` → `string`), or undefined for one that means none. */
export function typeMeaning(written: string): string | undefined {
  return Object.hasOwn(MEANING, written) ? MEANING[written] : undefined;
}

/** The spelling of what `written` means that the project's neuro-san knows (the standard one where it can). */
export function knownSpelling(written: string, facts: NeuroSanFacts): string | undefined {
  const meaning = MEANING[written];
  if (meaning === undefined) return undefined;
  return SPELLINGS_OF[meaning]!.find((s) => s !== written && facts.sure.typeNames.includes(s) && facts.maybe.typeNames.includes(s));
}

/** Whether the converter is pydantic.v1's on both sides of any window (its refusals then have v1's words). */
function pydanticV1(facts: NeuroSanFacts): boolean {
  return facts.sure.converter === 'pydantic-v1' && facts.maybe.converter === 'pydantic-v1';
}

/** BaseModel attributes a pydantic.v1 field may not shadow (create_model raises NameError), checked with pydantic 2.13's v1. */
const PYDANTIC_V1_ATTRIBUTES: ReadonlySet<string> = new Set([
  'construct',
  'copy',
  'dict',
  'from_orm',
  'json',
  'parse_file',
  'parse_obj',
  'parse_raw',
  'schema',
  'schema_json',
  'update_forward_refs',
  'validate',
]);

/** `BaseModel` methods whose names a parameter may not take (pydantic's protected `model_dump`/`model_validate`). */
const SHADOWING_NAMES: ReadonlySet<string> = new Set([
  'model_dump',
  'model_dump_json',
  'model_validate',
  'model_validate_json',
  'model_validate_strings',
]);

const CONSEQUENCE = 'neuro-san raises this when an agent offers the tool to the LLM.';

export function unrecognizedTypeMessage(type: string, field: string, consequence = CONSEQUENCE): string {
  return said(`Unrecognized type '${type}' for field '${field}'.`, consequence);
}

/** A refusal, then what follows from it (nothing where `consequence` is ''). */
function said(text: string, consequence: string): string {
  return consequence === '' ? text : `${text} ${consequence}`;
}

/** The toolbox's words for what a refused model means (pydantic.v1). */
const V1_CONSEQUENCE = 'an agent offered this tool fails.';

/** What pydantic.v1 says of a field whose type is None (neuro-san up to 0.6.95), required or not. */
function v1RefusalWords(field: string, required: boolean): string {
  return required
    ? "RuntimeError: no validator found for <class 'pydantic.v1.fields.UndefinedType'>, see `arbitrary_types_allowed` in Config"
    : `ConfigError: unable to infer type for attribute "${field}"`;
}

function knownNames(facts: NeuroSanFacts): string {
  return facts.sure.typeNames.filter((t) => facts.maybe.typeNames.includes(t)).join(', ');
}

/** The message for a type name the project's neuro-san does not know, at a property (`inItems`: an array's items). */
export function unknownTypeMessage(type: string, field: string, facts: NeuroSanFacts, where: { required: boolean; inItems: boolean }, consequence = CONSEQUENCE): string {
  if (!pydanticV1(facts)) return unrecognizedTypeMessage(type, field, consequence);
  const known = `${versionWords(facts)} does not know the type '${type}' (it knows ${knownNames(facts)}): its converter gives the field the type None`;
  if (where.inItems) {
    return `${known}, so the LLM is shown "items": {"type": "null"} and every element it sends is refused (value is not None).`;
  }
  // The tool's consequence after a colon, as always; none where the caller says what fails (a network's check).
  const refused = `${known}, and pydantic refuses the model (${v1RefusalWords(field, where.required)})`;
  return consequence === '' ? `${refused}.` : `${refused}: ${V1_CONSEQUENCE}`;
}

export function parameterNameMessage(field: string, facts?: NeuroSanFacts): { message: string; severity: 'error' | 'warning' } | undefined {
  if (facts && pydanticV1(facts)) {
    if (field.startsWith('_')) return { severity: 'warning', message: `Parameter name '${field}' starts with an underscore: ${versionWords(facts)}'s pydantic.v1 model drops it, so the LLM never sees this parameter.` };
    if (PYDANTIC_V1_ATTRIBUTES.has(field)) return { severity: 'error', message: `Field name "${field}" shadows a BaseModel attribute (pydantic.v1's NameError in ${versionWords(facts)}).` };
    return undefined;
  }
  if (field.startsWith('_')) return { severity: 'error', message: `Parameter name '${field}' must not start with an underscore.` };
  if (field === 'model_config') return { severity: 'error', message: "Parameter name 'model_config' is reserved by pydantic for model configuration." };
  if (SHADOWING_NAMES.has(field)) return { severity: 'error', message: `Parameter name '${field}' shadows a pydantic BaseModel method.` };
  return undefined;
}

/** The values the last `checkParameterTypes` reported on (parameters.ts does not report them again). */
export const reportedValues = new ReusedList<HoconValue>();

type Report = (diagnostic: ToolboxDiagnostic) => void;

/** Reports a problem at a value, and notes the value. */
function reportAt(report: Report, value: HoconValue, rule: string, message: string, tool: string, fix?: QuickFix): void {
  reportedValues.push(value);
  report(diagnosticOf(value, 'error', rule, message, tool, fix));
}

/** How a walk reports, where its findings are not a toolbox's. */
export interface ParameterWalkOptions {
  /** Said after each refusal ('' for nothing); by default, that neuro-san raises it when an agent offers the tool. */
  consequence?: string;
  /**
   * Only what makes the conversion fail, as neuro-san's network validator makes it: no warnings, nothing pydantic.v1
   * lets through (an array's items of a type it does not know), and no string `items` (the validator makes them a
   * string's schema before converting).
   */
  failuresOnly?: boolean;
}

/** One walk's context: the tool, where findings go, and the project's neuro-san. */
interface Walk {
  tool: string;
  report: Report;
  facts: NeuroSanFacts;
  consequence: string;
  failuresOnly: boolean;
}

/** Walks `properties` of `parameters` as neuro-san's converter does and reports what it raises on. */
export function checkParameterTypes(parameters: HoconObject, tool: string, report: Report, facts: NeuroSanFacts, options: ParameterWalkOptions = {}): void {
  reportedValues.clear();
  const properties = parameters.fields.value('properties');
  const walk = { tool, report, facts, consequence: options.consequence ?? CONSEQUENCE, failuresOnly: options.failuresOnly ?? false };
  if (properties?.kind === 'object') walkProperties(properties, requiredNames(parameters), walk);
}

/** The names an object schema's `required` lists (what pydantic is told has no default). */
function requiredNames(schema: HoconObject): ReadonlySet<string> {
  const required = schema.fields.value('required');
  const names = new Set<string>();
  if (required?.kind === 'array') for (const r of required.elements) if (r.kind === 'string') names.add(r.value);
  return names;
}

function walkProperties(properties: HoconObject, required: ReadonlySet<string>, walk: Walk): void {
  const fields = properties.fields;
  for (let i = 0; i < fields.size; i++) {
    const name = fields.keyAt(i);
    const nameProblem = parameterNameMessage(name, walk.facts);
    if (nameProblem !== undefined && !(walk.failuresOnly && nameProblem.severity === 'warning')) {
      const message = nameProblem.severity === 'error' ? said(nameProblem.message, walk.consequence) : nameProblem.message;
      walk.report(diagnosticOf(keyOrigin(fields.fieldAt(i)), nameProblem.severity, 'parameter-name', message, walk.tool));
    }
    checkProperty(name, `Field '${name}'`, fields.valueAt(i), walk, { required: required.has(name), inItems: false });
  }
}

/** `field` is the name neuro-san gives the property (`q_component` for the items of `q`); `which` how to say which. */
function checkProperty(field: string, which: string, property: HoconValue, walk: Walk, where: { required: boolean; inItems: boolean }): void {
  const { tool, report, facts, consequence } = walk;
  if (property.kind !== 'object') {
    reportAt(report, property, 'parameter-shape', said(`${which} of '${tool}' must be a dictionary (a JSON Schema with a "type"): neuro-san fails on ${pythonTypeWords(property)}.`, consequence), tool);
    return;
  }
  // pydantic.v1 makes an array's items of a type it does not know a field of type None: no failure, null items.
  const passes = walk.failuresOnly && where.inItems && facts.sure.converter === 'pydantic-v1' && facts.maybe.converter === 'pydantic-v1';
  const type = property.fields.value('type');
  if (type === undefined || type.kind === 'null') {
    if (!passes) reportAt(report, type ?? property, 'unrecognized-type', unknownTypeMessage('None', field, facts, where, consequence), tool);
    return;
  }
  if (type.kind === 'array' || type.kind === 'object') {
    const list = type.kind === 'array';
    reportAt(
      report,
      type,
      'unrecognized-type',
      said(`The type of field '${field}' must be one type name: neuro-san cannot look up a ${list ? 'list' : 'dictionary'} (TypeError: unhashable type: '${list ? 'list' : 'dict'}').`, consequence),
      tool,
    );
    return;
  }
  if (type.kind !== 'string' || !knowsTypeName(facts, type.value)) {
    if (!passes) reportAt(report, type, 'unrecognized-type', unknownTypeMessage(pythonText(type), field, facts, where, consequence), tool, typeFix(type, facts));
    return;
  }
  if (type.value === 'object') {
    const nested = property.fields.value('properties');
    if (nested?.kind === 'object' && nested.fields.size > 0) walkProperties(nested, requiredNames(property), walk);
  } else if (type.value === 'array') {
    const items = property.fields.value('items');
    if (items === undefined || items.kind === 'null') {
      reportAt(
        report,
        items ?? property,
        'parameter-shape',
        said(`${which} of '${tool}' is an array without "items": neuro-san reads the type of its elements there ('NoneType' object has no attribute 'get').`, consequence),
        tool,
      );
      return;
    }
    if (walk.failuresOnly && items.kind === 'string') return;
    checkProperty(`${field}_component`, `The items of '${field}'`, items, walk, { required: true, inItems: true });
  }
}

function typeFix(type: HoconValue, facts: NeuroSanFacts): QuickFix | undefined {
  if (type.kind !== 'string') return undefined;
  const known = knownSpelling(type.value, facts);
  if (known === undefined) return undefined;
  return replaceValueFix(`Change "${type.value}" to "${known}"`, type, quoteLike(type, known));
}

/** A scalar as Python's `str()` prints it (what neuro-san's f-string shows). */
function pythonText(value: HoconValue): string {
  switch (value.kind) {
    case 'string':
      return value.value;
    case 'boolean':
      return value.value ? 'True' : 'False';
    case 'number':
      return value.numberKind === 'float' && Number.isInteger(value.value) ? `${value.value}.0` : value.numberKind === 'int' ? value.text : String(value.value);
    case 'null':
      return 'None';
    default:
      return value.kind;
  }
}

/** What neuro-san calls `.get` on, in Python's words ("'str' object has no attribute 'get'"). */
function pythonTypeWords(value: HoconValue): string {
  const name = value.kind === 'string' ? 'str' : value.kind === 'number' ? (value.numberKind === 'int' ? 'int' : 'float') : value.kind === 'boolean' ? 'bool' : value.kind === 'array' ? 'list' : 'NoneType';
  return `a ${value.kind === 'array' ? 'list' : value.kind === 'null' ? 'null' : value.kind} ('${name}' object has no attribute 'get')`;
}
