/**
 * `toolbox-editor call --mcp URL TOOL`: calls one tool of an MCP server as neuro-san would (Streamable HTTP, the
 * headers of sly_data's http_headers or the MCP info file), through the same ToolBox.call as a toolbox entry, and
 * prints its result as `call` does.
 */
import type { JsonObject } from '../../python';
import { providerSafeName, resolveFilterEntry } from '../../../shared/mcp/index';
import type { CliIo } from '../command';
import { printResult } from './call';

export interface McpCallOptions {
  url: string;
  tool: string;
  /** The arguments' JSON text (an object). */
  args: string;
  slyData: JsonObject;
  timeoutMs?: number;
  json: boolean;
}

export async function callMcpTool(options: McpCallOptions, io: CliIo): Promise<number> {
  const { mcpInfoOnDisk } = await import('../../mcp/mcpInfoOnDisk');
  const { listServerTools, McpUnreachable } = await import('../../mcp/mcpClient');
  const { mcpToolBox } = await import('../../mcp/mcpToolBox');
  const info = mcpInfoOnDisk(io.cwd, io.env);
  for (const note of info?.notes ?? []) io.stderr(`${note}\n`);
  const settings = info?.servers.get(options.url);
  const request = { slyData: options.slyData, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
  let tools;
  try {
    tools = await listServerTools(options.url, settings, request);
  } catch (error) {
    if (!(error instanceof McpUnreachable)) throw error;
    io.stderr(`toolbox-editor call: ${options.url} did not answer: ${error.message}\n`);
    return 1;
  }
  // By the name the server advertises, or the one neuro-san gives the LLM (`a__b` for `a/b`).
  const names = tools.map((t) => t.name);
  const original = resolveFilterEntry(options.tool, names);
  if (original === undefined) {
    io.stderr(`toolbox-editor call: ${options.url} has no tool '${options.tool}' (it lists ${names.join(', ') || 'none'})\n`);
    return 1;
  }
  const toolbox = mcpToolBox(options.url, settings, tools);
  const result = await toolbox.call({ name: providerSafeName(original), arguments: options.args }, { slyData: options.slyData, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
  printResult(result, options.json, io);
  return result.isError ? 1 : 0;
}
