/** What the history keeps of one `tool.run`: its request, unchanged, and the result's outcome. */
import { randomUUID } from 'node:crypto';
import type { HistoryEntry, ToolRunResultDto } from '../../shared/api/index';
import { EMPTY_ARGS_JSON, toolboxTarget, type RunRequest } from '../../shared/run/index';
import { withoutSlyCredentials } from '../../shared/mcp/index';

export function entryFromRun(request: RunRequest, result: ToolRunResultDto, at: Date = new Date()): HistoryEntry {
  // MCP credentials a run's sly_data carried (http_headers...) are never kept.
  const kept = request.slyData ? { ...request, slyData: withoutSlyCredentials(request.slyData).slyData } : request;
  return {
    id: randomUUID(),
    at: at.toISOString(),
    request: kept,
    result: {
      content: result.content,
      truncated: false,
      isError: result.isError,
      ...(result.errorKind !== undefined ? { errorKind: result.errorKind } : {}),
      contentType: result.contentType,
      durationMs: result.durationMs,
      slyData: result.slyData ? withoutSlyCredentials(result.slyData).slyData : result.slyData,
    },
  };
}

/** An entry as earlier versions kept it: the request's fields one by one, the arguments as a value or as text. */
interface EarlierEntry {
  id: string;
  at: string;
  tool: string;
  args?: unknown;
  argsJson?: string;
  slyData?: Record<string, unknown> | null;
  toolkitTool?: string;
  sendInvalidArgs?: boolean;
  timeoutSeconds?: number;
  result: HistoryEntry['result'];
}

/** An entry of any version as this one keeps it (the history written by earlier versions stays readable). */
export function currentEntry(entry: HistoryEntry | EarlierEntry): HistoryEntry {
  if ('request' in entry) return entry;
  const { id, at, tool, args, argsJson, slyData, toolkitTool, sendInvalidArgs, timeoutSeconds, result } = entry;
  return {
    id,
    at,
    request: {
      target: toolboxTarget(tool, toolkitTool),
      argsJson: argsJson ?? (args === undefined || args === null ? EMPTY_ARGS_JSON : JSON.stringify(args)),
      ...(slyData ? { slyData } : {}),
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      ...(sendInvalidArgs ? { sendInvalidArgs: true } : {}),
    },
    result,
  };
}
