/**
 * One run of one tool: the single shape a run has from the Test run pane (or a saved case, a history entry's re-run,
 * the CLI's `call`) to the Python worker. Nothing on the way renames or reshapes it; each hop only adds what it knows
 * (the document, a cancel id).
 *
 * The arguments travel as JSON text, exactly as the user wrote them: Python's json reads it as neuro-san reads an
 * LLM's tool-call arguments (`1.0` a float, `12345678901234567890` an exact int, keys in the order written), which a
 * JavaScript value cannot carry.
 */

/** A toolbox entry; for a toolkit entry, which of its tools (the tool's own name, without the `<entry>_` prefix). */
export interface ToolboxTarget {
  kind: 'toolbox';
  tool: string;
  toolkitTool?: string;
}

/**
 * A tool of an MCP server that a project's network names: the server's URL as the network writes it, and the tool
 * by the name the server advertises (neuro-san calls it by that name; the LLM may see it renamed, shared/mcp).
 */
export interface McpTarget {
  kind: 'mcp';
  url: string;
  tool: string;
}

/**
 * What a run calls: a toolbox entry, or an MCP server's tool. Every hop that only carries the request carries it
 * unchanged; the hop that runs it picks the ToolBox its kind needs.
 */
export type RunTarget = ToolboxTarget | McpTarget;

export interface RunRequest {
  target: RunTarget;
  /** The arguments' JSON text, sent as written. */
  argsJson: string;
  /** neuro-san's private per-run dict; none when absent. */
  slyData?: Record<string, unknown>;
  /** Absent: the project's default timeout (run settings). */
  timeoutSeconds?: number;
  /** Send the arguments even when they do not match `parameters` (neuro-san does not enforce them either). */
  sendInvalidArgs?: boolean;
}

export const EMPTY_ARGS_JSON = '{}';

/**
 * A run's time limit, wherever it is given (the Test run pane, a saved case, the run settings, `--timeout`): one rule,
 * 0.1 s to an hour. Less than 0.1 s is no time for a Python call to answer, only for a timeout.
 */
export const TIMEOUT_SECONDS = { min: 0.1, max: 3600 } as const;

/** Whether `seconds` is a time limit a run takes (TIMEOUT_SECONDS). */
export function isRunTimeout(seconds: number): boolean {
  return Number.isFinite(seconds) && seconds >= TIMEOUT_SECONDS.min && seconds <= TIMEOUT_SECONDS.max;
}

/** The rule, as every message about a time limit says it. */
export const TIMEOUT_RULE = `a number of seconds from ${TIMEOUT_SECONDS.min} to ${TIMEOUT_SECONDS.max}`;

export function toolboxTarget(tool: string, toolkitTool?: string): ToolboxTarget {
  return toolkitTool ? { kind: 'toolbox', tool, toolkitTool } : { kind: 'toolbox', tool };
}

export function mcpTarget(url: string, tool: string): McpTarget {
  return { kind: 'mcp', url, tool };
}

/**
 * What keeps a target's runs apart from other targets' (the history's key): a toolbox entry by its name, an MCP
 * server's tool by its URL and name, so that `echo` of a server and an entry named `echo` keep their own runs.
 */
export function runKey(target: RunTarget): string {
  return target.kind === 'mcp' ? `mcp ${target.url} ${target.tool}` : target.tool;
}

/** How a target is named to people: `search`, `notes (toolkit tool add_note)`, or `echo (MCP http://host/mcp)`. */
export function targetLabel(target: RunTarget): string {
  if (target.kind === 'mcp') return `${target.tool} (MCP ${target.url})`;
  return target.toolkitTool ? `${target.tool} (toolkit tool ${target.toolkitTool})` : target.tool;
}

/**
 * The target a name on the command line means. The CLI (and an LLM) name a toolkit's tool `<entry>_<tool>`: a name
 * that is no entry but starts with a LangChain entry's name and `_` is that entry's tool (the longest such entry
 * wins). Anything else names the entry it says, found or not.
 */
export function targetFromName(name: string, entries: readonly { name: string; kind: string }[]): ToolboxTarget {
  if (entries.some((e) => e.name === name)) return toolboxTarget(name);
  let best: string | undefined;
  for (const entry of entries) {
    if (entry.kind === 'coded' || !name.startsWith(`${entry.name}_`) || name.length === entry.name.length + 1) continue;
    if (best === undefined || entry.name.length > best.length) best = entry.name;
  }
  return best === undefined ? toolboxTarget(name) : toolboxTarget(best, name.slice(best.length + 1));
}
