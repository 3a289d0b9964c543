/**
 * ToolBox tools whose handlers run the real Python classes through a ToolRunner (one warm worker per toolbox).
 * Arguments are checked against the tool's schema first; a mismatch is reported unless the request sends anyway.
 * The request then goes to the worker as it came (a toolkit entry's tool is its `target.toolkitTool`).
 */
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/index';
import type { RunRequest } from '../../shared/run/index';
import type { JsonObject, ToolRunner } from '../python';
import { ToolBox, type Tool, type ToolCallContext, type ToolOutput } from './toolBox';
import { checkArgs } from './validateArgs';
import type { EntryProblem } from './loadToolSpecs';

/** A toolbox tool for one spec. */
function pythonTool(spec: RunnableToolSpec, runner: ToolRunner): Tool {
  // The schema the LLM is given: a coded tool's `parameters` (a LangChain tool's comes from its class).
  const inputSchema = spec.kind === 'coded' ? spec.parameters : undefined;
  return {
    name: spec.name,
    ...(spec.description !== undefined ? { description: spec.description } : {}),
    ...(inputSchema !== undefined ? { inputSchema: inputSchema as JsonObject } : {}),
    handler: (request, input, context) => runChecked(spec, runner, inputSchema, request, input, context),
  };
}

/** A tool that cannot be run (no usable class, an entry neuro-san refuses): calling it reports why. */
function unrunnableTool(name: string, reason: string): Tool {
  return { name, handler: (request) => ({ content: reason, isError: true, errorKind: 'load', slyData: (request.slyData as JsonObject | undefined) ?? null }) };
}

async function runChecked(
  spec: RunnableToolSpec,
  runner: ToolRunner,
  schema: { [key: string]: JsonValue } | undefined,
  request: RunRequest,
  input: JsonValue,
  context: ToolCallContext,
): Promise<ToolOutput> {
  const check = checkArgs(schema, input, context.neuroSan);
  const warned = check.warnings.length > 0 ? { argumentWarnings: check.warnings } : {};
  if (!check.valid && !request.sendInvalidArgs) {
    return {
      ...warned,
      content:
        `The arguments for '${spec.name}' do not match its parameters:\n` +
        check.errors.map((e) => `- ${e}`).join('\n') +
        '\n(neuro-san does not enforce parameters: send anyway to call the tool with them)',
      isError: true,
      errorKind: 'validation',
      validationErrors: check.errors,
      slyData: (request.slyData as JsonObject | undefined) ?? null,
    };
  }
  // The schema is checked on the value; Python gets the request's text as written (1.0 a float, big integers exact).
  const run = await runner.call(spec, request, {
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.callId ? { callId: context.callId } : {}),
    ...(context.onStarted ? { onStarted: context.onStarted } : {}),
    ...(context.neuroSan ? { neuroSan: context.neuroSan } : {}),
  });
  return { ...run, ...(check.valid ? {} : { validationErrors: check.errors }), ...warned };
}

/**
 * One tool per spec, in the specs' order, without loading any class (toolkits stay single entries: a request names
 * one of their tools by `target.toolkitTool`), then one per entry that cannot be run, reporting its problem.
 * `source` names the file, for "tool not found".
 */
export function toolBoxFromSpecs(specs: readonly RunnableToolSpec[], runner: ToolRunner, problems: readonly EntryProblem[] = [], source?: string): ToolBox {
  return new ToolBox([...specs.map((spec) => pythonTool(spec, runner)), ...problemTools(problems)], source);
}

/** The first problem of each blocked entry, as a tool that reports it. */
function problemTools(problems: readonly EntryProblem[]): Tool[] {
  const first = new Map<string, string>();
  for (const p of problems) if (!first.has(p.tool)) first.set(p.tool, p.message);
  return [...first].map(([name, message]) => unrunnableTool(name, message));
}
