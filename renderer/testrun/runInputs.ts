/** One tool's inputs in the test-run pane (what the fields show), and the run request they make. */
import { describeJsonSyntaxError, layoutIfJson, readJsonText } from '../../shared/hocon/index';
import { isRunTimeout, TIMEOUT_RULE, toolboxTarget, type RunRequest } from '../../shared/run/index';
import { argsFromFields, fieldsFromArgs, type FieldSpec, type FieldValues } from './argumentForm';

export interface ToolInputs {
  /** The generated form, or the arguments written as JSON (tools without `parameters`, or by choice). */
  mode: 'form' | 'json';
  values: FieldValues;
  json: string;
  /** sly_data as JSON text; blank sends none. */
  sly: string;
  /** Seconds; blank uses the project's default. */
  timeout: string;
  /** For a toolkit entry: which of its tools. */
  toolkitTool: string;
}

export const emptyInputs = (fields: FieldSpec[]): ToolInputs => ({ mode: fields.length ? 'form' : 'json', values: {}, json: '{}', sly: '', timeout: '', toolkitTool: '' });

/**
 * The run request the inputs make for `tool`, or the problems that keep them from being sent. The arguments go as
 * JSON text — as typed in the JSON view, as the form writes it — which Python reads as neuro-san reads an LLM's
 * arguments (`1.0` a float, big integers exact). `args` is the same arguments' value, for the pane to show.
 */
export function requestOf(tool: string, fields: FieldSpec[], inputs: ToolInputs): { request: RunRequest; args: unknown; problems: string[] } {
  const problems: string[] = [];
  let args: unknown = {};
  let argsJson = '{}';
  if (inputs.mode === 'form') {
    const made = argsFromFields(fields, inputs.values);
    ({ args, argsJson } = made);
    problems.push(...made.problems);
  } else {
    const read = readJsonText(inputs.json);
    if (read.ok) {
      args = read.value;
      argsJson = inputs.json;
    } else {
      problems.push(`arguments: not valid JSON at ${describeJsonSyntaxError(read.error)}`);
    }
  }
  const request: RunRequest = { target: toolboxTarget(tool, inputs.toolkitTool.trim() || undefined), argsJson };
  if (inputs.sly.trim()) {
    const read = readJsonText(inputs.sly);
    if (!read.ok) problems.push('sly_data: not valid JSON');
    else if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) problems.push('sly_data: must be a JSON object');
    else request.slyData = read.value;
  }
  if (inputs.timeout.trim()) {
    const seconds = Number(inputs.timeout);
    if (!isRunTimeout(seconds)) problems.push(`timeout: ${TIMEOUT_RULE}`);
    else request.timeoutSeconds = seconds;
  }
  return { request, args, problems };
}

/**
 * The inputs that repeat a past run (or a saved case's): in the form when it can show the arguments, else as JSON —
 * both as the run sent them (`1.0` stays `1.0`).
 */
export function inputsFromRequest(fields: FieldSpec[], request: RunRequest, previous: ToolInputs): ToolInputs {
  const read = readJsonText(request.argsJson);
  const values = fields.length && read.ok ? fieldsFromArgs(fields, read.value, request.argsJson) : null;
  return {
    mode: values ? 'form' : 'json',
    values: values ?? previous.values,
    json: layoutIfJson(request.argsJson, 2),
    sly: request.slyData && Object.keys(request.slyData).length ? JSON.stringify(request.slyData, null, 2) : '',
    timeout: request.timeoutSeconds !== undefined ? String(request.timeoutSeconds) : '',
    toolkitTool: request.target.kind === 'toolbox' ? (request.target.toolkitTool ?? '') : '',
  };
}
