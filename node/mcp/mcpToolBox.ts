/**
 * An MCP server's tools as ToolBox tools (the seed's `mcpclient`), each under the name the server advertises (what a
 * run's target names, and what neuro-san calls it by), so that an MCP tool runs through the one run path,
 * `ToolBox.call` with a RunRequest, as a toolbox entry does: its timeout, cancel, sly_data (whose http_headers for the
 * URL neuro-san sends), the result's shape.
 */
import type { McpServerSettings } from '../../shared/mcp/index';
import { offeredTools, withoutSlyCredentials } from '../../shared/mcp/index';
import { ToolBox, type Tool, type ToolOutput } from '../toolbox';
import type { JsonObject } from '../python';
import { callServerTool, DEFAULT_MCP_TIMEOUT_MS, McpUnreachable, reasonOf, type McpToolInfo } from './mcpClient';

/** The tools of the server at `url` an agent with `filter` gets (all of them with none), neuro-san's skips left out. */
export function mcpToolBox(url: string, settings: McpServerSettings | undefined, tools: readonly McpToolInfo[], filter: readonly string[] | null = null): ToolBox {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const kept = offeredTools(
    tools.map((t) => t.name),
    filter,
  ).filter((t) => !t.skipped);
  return new ToolBox(
    kept.map(({ original }): Tool => {
      const info = byName.get(original)!;
      return {
        name: original,
        ...(info.description !== undefined ? { description: info.description } : {}),
        ...(info.inputSchema ? { inputSchema: info.inputSchema as Tool['inputSchema'] } : {}),
        handler: async (request, input, context): Promise<ToolOutput> => {
          // What comes back is shown and kept: the credentials sly_data carried for the server are not.
          const slyData = request.slyData ? (withoutSlyCredentials(request.slyData).slyData as JsonObject) : null;
          if (input === null || typeof input !== 'object' || Array.isArray(input)) {
            return { content: 'The arguments of an MCP tool must be a JSON object.', isError: true, errorKind: 'validation', slyData };
          }
          context.onStarted?.();
          try {
            const outcome = await callServerTool(url, settings, original, input, {
              timeoutMs: request.timeoutSeconds !== undefined ? request.timeoutSeconds * 1000 : DEFAULT_MCP_TIMEOUT_MS,
              ...(context.signal ? { signal: context.signal } : {}),
              ...(request.slyData ? { slyData: request.slyData } : {}),
            });
            return { content: outcome.content, isError: outcome.isError, durationMs: outcome.durationMs, slyData, ...(outcome.isError ? { errorKind: 'tool' as const } : {}) };
          } catch (error) {
            if (context.signal?.aborted) return { content: 'cancelled', isError: true, errorKind: 'cancelled', slyData };
            const reason = error instanceof McpUnreachable ? error.message : reasonOf(error);
            return { content: `${url}: ${reason}`, isError: true, errorKind: /no answer in time/.test(reason) ? 'timeout' : 'unreachable', slyData };
          }
        },
      };
    }),
    url,
  );
}
