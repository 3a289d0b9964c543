/**
 * An MCP server's tools as ToolBox tools (the seed's `mcpclient`): each under the name neuro-san gives the LLM, its
 * handler calling the server by the name the server advertises, so that an MCP tool runs through the one run path,
 * `ToolBox.call`, as a toolbox entry does (timeout, cancel, sly_data, the result's shape).
 */
import type { McpServerSettings } from '../../shared/mcp/index';
import { offeredTools } from '../../shared/mcp/index';
import { ToolBox, type Tool, type ToolOutput } from '../toolbox';
import { callServerTool, McpUnreachable, reasonOf, type McpToolInfo } from './mcpClient';

/** The tools of the server at `url` an agent with `filter` gets (all of them with none). */
export function mcpToolBox(url: string, settings: McpServerSettings | undefined, tools: readonly McpToolInfo[], filter: readonly string[] | null = null): ToolBox {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const offered = offeredTools(
    tools.map((t) => t.name),
    filter,
  ).filter((t) => !t.skipped);
  return new ToolBox(
    offered.map(({ original, offered: name }): Tool => {
      const info = byName.get(original)!;
      return {
        name,
        ...(info.description !== undefined ? { description: info.description } : {}),
        ...(info.inputSchema ? { inputSchema: info.inputSchema as Tool['inputSchema'] } : {}),
        handler: async (input, context): Promise<ToolOutput> => {
          const slyData = context.slyData ?? null;
          if (input === null || typeof input !== 'object' || Array.isArray(input)) {
            return { content: 'The arguments of an MCP tool must be a JSON object.', isError: true, errorKind: 'validation', slyData };
          }
          context.onStarted?.();
          try {
            const outcome = await callServerTool(url, settings, original, input, {
              ...(context.timeoutMs !== undefined ? { timeoutMs: context.timeoutMs } : {}),
              ...(context.signal ? { signal: context.signal } : {}),
              ...(context.slyData ? { slyData: context.slyData } : {}),
            });
            return { content: outcome.content, isError: outcome.isError, durationMs: outcome.durationMs, slyData, ...(outcome.isError ? { errorKind: 'tool' as const } : {}) };
          } catch (error) {
            if (context.signal?.aborted) return { content: 'cancelled', isError: true, errorKind: 'cancelled', slyData };
            const reason = error instanceof McpUnreachable ? error.message : reasonOf(error);
            const timedOut = /no answer in time/.test(reason);
            return { content: `${url}: ${reason}`, isError: true, errorKind: timedOut ? 'timeout' : 'unreachable', slyData };
          }
        },
      };
    }),
    url,
  );
}
