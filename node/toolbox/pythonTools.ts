/**
 * ToolBox tools whose handlers run the real Python classes through a ToolRunner (one warm worker per toolbox).
 * Arguments are checked against the tool's schema first; a mismatch is reported unless the caller sends anyway.
 */
import { JsonText } from '../../shared/hocon/index';
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/index';
import type { DescribeResult, JsonObject, ToolRunner } from '../python';
import { ToolBox, type Tool, type ToolCallContext, type ToolOutput } from './toolBox';
import { checkArgs } from './validateArgs';
import type { EntryProblem } from './loadToolSpecs';

/** What loading a class revealed about one tool: a LangChain tool's own description and schema, or a toolkit's tool. */
interface LoadedTool {
  /** The name the toolbox knows it by (`<entry>_<tool>` for a toolkit's tools). */
  name: string;
  description: string | null;
  argsSchema: JsonObject | null;
  /** For a toolkit's tool: its own name, which the worker calls. */
  toolkitTool?: string;
}

/** A toolbox tool for one spec; `loaded` is what loading its class revealed (see describedToolBox). */
function pythonTool(spec: RunnableToolSpec, runner: ToolRunner, loaded?: LoadedTool): Tool {
  const name = loaded?.name ?? spec.name;
  // The schema the LLM is given: a coded tool's `parameters`; a LangChain tool's comes from its class once loaded.
  const inputSchema = loaded ? (loaded.argsSchema ?? undefined) : spec.kind === 'coded' ? spec.parameters : undefined;
  const description = loaded?.description ?? spec.description;
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    ...(inputSchema !== undefined ? { inputSchema: inputSchema as JsonObject } : {}),
    handler: (input, context, inputJson) => runChecked(name, spec, runner, inputSchema, input, inputJson, context, loaded?.toolkitTool),
  };
}

/** A tool that cannot be run (no usable class, an entry neuro-san refuses): calling it reports why. */
function unrunnableTool(name: string, reason: string): Tool {
  return { name, handler: (_input, context) => ({ content: reason, isError: true, errorKind: 'load', slyData: context.slyData ?? null }) };
}

async function runChecked(
  name: string,
  spec: RunnableToolSpec,
  runner: ToolRunner,
  schema: { [key: string]: JsonValue } | undefined,
  input: JsonValue,
  inputJson: string,
  context: ToolCallContext,
  toolkitTool: string | undefined,
): Promise<ToolOutput> {
  const check = checkArgs(schema, input, context.neuroSan);
  if (!check.valid && !context.sendInvalid) {
    return {
      content:
        `The arguments for '${name}' do not match its parameters:\n` +
        check.errors.map((e) => `- ${e}`).join('\n') +
        '\n(neuro-san does not enforce parameters: send anyway to call the tool with them)',
      isError: true,
      errorKind: 'validation',
      validationErrors: check.errors,
      slyData: context.slyData ?? null,
    };
  }
  const memberTool = toolkitTool ?? context.toolkitTool;
  // The schema is checked on the value; Python gets the text as written (1.0 a float, big integers exact).
  const run = await runner.call(spec, new JsonText(inputJson), {
    ...(context.slyData ? { slyData: context.slyData } : {}),
    ...(context.timeoutMs !== undefined ? { timeoutMs: context.timeoutMs } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.callId ? { callId: context.callId } : {}),
    ...(memberTool !== undefined ? { tool: memberTool } : {}),
    ...(context.onStarted ? { onStarted: context.onStarted } : {}),
  });
  return check.valid ? run : { ...run, validationErrors: check.errors };
}

/**
 * One tool per spec, in the specs' order, without loading any class (fast; toolkits stay single entries), then one
 * per entry that cannot be run, reporting its problem. `source` names the file, for "tool not found".
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

export interface DescribedToolBox {
  toolbox: ToolBox;
  /** What loading each LangChain entry revealed (or why it failed), by entry name. */
  descriptions: Map<string, DescribeResult>;
}

/**
 * Like toolBoxFromSpecs, but LangChain entries are loaded first: a tool takes its description and argument schema
 * from its class, and a toolkit is replaced, at its position, by its tools named `<entry>_<tool>`. An entry that
 * fails to load stays as it is (calling it reports the failure).
 */
export async function describedToolBox(
  specs: readonly RunnableToolSpec[],
  runner: ToolRunner,
  problems: readonly EntryProblem[] = [],
  source?: string,
): Promise<DescribedToolBox> {
  const descriptions = new Map<string, DescribeResult>();
  const tools: Tool[] = [];
  for (const spec of specs) {
    if (spec.kind === 'coded') {
      tools.push(pythonTool(spec, runner));
      continue;
    }
    const described = await runner.describe(spec);
    descriptions.set(spec.name, described);
    if (!described.ok) {
      tools.push(pythonTool(spec, runner));
    } else if (described.description.kind === 'toolkit') {
      for (const member of described.description.tools) tools.push(pythonTool(spec, runner, { ...member, toolkitTool: member.toolName }));
    } else if (described.description.kind === 'langchain') {
      const { description, argsSchema } = described.description;
      tools.push(pythonTool(spec, runner, { name: spec.name, description, argsSchema }));
    } else {
      tools.push(pythonTool(spec, runner));
    }
  }
  return { toolbox: new ToolBox([...tools, ...problemTools(problems)], source), descriptions };
}

/**
 * Calls the tools of a toolbox file by name, as the CLI does: a toolkit's tools (`<entry>_<tool>`) are only known once
 * its class is loaded, so classes are loaded (a Python round trip) the first time a name is not an entry's.
 */
export function toolCaller(specs: readonly RunnableToolSpec[], problems: readonly EntryProblem[], runner: ToolRunner, source?: string) {
  let toolbox = toolBoxFromSpecs(specs, runner, problems, source);
  let described = false;
  return async (toolCall: Parameters<ToolBox['call']>[0], context?: ToolCallContext) => {
    if (!described && !toolbox.has(toolCall.name) && specs.some((s) => s.kind !== 'coded')) {
      toolbox = (await describedToolBox(specs, runner, problems, source)).toolbox;
      described = true;
    }
    return toolbox.call(toolCall, context);
  };
}
