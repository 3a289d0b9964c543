/** What the history keeps of one `tool.run`: the request's inputs and the result's outcome. */
import { randomUUID } from 'node:crypto';
import type { ToolRunResultDto } from '../../shared/api/index';
import type { HistoryEntry } from '../../shared/api/index';
import { readJsonText } from '../../shared/hocon/index';

export interface RunInputs {
  tool: string;
  args?: unknown;
  /** The arguments as the user wrote them: kept as they are, so a re-run or a saved case sends the same text. */
  argsJson?: string;
  slyData?: Record<string, unknown>;
  toolkitTool?: string;
  sendInvalidArgs?: boolean;
  timeoutSeconds?: number;
}

export function entryFromRun(request: RunInputs, result: ToolRunResultDto, at: Date = new Date()): HistoryEntry {
  return {
    id: randomUUID(),
    at: at.toISOString(),
    tool: request.tool,
    ...(request.argsJson !== undefined
      ? { args: argsValue(request.argsJson), argsJson: request.argsJson }
      : // "Not sent" and "sent as {}" look the same to the tool: the runner sends {} for a missing args.
        { args: request.args ?? {} }),
    slyData: request.slyData ?? null,
    ...(request.toolkitTool !== undefined ? { toolkitTool: request.toolkitTool } : {}),
    ...(request.sendInvalidArgs ? { sendInvalidArgs: true } : {}),
    ...(request.timeoutSeconds !== undefined ? { timeoutSeconds: request.timeoutSeconds } : {}),
    result: {
      content: result.content,
      truncated: false,
      isError: result.isError,
      ...(result.errorKind !== undefined ? { errorKind: result.errorKind } : {}),
      contentType: result.contentType,
      durationMs: result.durationMs,
      slyData: result.slyData,
    },
  };
}

function argsValue(text: string): unknown {
  const read = readJsonText(text);
  return read.ok ? read.value : null;
}
