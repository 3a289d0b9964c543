import type { HoconObject, HoconValue } from '../../hocon/index';
import { diagnosticOf, replaceTextFix, type QuickFix, type ToolboxDiagnostic } from '../toolboxDiagnostic';
import { keyOrigin, quoteLike, ReusedList } from './ruleContext';

/*
 * neuro-san turns a coded tool's `parameters` into a pydantic model before offering the tool to the LLM
 * (`BaseModelDictionaryConverter`): each property of `properties`, objects with properties of their own, and the
 * `items` of arrays. It raises on the first property whose type it does not know, or whose name pydantic cannot take,
 * and the agent cannot start. These are its checks and its words; nothing else of the schema is read there.
 */

/** The type names neuro-san knows (its TYPE_LOOKUP). `int`, `float` and `bool` are not JSON Schema: see parameters.ts. */
export const NEURO_SAN_TYPES: ReadonlySet<string> = new Set(['string', 'int', 'float', 'boolean', 'array', 'integer', 'number', 'bool', 'object']);

/** Type names neuro-san refuses, with the name it knows for what was meant. */
export const REFUSED_TYPE_FIXES: Readonly<Record<string, string>> = {
  str: 'string',
  long: 'integer',
  double: 'number',
  dict: 'object',
  list: 'array',
};

/** `BaseModel` methods whose names a parameter may not take (pydantic's protected `model_dump`/`model_validate`). */
const SHADOWING_NAMES: ReadonlySet<string> = new Set([
  'model_dump',
  'model_dump_json',
  'model_validate',
  'model_validate_json',
  'model_validate_strings',
]);

const CONSEQUENCE = 'neuro-san raises this when an agent offers the tool to the LLM.';

export function unrecognizedTypeMessage(type: string, field: string): string {
  return `Unrecognized type '${type}' for field '${field}'. ${CONSEQUENCE}`;
}

export function parameterNameMessage(field: string): string | undefined {
  if (field.startsWith('_')) return `Parameter name '${field}' must not start with an underscore.`;
  if (field === 'model_config') return "Parameter name 'model_config' is reserved by pydantic for model configuration.";
  if (SHADOWING_NAMES.has(field)) return `Parameter name '${field}' shadows a pydantic BaseModel method.`;
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

/** Walks `properties` of `parameters` as neuro-san's converter does and reports what it raises on. */
export function checkParameterTypes(parameters: HoconObject, tool: string, report: Report): void {
  reportedValues.clear();
  const properties = parameters.fields.value('properties');
  if (properties?.kind === 'object') walkProperties(properties, tool, report);
}

function walkProperties(properties: HoconObject, tool: string, report: Report): void {
  const fields = properties.fields;
  for (let i = 0; i < fields.size; i++) {
    const name = fields.keyAt(i);
    const nameProblem = parameterNameMessage(name);
    if (nameProblem !== undefined) {
      report(diagnosticOf(keyOrigin(fields.fieldAt(i)), 'error', 'parameter-name', `${nameProblem} ${CONSEQUENCE}`, tool));
    }
    checkProperty(name, `Field '${name}'`, fields.valueAt(i), tool, report);
  }
}

/** `field` is the name neuro-san gives the property (`q_component` for the items of `q`); `said` how to say which. */
function checkProperty(field: string, said: string, property: HoconValue, tool: string, report: Report): void {
  if (property.kind !== 'object') {
    reportAt(
      report,
      property,
      'parameter-shape',
      `${said} of '${tool}' must be a dictionary (a JSON Schema with a "type"): neuro-san fails on ${pythonTypeWords(property)}. ${CONSEQUENCE}`,
      tool,
    );
    return;
  }
  const type = property.fields.value('type');
  if (type === undefined || type.kind === 'null') {
    reportAt(report, type ?? property, 'unrecognized-type', unrecognizedTypeMessage('None', field), tool);
    return;
  }
  if (type.kind === 'array' || type.kind === 'object') {
    const list = type.kind === 'array';
    reportAt(
      report,
      type,
      'unrecognized-type',
      `The type of field '${field}' must be one type name: neuro-san cannot look up a ${list ? 'list' : 'dictionary'} (TypeError: unhashable type: '${list ? 'list' : 'dict'}'). ${CONSEQUENCE}`,
      tool,
    );
    return;
  }
  if (type.kind !== 'string' || !NEURO_SAN_TYPES.has(type.value)) {
    const written = pythonText(type);
    reportAt(report, type, 'unrecognized-type', unrecognizedTypeMessage(written, field), tool, typeFix(type));
    return;
  }
  if (type.value === 'object') {
    const nested = property.fields.value('properties');
    if (nested?.kind === 'object' && nested.fields.size > 0) walkProperties(nested, tool, report);
  } else if (type.value === 'array') {
    const items = property.fields.value('items');
    if (items === undefined || items.kind === 'null') {
      reportAt(
        report,
        items ?? property,
        'parameter-shape',
        `${said} of '${tool}' is an array without "items": neuro-san reads the type of its elements there ('NoneType' object has no attribute 'get'). ${CONSEQUENCE}`,
        tool,
      );
      return;
    }
    checkProperty(`${field}_component`, `The items of '${field}'`, items, tool, report);
  }
}

function typeFix(type: HoconValue): QuickFix | undefined {
  if (type.kind !== 'string') return undefined;
  const known = REFUSED_TYPE_FIXES[type.value];
  if (known === undefined) return undefined;
  return replaceTextFix(`Change "${type.value}" to "${known}"`, type.source.name, type.start, type.end - type.start, quoteLike(type, known));
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
