/**
 * A run request whose target is an MCP server's tool, run as neuro-san would call it: the server's settings from the
 * MCP info file the project's neuro-san reads (from `root`), sly_data's own http_headers first, through the one run
 * path (mcpToolBox → ToolBox.call). The Test run pane, saved cases and `toolbox-editor test` all come here.
 */
import type { McpTarget, RunRequest } from '../../shared/run/index';
import type { ToolCallContext, ToolResult } from '../toolbox';
import { mcpInfoOnDisk } from './mcpInfoOnDisk';
import { mcpToolBox } from './mcpToolBox';
import type { VersionLookup } from '../neurosan/projectVersion';

export async function runMcpRequest(
  request: RunRequest & { target: McpTarget },
  root: string,
  env: Record<string, string | undefined>,
  context: ToolCallContext = {},
  versionLookup?: VersionLookup,
): Promise<ToolResult> {
  const { url, tool } = request.target;
  const settings = mcpInfoOnDisk(root, env, versionLookup)?.servers.get(url);
  // The server checks its own arguments and says which tools it has: no listing first.
  return mcpToolBox(url, settings, [{ name: tool }]).call(request, context);
}
