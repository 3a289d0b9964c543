/**
 * A saved test case: a name, the run request it makes, and what it expects. The one conversion between a case as its
 * file writes it (`<toolbox>.tests.json`, snake_case: `tool`, `toolkit_tool`, `args`, `sly_data`, `timeout_seconds`,
 * `send_invalid_args`, `expect`; docs/testing.md, "Saved test cases") and the run request lives here.
 */
import { EMPTY_ARGS_JSON, mcpTarget, toolboxTarget, type RunRequest } from './runRequest';
import { withoutSlyCredentials } from '../mcp/index';
import type { Expectation } from './expectation';

export interface SavedCase {
  name: string;
  request: RunRequest;
  expect: Expectation;
}

/** One case as the file holds it (the value JSON.parse gives; `args` as its own text beside it). */
export interface CaseFileEntry {
  name: string;
  /** A case of an MCP server's tool: the server's URL (`tool` is then the name the server advertises). */
  mcp_server?: string;
  tool: string;
  toolkit_tool?: string;
  args: unknown;
  sly_data?: Record<string, unknown>;
  timeout_seconds?: number;
  send_invalid_args?: boolean;
  expect: Expectation;
}

/** The case a file entry means. `argsText`: its `args` as the file writes them (what a run sends). */
export function caseFromEntry(entry: CaseFileEntry, argsText: string): SavedCase {
  return {
    name: entry.name,
    request: {
      target: entry.mcp_server !== undefined ? mcpTarget(entry.mcp_server, entry.tool) : toolboxTarget(entry.tool, entry.toolkit_tool),
      // An entry written with `"args": null` has always sent `{}`.
      argsJson: entry.args === null || entry.args === undefined ? EMPTY_ARGS_JSON : argsText,
      ...(entry.sly_data !== undefined ? { slyData: entry.sly_data } : {}),
      ...(entry.timeout_seconds !== undefined ? { timeoutSeconds: entry.timeout_seconds } : {}),
      ...(entry.send_invalid_args ? { sendInvalidArgs: true } : {}),
    },
    expect: entry.expect,
  };
}

/** The file entry of a case, members in the file's order; `args` is the value of `argsValue` (its text is the request's). */
export function entryOfCase(testCase: SavedCase, argsValue: unknown): CaseFileEntry {
  const { target, slyData, timeoutSeconds, sendInvalidArgs } = testCase.request;
  return {
    name: testCase.name,
    ...(target.kind === 'mcp' ? { mcp_server: target.url } : {}),
    tool: target.tool,
    ...(target.kind === 'toolbox' && target.toolkitTool !== undefined ? { toolkit_tool: target.toolkitTool } : {}),
    args: argsValue,
    // A case file is committed: MCP credentials in sly_data (http_headers...) are never written to it.
    ...(slyData !== undefined && Object.keys(slyData).length > 0 ? { sly_data: withoutSlyCredentials(slyData).slyData } : {}),
    ...(timeoutSeconds !== undefined ? { timeout_seconds: timeoutSeconds } : {}),
    ...(sendInvalidArgs ? { send_invalid_args: true } : {}),
    expect: testCase.expect,
  };
}

/** A name not yet used by `cases`: `wanted`, else `wanted (2)`, `wanted (3)`... */
export function uniqueCaseName(cases: readonly { name: string }[], wanted: string): string {
  const taken = new Set(cases.map((c) => c.name));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

/**
 * The saved cases file of a toolbox file: beside it, named after it without its extension
 * (`toolbox/toolbox_info.hocon` → `toolbox/toolbox_info.tests.json`). Any path form: only the last name changes.
 */
export function caseFileFor(toolboxPath: string): string {
  const slash = Math.max(toolboxPath.lastIndexOf('/'), toolboxPath.lastIndexOf('\\'));
  const name = toolboxPath.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${toolboxPath.slice(0, slash + 1)}${stem}.tests.json`;
}
