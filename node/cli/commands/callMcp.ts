/**
 * `toolbox-editor call --mcp URL TOOL`: calls one tool of an MCP server as neuro-san would (Streamable HTTP, the
 * headers of the MCP info file or of sly_data's http_headers), and prints its content like `call` does.
 */
import type { JsonObject } from '../../python';
import { resolveFilterEntry } from '../../../shared/mcp/index';
import type { CliIo } from '../command';

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
  const args: unknown = JSON.parse(options.args);
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    io.stderr('toolbox-editor call: --args for an MCP tool must be a JSON object\n');
    return 2;
  }
  const { mcpInfoOnDisk } = await import('../../mcp/mcpInfoOnDisk');
  const { callServerTool, listServerTools, McpUnreachable } = await import('../../mcp/mcpClient');
  const info = mcpInfoOnDisk(io.cwd, io.env);
  for (const note of info?.notes ?? []) io.stderr(`${note}\n`);
  const settings = info?.servers.get(options.url);
  const request = { slyData: options.slyData, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
  try {
    // By the name the server advertises, or the one neuro-san gives the LLM (`a__b` for `a/b`).
    const names = (await listServerTools(options.url, settings, request)).map((t) => t.name);
    const tool = resolveFilterEntry(options.tool, names);
    if (tool === undefined) {
      io.stderr(`toolbox-editor call: ${options.url} has no tool '${options.tool}' (it lists ${names.join(', ') || 'none'})\n`);
      return 1;
    }
    const outcome = await callServerTool(options.url, settings, tool, args as JsonObject, request);
    if (options.json) {
      io.stdout(`${JSON.stringify({ content: outcome.content, isError: outcome.isError, durationMs: Math.round(outcome.durationMs * 1000) / 1000, result: outcome.raw })}\n`);
    } else {
      const line = outcome.content.endsWith('\n') ? outcome.content : `${outcome.content}\n`;
      (outcome.isError ? io.stderr : io.stdout)(line);
    }
    return outcome.isError ? 1 : 0;
  } catch (error) {
    if (!(error instanceof McpUnreachable)) throw error;
    io.stderr(`toolbox-editor call: ${options.url} did not answer: ${error.message}\n`);
    return 1;
  }
}
