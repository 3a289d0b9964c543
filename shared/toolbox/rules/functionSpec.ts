import type { HoconObject } from '../../hocon/index';
import { diagnosticOf, replaceTextFix, replaceValueFix } from '../toolboxDiagnostic';
import type { EntryRule } from './ruleContext';

/*
 * neuro-san's check of what a coded tool offers the LLM (`LangChainOpenAIFunctionTool.verify_function_json`, run when
 * an agent offers the tool): a description, and a non-empty `parameters` with a `type` and at least one property.
 * neuro-san raises on any of them and the agent cannot start; the first sentence of each message is neuro-san's own
 * (it goes on about /external agents, which is not the case of a toolbox entry, so that part is left out).
 * neuro-san keeps only the last problem it finds; each is reported here, at its own place.
 */

const CONSEQUENCE = 'neuro-san raises this when an agent offers the tool to the LLM.';

export function noDescriptionMessage(tool: string): string {
  return `Function for ${tool} has no description. ${CONSEQUENCE}`;
}

export function parametersTypeMessage(tool: string): string {
  return `Function for ${tool} needs to have a parameters.type set to 'object'. ${CONSEQUENCE}`;
}

export function propertiesMissingMessage(tool: string): string {
  return `Function for ${tool} needs to have a properties dictionary as part of its parameters. ${CONSEQUENCE} A tool without arguments leaves 'parameters' out.`;
}

export function propertiesEmptyMessage(tool: string): string {
  return `Function for ${tool} needs to have at least one argument dictionary in its properties. ${CONSEQUENCE} A tool without arguments leaves 'parameters' out.`;
}

export const functionSpecRule: EntryRule = ({ entry, report }) => {
  if (entry.kind !== 'coded' || entry.value.kind !== 'object') return;
  const fields = entry.value.fields;
  const tool = entry.name;
  const description = fields.value('description');
  if (description?.kind === 'null') report(diagnosticOf(description, 'error', 'no-description', noDescriptionMessage(tool), tool));

  const parameters = fields.value('parameters');
  // Not a dictionary: the shape rule says so. An empty one is read as no parameters at all (Python's `if parameters:`).
  if (parameters?.kind !== 'object' || parameters.fields.size === 0) return;
  const type = parameters.fields.value('type');
  if (type === undefined || type.kind === 'null') {
    const fix =
      type === undefined ? insertTypeFix(parameters) : replaceValueFix('Set "type" to "object"', type, '"object"');
    report(diagnosticOf(type ?? parameters, 'error', 'parameters-type', parametersTypeMessage(tool), tool, fix));
  }
  const properties = parameters.fields.value('properties');
  if (properties === undefined || properties.kind === 'null') {
    report(diagnosticOf(properties ?? parameters, 'error', 'parameters-properties', propertiesMissingMessage(tool), tool));
  } else if (properties.kind !== 'object' || properties.fields.size === 0) {
    report(diagnosticOf(properties, 'error', 'parameters-properties', propertiesEmptyMessage(tool), tool));
  }
};

/** `"type": "object", ` right after the opening brace: the same text reads the same in HOCON and in JSON. */
function insertTypeFix(parameters: HoconObject): ReturnType<typeof replaceTextFix> | undefined {
  const text = parameters.source.text;
  if (text.charCodeAt(parameters.start) !== 123 /* { */) return undefined; // built by a substitution or a merge
  return replaceTextFix('Add "type": "object"', parameters.source.name, parameters.start + 1, 0, ' "type": "object",');
}

