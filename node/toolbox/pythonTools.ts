/**
 * ToolBox tools whose handlers run the real Python classes through a ToolRunner (one warm worker per toolbox).
 * Arguments are checked against the tool's schema first; a mismatch is reported unless the caller sends anyway.
 */
import { JsonText } from '../../shared/hocon/index';
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/runnable';
import type { DescribedTool, DescribeResult, JsonObject, ToolRunner } from '../python';
import { ToolBox, type Tool, type ToolCallContext, type ToolOutput } from './toolBox';
import { checkArgs } from './validateArgs';

/** A toolbox tool for one spec; `member` picks one tool of a toolkit entry (named `<entry>_<tool>`). */
export function pythonTool(spec: RunnableToolSpec, runner: ToolRunner, member?: DescribedTool): Tool {
  const name = member ? member.name : spec.name;
  const inputSchema = member ? (member.argsSchema ?? undefined) : spec.parameters;
  const description = member ? (member.description ?? undefined) : spec.description;
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    ...(inputSchema !== undefined ? { inputSchema: inputSchema as JsonObject } : {}),
    handler: (input, context, inputJson) => runChecked(name, spec, runner, inputSchema, input, inputJson, context, member?.toolName),
  };
}

async function runChecked(
  name: string,
  spec: RunnableToolSpec,
  runner: ToolRunner,
  schema: { [key: string]: JsonValue } | undefined,
  input: JsonValue,
  inputJson: string,
  context: ToolCallContext,
  memberTool: string | undefined,
): Promise<ToolOutput> {
  const check = checkArgs(schema, input);
  if (!check.valid && !context.sendInvalid) {
    return {
      content:
        `arguments for '${name}' do not match its parameters:\n` +
        check.errors.map((e) => `- ${e}`).join('\n') +
        '\n(neuro-san does not enforce parameters: send anyway to call the tool with them)',
      isError: true,
      errorKind: 'validation',
      validationErrors: check.errors,
      slyData: context.slyData ?? null,
    };
  }
  // The schema is checked on the value; Python gets the text as written (1.0 a float, big integers exact).
  const run = await runner.call(spec, new JsonText(inputJson), {
    ...(context.slyData ? { slyData: context.slyData } : {}),
    ...(context.timeoutMs !== undefined ? { timeoutMs: context.timeoutMs } : {}),
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.callId ? { callId: context.callId } : {}),
    ...(memberTool !== undefined ? { tool: memberTool } : {}),
  });
  return check.valid ? run : { ...run, validationErrors: check.errors };
}

/** One tool per spec, in the specs' order, without loading any class (fast; toolkits stay single entries). */
export function toolBoxFromSpecs(specs: readonly RunnableToolSpec[], runner: ToolRunner): ToolBox {
  return new ToolBox(specs.map((spec) => pythonTool(spec, runner)));
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
export async function describedToolBox(specs: readonly RunnableToolSpec[], runner: ToolRunner): Promise<DescribedToolBox> {
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
      for (const member of described.description.tools) tools.push(pythonTool(spec, runner, member));
    } else if (described.description.kind === 'langchain') {
      const { description, argsSchema } = described.description;
      tools.push({
        ...pythonTool({ ...spec, ...(argsSchema ? { parameters: argsSchema } : {}) }, runner),
        ...(description !== null ? { description } : {}),
      });
    } else {
      tools.push(pythonTool(spec, runner));
    }
  }
  return { toolbox: new ToolBox(tools), descriptions };
}
