/** One tool's inputs in the test-run pane, and the run request they make. */
import { describeJsonSyntaxError, layoutIfJson, readJsonText } from '../../shared/hocon/index';
import type { HistoryEntry } from '../../shared/api/index';
import { argsFromFields, fieldsFromArgs, type FieldSpec, type FieldValues } from './argumentForm';

export interface ToolInputs {
  /** The generated form, or the arguments written as JSON (tools without `parameters`, or by choice). */
  mode: 'form' | 'json';
  values: FieldValues;
  json: string;
  /** sly_data as JSON text; blank sends none. */
  sly: string;
  /** Seconds; blank uses the preference. */
  timeout: string;
  /** For a toolkit entry: which of its tools. */
  toolkitTool: string;
}

export const emptyInputs = (fields: FieldSpec[]): ToolInputs => ({ mode: fields.length ? 'form' : 'json', values: {}, json: '{}', sly: '', timeout: '', toolkitTool: '' });

export interface RunInputs {
  /** The arguments' value: what the pane shows and the form reads back. */
  args: unknown;
  /**
   * The arguments as JSON text, what the tool is sent: as typed in the JSON view, as the form writes it, or as a past
   * run sent it. Python reads it as neuro-san reads an LLM's arguments (`1.0` a float, big integers exact).
   */
  argsJson: string;
  slyData?: Record<string, unknown>;
  timeoutSeconds?: number;
  toolkitTool?: string;
}

/** The request the inputs make, or the problems that keep them from being sent. */
export function runInputsOf(fields: FieldSpec[], inputs: ToolInputs): { run: RunInputs; problems: string[] } {
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
  const run: RunInputs = { args, argsJson };
  if (inputs.sly.trim()) {
    try {
      const sly: unknown = JSON.parse(inputs.sly);
      if (typeof sly !== 'object' || sly === null || Array.isArray(sly)) problems.push('sly_data: must be a JSON object');
      else run.slyData = sly as Record<string, unknown>;
    } catch {
      problems.push('sly_data: not valid JSON');
    }
  }
  if (inputs.timeout.trim()) {
    const seconds = Number(inputs.timeout);
    if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600) problems.push('timeout: 0.1 to 3600 seconds');
    else run.timeoutSeconds = seconds;
  }
  if (inputs.toolkitTool.trim()) run.toolkitTool = inputs.toolkitTool.trim();
  return { run, problems };
}

/**
 * The inputs that repeat a past run: in the form when it can show the arguments, else as JSON — both as the run
 * sent them (`1.0` stays `1.0`).
 */
export function inputsFromRun(fields: FieldSpec[], run: RunInputs & { slyData?: Record<string, unknown> | null }, previous: ToolInputs): ToolInputs {
  const values = fields.length ? fieldsFromArgs(fields, run.args, run.argsJson) : null;
  return {
    mode: values ? 'form' : 'json',
    values: values ?? previous.values,
    json: layoutIfJson(run.argsJson, 2),
    sly: run.slyData && Object.keys(run.slyData).length ? JSON.stringify(run.slyData, null, 2) : '',
    timeout: run.timeoutSeconds !== undefined ? String(run.timeoutSeconds) : '',
    toolkitTool: run.toolkitTool ?? '',
  };
}

/** The arguments a past run sent, as text: its own (entries of older versions kept only the value). */
export function entryArgsJson(entry: Pick<HistoryEntry, 'args' | 'argsJson'>): string {
  return entry.argsJson ?? JSON.stringify(entry.args ?? {});
}
