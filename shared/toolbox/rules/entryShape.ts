import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { DISPLAY_AS_VALUES } from '../displayAs';
import { valueAtPointer, type HoconObject } from '../../hocon/index';
import { ENTRY_KEYS } from '../toolEntry';
import { diagnosticAt, replaceValueFix } from '../toolboxDiagnostic';
import { isRemovedTool, notDefinedMessage, removedToolMessage } from './removedTools';
import { closestName, keyOrigin, quoteLike, type EntryRule } from './ruleContext';

const NOT_BLANK = /\S/;

/**
 * Whether the entry certainly passes its schema (`codedToolSchema` or `langchainToolSchema` below): every key known,
 * `class` a string with a non-blank character, and each other key of its schema's type. When this says no, the
 * schema decides (and words the problems).
 */
function plainlyValid(entry: HoconObject, coded: boolean): boolean {
  let hasClass = false;
  const fields = entry.fields;
  for (let i = 0; i < fields.size; i++) {
    const v = fields.valueAt(i);
    switch (fields.keyAt(i)) {
      case 'class':
        if (v.kind !== 'string' || v.value.length === 0 || !NOT_BLANK.test(v.value)) return false;
        hasClass = true;
        break;
      case 'display_as':
        if (v.kind !== 'string' || !(DISPLAY_AS_VALUES as readonly string[]).includes(v.value)) return false;
        break;
      case 'base_tool_info_url':
        if (v.kind !== 'string') return false;
        break;
      case 'args':
        if (v.kind !== 'object') return false;
        break;
      case 'description':
        if (!coded || v.kind !== 'string') return false;
        break;
      case 'parameters':
        if (!coded || v.kind !== 'object') return false;
        break;
      default:
        return false;
    }
  }
  return hasClass;
}

/**
 * The shape of an entry, as a JSON Schema per kind, checked with ajv. Each schema violation becomes a diagnostic in
 * neuro-san's own words where neuro-san has words for it.
 */
const common = {
  class: { type: 'string', minLength: 1, pattern: '\\S' },
  display_as: { enum: [...DISPLAY_AS_VALUES] },
  base_tool_info_url: { type: 'string' },
  args: { type: 'object' },
};

export const codedToolSchema = {
  $id: 'toolbox-editor/coded-tool',
  type: 'object',
  required: ['class'],
  properties: { ...common, description: { type: 'string' }, parameters: { type: 'object' } },
  additionalProperties: false,
};

export const langchainToolSchema = {
  $id: 'toolbox-editor/langchain-tool',
  type: 'object',
  required: ['class'],
  properties: { ...common },
  // parameters on a LangChain tool are not read by neuro-san: unknown like any other key.
  additionalProperties: false,
};

let validators: { coded: ValidateFunction; langchain: ValidateFunction } | undefined;
function compiled() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    validators = { coded: ajv.compile(codedToolSchema), langchain: ajv.compile(langchainToolSchema) };
  }
  return validators;
}

