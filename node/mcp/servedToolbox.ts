/**
 * A toolbox as an MCP server offers it (`toolbox-editor mcp`): the tools neuro-san would offer an LLM, with the name,
 * description and argument schema the LLM is given, run through the one ToolBox.call path in the warm Python worker.
 *
 * The SDK-facing part (sessions, transports) is in mcpSessions.ts; this file knows nothing of the wire.
 */
import { MAX_JSON_DEPTH, valueNestsDeeperThan } from '../../shared/api/index';
import { isDeepStrictEqual } from 'node:util';
import { llmInputSchema, type JsonValue, type RunnableToolSpec } from '../../shared/toolbox/index';
import type { ProjectVersionFacts } from '../neurosan/projectVersion';
import { errorMessage } from '../../shared/errorMessage';
import type { JsonObject, ToolRunner } from '../python';
import { loadToolSpecs, toolBoxFromSpecs, toolNotFound, type ToolBox } from '../toolbox';
import { toolboxTarget, type RunRequest, type ToolboxTarget } from '../../shared/run/index';

/** One tool as an MCP client lists it. */
export interface ServedTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
}

/** A tool of the toolbox that is not listed, and why (its first line: the whole message goes to the log). */
export interface NotOfferedTool {
  name: string;
  reason: string;
}

/** What `tools/call` answers (the MCP CallToolResult shape). */
export interface ServedCallResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError: boolean;
  _meta: { [key: string]: unknown };
}

export interface ServedToolboxOptions {
  /** The toolbox file (absolute). */
  file: string;
  /** neuro-san's working directory: where a top-level include is found, and where tools run. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** Layer the file over neuro-san's default toolbox (as neuro-san does). */
  withDefaults: boolean;
  runner: ToolRunner;
  /** Each call's time limit. */
  timeoutMs: number;
  /** The sly_data of a call whose request brings none in `_meta.sly_data`. */
  slyData: JsonObject;
  /**
   * Where to say what is not offered and why, whole (the server's stderr, which few MCP clients show: each session
   * also tells its client, mcpSessions.ts, from `notOffered`).
   */
  log: (line: string) => void;
  /**
   * The neuro-san version the tools are offered as (the project's; the newest known by default): its default toolbox is
   * the one the file is layered over, and its converter makes the schemas.
   */
  version?: ProjectVersionFacts;
}

/** The key of a request's and a result's `_meta` that carries neuro-san's sly_data. */
export const SLY_DATA_META = 'sly_data';

