/**
 * `toolbox-editor call --mcp URL TOOL`: calls one tool of an MCP server as neuro-san would (Streamable HTTP, the
 * headers of sly_data's http_headers or the MCP info file), through the same ToolBox.call as a toolbox entry, and
 * prints its result as `call` does.
 */
import { resolveFilterEntry } from '../../../shared/mcp/index';
import type { McpTarget, RunRequest } from '../../../shared/run/index';
import type { CliIo } from '../command';
import { printResult } from './call';

export async function callMcpTool(request: RunRequest & { target: McpTarget }, json: boolean, io: CliIo): Promise<number> {
  const { mcpInfoOnDisk } = await import('../../mcp/mcpInfoOnDisk');
  const { listServerTools, McpUnreachable } = await import('../../mcp/mcpClient');
  const { mcpToolBox } = await import('../../mcp/mcpToolBox');
  const { url, tool } = request.target;
  const info = mcpInfoOnDisk(io.cwd, io.env);
  const settings = info?.servers.get(url);
  // What the info file's notes say matters to this call when it takes this server's settings from the file, or when
  // neuro-san cannot read the file at all (then it fails whatever server an agent uses).
  if (info !== undefined && (settings !== undefined || !info.readable)) for (const note of info.notes) io.stderr(`${note}\n`);
  let tools;
  try {
    tools = await listServerTools(url, settings, { ...(request.slyData ? { slyData: request.slyData } : {}), ...(request.timeoutSeconds !== undefined ? { timeoutMs: request.timeoutSeconds * 1000 } : {}) });
  } catch (error) {
    if (!(error instanceof McpUnreachable)) throw error;
    io.stderr(`toolbox-editor call: ${url} did not answer: ${error.message}\n`);
    return 1;
  }
  // By the name the server advertises, or the one neuro-san gives the LLM (`a__b` for `a/b`).
  const names = tools.map((t) => t.name);
  const original = resolveFilterEntry(tool, names);
  if (original === undefined) {
    io.stderr(`toolbox-editor call: ${url} has no tool '${tool}' (it lists ${names.join(', ') || 'none'})\n`);
    return 1;
  }
  const result = await mcpToolBox(url, settings, tools).call({ ...request, target: { ...request.target, tool: original } });
  printResult(result, json, io);
  return result.isError ? 1 : 0;
}