export const entryShapeRule: EntryRule = ({ entry, report, toolboxFile, neuroSan }) => {
  const tool = entry.name;
  if (entry.value.kind === 'null') {
    // neuro-san finds no entry (its `toolbox_infos.get(name)` is None): a tool set to null is removed.
    const removed = isRemovedTool(tool, neuroSan);
    report(
      diagnosticAt(
        entry.value,
        'error',
        removed ? 'removed-tool' : 'tool-set-to-null',
        removed ? removedToolMessage(tool) : `${notDefinedMessage(tool, toolboxFile, neuroSan)} Set to null, the tool is removed: an agent that uses it fails with this message.`,
        { tool },
      ),
    );
    return;
  }
  if (entry.value.kind !== 'object') {
    report(diagnosticAt(entry.value, 'error', 'entry-not-object', `The value for the ${tool} key must be a dictionary.`, { tool }));
    return;
  }
  const entryValue = entry.value;
  const coded = entry.kind === 'coded';
  // Nearly every entry is well formed: prove it directly, and leave the schema (and its words) for the others.
  if (plainlyValid(entryValue, coded)) return;
  const validate = coded ? compiled().coded : compiled().langchain;
  if (validate(shallowJson(entryValue))) return;
  for (const error of validate.errors ?? []) {
    const field = error.instancePath.split('/')[1];
    // A null description is neuro-san's own error (functionSpec.ts).
    if (field === 'description' && entryValue.fields.value('description')?.kind === 'null') continue;
    if (error.keyword === 'required' && isRemovedTool(tool, neuroSan)) {
      // A partial override of a tool the default no longer holds: it used to take its class from the default.
      report(diagnosticAt(keyOrigin(entry.field), 'error', 'removed-tool', removedToolMessage(tool), { tool }));
      continue;
    }
    // A missing key is reported at the entry's name; anything else at the offending value.
    const at = error.keyword === 'required' ? keyOrigin(entry.field) : (valueAtPointer(entryValue, error.instancePath) ?? keyOrigin(entry.field));
    const describe = describeError(error, field, tool);
    if (!describe) continue;
    if (describe.rule === 'unknown-key') {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      const keyField = entryValue.fields.get(key)!;
      const suggestion = closestName(key, ENTRY_KEYS);
      report(
        diagnosticAt(keyOrigin(keyField), 'warning', 'unknown-key', `Unknown key '${key}' in tool '${tool}': neuro-san ignores it.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`, { tool }),
      );
      continue;
    }
    if (describe.rule === 'display-as') {
      const written = entryValue.fields.get('display_as')!.value;
      const suggestion = written.kind === 'string' ? closestName(written.value, DISPLAY_AS_VALUES) : undefined;
      report(
        diagnosticAt(at, 'error', 'display-as', describe.message, {
          tool,
          ...(suggestion && written.kind === 'string'
            ? { fix: replaceValueFix(`Change to "${suggestion}"`, written, quoteLike(written, suggestion)) }
            : {}),
        }),
      );
      continue;
    }
    report(diagnosticAt(at, describe.severity, describe.rule, describe.message, { tool }));
  }
};

function describeError(
  error: ErrorObject,
  field: string | undefined,
  tool: string,
): { rule: string; severity: 'error' | 'warning'; message: string } | undefined {
  if (error.keyword === 'required') {
    return {
      rule: 'missing-class',
      severity: 'error',
      message: `Tool '${tool}' is missing required key: 'class'. A coded tool names 'module.ClassName' (and has a description); a LangChain tool names 'package.module.ClassName'.`,
    };
  }
  if (error.keyword === 'additionalProperties') return { rule: 'unknown-key', severity: 'warning', message: '' };
  switch (field) {
    case 'class':
      // minLength and pattern both fire for an empty string: say it once.
      if (error.keyword === 'pattern' && error.instancePath === '/class') return undefined;
      return { rule: 'class-not-string', severity: 'error', message: `Value for '${tool}.class' must be a non-empty string.` };
    case 'display_as':
      return { rule: 'display-as', severity: 'error', message: `'display_as' of '${tool}' must be one of ${DISPLAY_AS_VALUES.map((v) => `"${v}"`).join(', ')}.` };
    case 'description':
      return { rule: 'coded-description', severity: 'warning', message: `The description of '${tool}' must be a string: it is the text the LLM reads to decide when to call the tool.` };
    case 'parameters':
      return { rule: 'parameters-schema', severity: 'error', message: `'parameters' of '${tool}' must be a JSON Schema object ({"type": "object", "properties": {...}}).` };
    case 'args':
      return { rule: 'args-not-object', severity: 'error', message: `'args' of '${tool}' must be a dictionary of constructor arguments.` };
    case 'base_tool_info_url':
      // Style advice, at the project's level for it: entryReview.ts says so.
      return undefined;
    default:
      return { rule: 'entry-shape', severity: 'warning', message: `'${tool}'${error.instancePath.replace(/\//g, '.')}: ${error.message ?? 'unexpected value'}.` };
  }
}

/**
 * The entry's top level as JSON, with nested objects and lists left empty: the shape schemas only look at the type
 * of each field, so converting whole `parameters` and `args` trees for every tool would be wasted work.
 */
function shallowJson(entry: HoconObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = entry.fields;
  for (let i = 0; i < fields.size; i++) {
    const v = fields.valueAt(i);
    out[fields.keyAt(i)] = v.kind === 'object' ? {} : v.kind === 'array' ? [] : v.kind === 'null' ? null : v.value;
  }
  return out;
}
