/** What one test run of a tool gives back, whether it succeeded, raised, timed out or killed its worker. */
import type { ContentType, JsonObject } from './workerProtocol';

/**
 * Why a run is an error: `tool` it raised; `load` its class could not be found or built; `timeout`/`cancelled` the
 * worker was stopped; `crashed` the worker died; `interpreter` Python could not be started; `protocol` a bug between
 * the two sides; `validation` the arguments did not match `parameters` (and were not sent); `not_found` no such tool;
 * `unreachable` an MCP server could not be asked (connection, HTTP status, credentials).
 */
export type RunErrorKind =
  | 'tool'
  | 'load'
  | 'timeout'
  | 'cancelled'
  | 'crashed'
  | 'interpreter'
  | 'protocol'
  | 'validation'
  | 'not_found'
  | 'unreachable';

export interface ToolRunResult {
  content: string;
  isError: boolean;
  /** Wall time of the run as seen from Node (including a worker start when one was needed). */
  durationMs: number;
  stdout: string;
  stderr: string;
  logging: string;
  /** sly_data after the call; null when the worker could not report it (timeout, cancel, crash). */
  slyData: JsonObject | null;
  contentType: ContentType;
  errorKind?: RunErrorKind;
  /** The Python traceback, when the tool raised or its module failed to import. */
  traceback?: string;
}

export function failedRun(
  errorKind: RunErrorKind,
  content: string,
  durationMs: number,
  extra: Partial<ToolRunResult> = {},
): ToolRunResult {
  return {
    content,
    isError: true,
    durationMs,
    stdout: '',
    stderr: '',
    logging: '',
    slyData: null,
    contentType: 'text',
    errorKind,
    ...extra,
  };
}

/** "30", "0.5": seconds as people write them. */
export function formatSeconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}