export class ServedToolbox {
  private toolbox: ToolBox | undefined;
  private listing: ServedTool[] = [];
  private left: NotOfferedTool[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly leftListeners = new Set<(added: NotOfferedTool[]) => void>();
  /** What a listed name runs: an entry, or a toolkit entry's tool. */
  private targets = new Map<string, ToolboxTarget>();
  /** Readings one after another: a second edit while a reading runs is read after it. */
  private loading: Promise<void> = Promise.resolve();
  /** Whether the LangChain classes were read again once a call had started the Python. */
  private describedWithPython = false;

  constructor(private readonly options: ServedToolboxOptions) {}

  /** The tools as listed now. */
  get tools(): ServedTool[] {
    return this.listing;
  }

  /** The toolbox's tools the list leaves out now, and why (neuro-san refuses the entry, or its class did not load). */
  get notOffered(): NotOfferedTool[] {
    return this.left;
  }

  /** Called after a reload that changed the list (name, description or schema of a tool). */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a reload that left out a tool (or for another reason) the reading before did not. */
  onNotOffered(listener: (added: NotOfferedTool[]) => void): () => void {
    this.leftListeners.add(listener);
    return () => this.leftListeners.delete(listener);
  }

  /**
   * Reads the toolbox (again) and loads the classes of its LangChain entries to learn their descriptions. A file
   * that cannot be read keeps the tools of the last good reading (and says why); the first reading throws.
   */
  load(): Promise<void> {
    const next = this.loading.then(() => this.loadNow());
    this.loading = next.catch(() => undefined);
    return next;
  }

  private async loadNow(): Promise<void> {
    const { file, cwd, env, withDefaults, runner, log } = this.options;
    const listing: ServedTool[] = [];
    const targets = new Map<string, ToolboxTarget>();
    let toolbox: ToolBox;
    const left: NotOfferedTool[] = [];
    const leaveOut = (name: string, reason: string) => left.push({ name, reason });
    try {
      const read = await loadToolSpecs(file, { cwd, env, withDefaults, reading: 'neuro-san', ...(this.options.version ? { neuroSan: this.options.version } : {}) });
      for (const problem of read.problems) leaveOut(problem.tool, problem.message);
      // A coded tool's arguments are checked against the schema the client is given (an optional one may be null),
      // as neuro-san's model checks what an LLM sends; one neuro-san cannot make a model of is not offered.
      const specs: RunnableToolSpec[] = [];
      for (const spec of read.specs) {
        if (spec.kind !== 'coded') {
          specs.push(spec);
          continue;
        }
        try {
          const inputSchema = llmInputSchema(spec.parameters, this.options.version?.facts) as ServedTool['inputSchema'];
          specs.push({ ...spec, parameters: inputSchema as { [key: string]: JsonValue } });
          listing.push({ name: spec.name, description: spec.description ?? '', inputSchema });
          targets.set(spec.name, toolboxTarget(spec.name));
        } catch (error) {
          leaveOut(spec.name, errorMessage(error));
        }
      }
      toolbox = toolBoxFromSpecs(specs, runner, read.problems, file);
      // A LangChain tool's description and schema are its class's: loaded (not called) to learn them — only once a
      // tools/call has started the project's Python. Listing never starts it (issue #32): until then the tool is
      // listed with what the toolbox says, and the list changes when the class has told more.
      const pythonStarted = runner.workerPid !== undefined;
      for (const spec of specs) {
        if (spec.kind === 'coded') continue;
        if (!pythonStarted) {
          listing.push(servedLangChainTool(spec.name, notYetLoaded(spec.className), null));
          targets.set(spec.name, toolboxTarget(spec.name));
          continue;
        }
        const result = await runner.describe(spec);
        if (!result.ok) {
          leaveOut(spec.name, `its class did not load: ${result.error}`);
        } else if (result.description.kind === 'toolkit') {
          for (const member of result.description.tools) {
            listing.push(servedLangChainTool(member.name, member.description, member.argsSchema));
            targets.set(member.name, toolboxTarget(spec.name, member.toolName));
          }
        } else if (result.description.kind === 'langchain') {
          listing.push(servedLangChainTool(spec.name, result.description.description, result.description.argsSchema));
          targets.set(spec.name, toolboxTarget(spec.name));
        }
      }
    } catch (error) {
      if (!this.toolbox) throw error;
      log(`${errorMessage(error)}\n(still serving the tools read before)`);
      return;
    }
    for (const { name, reason } of left) log(`not offered: ${name}: ${reason}`);
    const changed = this.toolbox !== undefined && !isDeepStrictEqual(listing, this.listing);
    const shortly = left.map(({ name, reason }) => ({ name, reason: firstLine(reason) }));
    const added = shortly.filter((l) => !this.left.some((k) => k.name === l.name && k.reason === l.reason));
    this.toolbox = toolbox;
    this.targets = targets;
    this.listing = listing;
    this.left = shortly;
    if (changed) for (const listener of this.listeners) listener();
    if (added.length > 0) for (const listener of this.leftListeners) listener(added);
  }

  /**
   * Runs one tool in the worker with the call's time limit; `signal` cancels it (the worker and everything it
   * started are killed). `meta` is the request's `_meta`: its `sly_data` replaces the default one.
   */
  async call(name: string, args: { [key: string]: unknown } | undefined, context: { signal?: AbortSignal; meta?: { [key: string]: unknown } }): Promise<ServedCallResult> {
    // As the app's API refuses a request (shared/api/jsonDepth.ts): writing such a value out would overflow the stack,
    // and the worker's Python json gives up near 1,000 levels anyway.
    if (valueNestsDeeperThan(args) || valueNestsDeeperThan(context.meta)) {
      return errorResult(`The arguments or _meta nest deeper than ${MAX_JSON_DEPTH} levels of JSON objects and arrays: the call was not made.`);
    }
    const toolbox = this.toolbox;
    const target = this.targets.get(name);
    if (!toolbox || !target) {
      return errorResult(toolNotFound(name, this.listing.map((t) => t.name), this.options.file));
    }
    const given = context.meta?.[SLY_DATA_META];
    if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given))) {
      return errorResult(`_meta.${SLY_DATA_META} must be an object (neuro-san's sly_data), not ${JSON.stringify(given)}`);
    }
    const slyData = structuredClone((given as JsonObject | undefined) ?? this.options.slyData);
    const request: RunRequest = { target, argsJson: JSON.stringify(args ?? {}), slyData, timeoutSeconds: this.options.timeoutMs / 1000 };
    const result = await toolbox.call(request, { ...(context.signal ? { signal: context.signal } : {}), ...(this.options.version ? { neuroSan: this.options.version.facts } : {}) });
    // The first call started the project's Python: the LangChain classes can now tell their descriptions and schemas.
    if (!this.describedWithPython && this.options.runner.workerPid !== undefined) {
      this.describedWithPython = true;
      void this.load().catch((error: unknown) => this.options.log(errorMessage(error)));
    }
    return {
      content: [{ type: 'text', text: result.content }],
      isError: result.isError,
      _meta: {
        [SLY_DATA_META]: result.slyData ?? slyData,
        durationMs: Math.round(result.durationMs),
        ...(result.errorKind ? { errorKind: result.errorKind } : {}),
        ...(result.stdout ? { stdout: result.stdout } : {}),
        ...(result.stderr ? { stderr: result.stderr } : {}),
        ...(result.logging ? { logging: result.logging } : {}),
        ...(result.argumentWarnings ? { argumentWarnings: result.argumentWarnings } : {}),
      },
    };
  }
}

/** A reason's first line, bounded: what a client is told (the whole of it is in the server's log). */
function firstLine(text: string): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/** What a LangChain tool is listed with before the project's Python has run: its class says more once loaded. */
function notYetLoaded(className: string): string {
  return `LangChain tool ${className}. Its own description and argument schema come from its class, loaded with the first tool call (listing tools runs no project code).`;
}

/** A LangChain tool as its class describes itself: its own description, and its args schema as an object schema. */
function servedLangChainTool(name: string, description: string | null, argsSchema: JsonObject | null): ServedTool {
  const schema = argsSchema && typeof argsSchema === 'object' ? { ...argsSchema } : {};
  delete schema.title;
  return { name, description: description ?? '', inputSchema: { ...schema, type: 'object' } };
}

function errorResult(text: string): ServedCallResult {
  return { content: [{ type: 'text', text }], isError: true, _meta: {} };
}
