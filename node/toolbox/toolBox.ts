/**
 * The ToolBox: a flat, name-keyed collection of tools that registers, looks up, merges, filters and calls them
 * (semantics from seeds/shelly_toolbox_package.md). It knows nothing about Python: a tool is a name, a description,
 * an input schema and a handler. `call` never throws; every failure comes back as a result with `isError`.
 *
 * `call` is the one way a tool is run, for the CLI (`call`, `test`) and the app (`tool.run`, saved cases, history
 * re-runs): it takes the one RunRequest (shared/run), finds the tool its target names, reads the argument text, and the
 * tool's handler (pythonTools.ts) checks them and hands the request on.
 */
import { performance } from 'node:perf_hooks';
import { describeJsonSyntaxError, readJsonText } from '../../shared/hocon/index';
import type { JsonValue } from '../../shared/toolbox/index';
import type { NeuroSanFacts } from '../../shared/neurosan/versions/index';
import type { ContentType, JsonObject, RunErrorKind } from '../python';
import type { RunRequest } from '../../shared/run/index';
import { errorMessage } from '../../shared/errorMessage';

/** How the caller follows and stops one call (what the call is, its RunRequest says). */
export interface ToolCallContext {
  /** Aborting cancels the call. */
  signal?: AbortSignal;
  /** Lets a caller cancel this call by id (ToolRunner.cancel). */
  callId?: string;
  /** Called when the call reaches the Python worker: from then on it runs (not called when it is refused first). */
  onStarted?: () => void;
  /** The neuro-san version the project runs: how the arguments' schema reads its type names (default: the newest). */
  neuroSan?: NeuroSanFacts;
}

/** Everything a run can tell beyond its content; Python-backed tools fill these in. */
export interface ToolRunDetails {
  stdout?: string;
  stderr?: string;
  logging?: string;
  slyData?: JsonObject | null;
  contentType?: ContentType;
  errorKind?: RunErrorKind;
  traceback?: string;
  /** Why the arguments do not match the tool's schema (also present when they were sent anyway). */
  validationErrors?: string[];
  /**
   * What made the arguments' check partial, for the neuro-san version the project runs: a type name that version does
   * not know, read as what it means (`"bool"` before 0.6.96); a schema that could not be checked.
   */
  argumentWarnings?: string[];
}

/** A handler's answer: plain text, or text with an error flag and run details. */
export interface ToolOutput extends ToolRunDetails {
  content: string;
  isError?: boolean;
  durationMs?: number;
}

/**
 * Runs a tool: `request` is the run as the caller made it (its arguments as JSON text, exactly as given: what to send a
 * Python tool), `input` the arguments' value (for checks against a schema).
 */
export type ToolHandler = (request: RunRequest, input: JsonValue, context: ToolCallContext) => Promise<string | ToolOutput> | string | ToolOutput;

export interface Tool {
  name: string;
  description?: string;
  /** JSON Schema of the input (coded tools' `parameters`, a LangChain tool's args schema). */
  inputSchema?: JsonObject;
  handler: ToolHandler;
}

export interface ToolResult extends ToolRunDetails {
  /** The entry the run called. */
  name: string;
  content: string;
  isError: boolean;
  durationMs: number;
}

export class ToolBox {
  private readonly byName = new Map<string, Tool>();

  /** `source`: where the tools come from (a file name), to say where a missing tool was looked for. */
  constructor(
    tools: Iterable<Tool> = [],
    private readonly source?: string,
  ) {
    this.register(...tools);
  }

  /** Adds tools; a tool whose name is already present replaces the old one in place, keeping its position. */
  register(...tools: Tool[]): void {
    // A Map keeps the first insertion's position when a key is set again: exactly "replace in place".
    for (const tool of tools) this.byName.set(tool.name, tool);
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Registers the other toolbox's tools, in its order, replacing by name. */
  merge(other: ToolBox): void {
    this.register(...other.tools());
  }

  /** A copy of the tools in insertion order; changing the array does not change the toolbox. */
  tools(): Tool[] {
    return [...this.byName.values()];
  }

  get size(): number {
    return this.byName.size;
  }

  /**
   * No list: this same toolbox. A list: a new toolbox with those tools in the order asked; unknown names are
   * skipped, an empty list gives an empty toolbox, and this one is left untouched.
   */
  filter(names?: readonly string[]): ToolBox {
    if (names === undefined) return this;
    const kept: Tool[] = [];
    for (const name of names) {
      const tool = this.byName.get(name);
      if (tool) kept.push(tool);
    }
    return new ToolBox(kept, this.source);
  }

  /** Runs the tool the request's target names. Never throws or rejects. */
  async call(request: RunRequest, context: ToolCallContext = {}): Promise<ToolResult> {
    const started = performance.now();
    const name = request.target.tool;
    const elapsed = (): number => performance.now() - started;
    const tool = this.byName.get(name);
    if (!tool) {
      return { name, content: toolNotFound(name, [...this.byName.keys()], this.source), isError: true, durationMs: elapsed(), errorKind: 'not_found' };
    }
    const input = readArguments(request.argsJson);
    if ('error' in input) {
      return { name, content: input.error, isError: true, durationMs: elapsed(), errorKind: 'validation' };
    }
    try {
      const output = await tool.handler(request, input.value, context);
      if (typeof output === 'string') return { name, content: output, isError: false, durationMs: elapsed() };
      const { durationMs, isError, ...rest } = output;
      return { name, ...rest, isError: isError ?? false, durationMs: durationMs ?? elapsed() };
    } catch (error) {
      const content = errorMessage(error);
      return { name, content, isError: true, durationMs: elapsed() };
    }
  }
}

/** The one "tool not found" message: what was asked for, and what there is (`source`: where the tools come from). */
export function toolNotFound(name: string, known: readonly string[], source?: string): string {
  return `tool not found: ${name} (tools${source ? ` in ${source}` : ''}: ${known.join(', ') || 'none'})`;
}

function readArguments(text: string): { value: JsonValue } | { error: string } {
  const read = readJsonText(text);
  return read.ok ? { value: read.value } : { error: `The arguments are not valid JSON at ${describeJsonSyntaxError(read.error)}` };
}
