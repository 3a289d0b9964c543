/**
 * A document's tools run, described and checked in a warm Python worker per toolbox, with the run settings this app
 * has for its file; an MCP server's tools run from here too. The document is loaded by DocumentAnalysis, which a
 * class load (describe) tells what it revealed, and learning which neuro-san a Python has makes its loads stale.
 */
import path from 'node:path';
import { ApiError, DEFAULT_PREFERENCES, type ToolRunResultDto } from '../../shared/api/index';
import type { LoadedClassInfo, ToolEntry } from '../../shared/toolbox/index';
import { toRunnableSpec } from '../../shared/toolbox/index';
import { WorkerPool, type ToolDescription, type ToolRunner } from '../python/index';
import type { McpTarget, RunRequest } from '../../shared/run/index';
import { runContextFor, type RunContext } from '../run/runSettingsOnDisk';
import { runnableSpecs, toolBoxFromSpecs, toolNotFound, type ToolResult } from '../toolbox/index';
import type { PreferencesStore } from '../state/preferences';
import { factsOfProject, type NeuroSanFacts } from '../../shared/neurosan/versions/index';
import { toolboxOf } from '../workspace/toolboxOnDisk';
import { projectRootOf } from '../project/projectSettingsOnDisk';
import type { InterpreterTrust } from '../state/interpreterTrust';
import { InstalledNeuroSan } from '../neurosan/installedNeuroSan';
import type { VersionLookup } from '../neurosan/projectVersion';
import type { DocumentAnalysis, DocumentRef } from './documentAnalysis';

export class ToolRuns {
  private readonly pool = new WorkerPool();
  private readonly runs = new Map<string, () => boolean>();
  /** The neuro-san each Python environment said it has, once its worker was started (for the version a file is checked for). */
  private readonly installedNeuroSan = new InstalledNeuroSan();

  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly preferences: PreferencesStore,
    /** Loads the documents whose tools run; told what a class load revealed, and when loads are stale. */
    private readonly analysis: DocumentAnalysis,
    private readonly onRunProgress: (runId: string, state: 'started' | 'finished') => void,
    /** The Python of `file`'s runs said which neuro-san it has, and that changes the version files are checked for. */
    private readonly onNeuroSanLearned: (file: string) => void = () => undefined,
    /**
     * The interpreters of projects' run settings the user trusted (node/state/interpreterTrust.ts): what starts a worker
     * (Run, Load class, Check all tools, Check with neuro-san, saved cases) asks it first. None: every choice is taken.
     */
    private readonly interpreterTrust?: InterpreterTrust,
  ) {}

  /**
   * The run settings of a document's file as this app has them: the project's settings file, the environment, and
   * this machine's preferences (shared/run/runSettings.ts says which wins).
   */
  runContext(file: string): RunContext {
    const prefs = this.preferences.current();
    return runContextFor(file, this.env, {
      preferences: {
        python: prefs.python,
        pythonPath: prefs.pythonPath,
        agentToolPath: prefs.agentToolPath,
        // The default preference is no choice: the project's settings (or the CLI's own default) apply alike.
        ...(prefs.timeoutSeconds !== DEFAULT_PREFERENCES.timeoutSeconds ? { timeoutSeconds: prefs.timeoutSeconds } : {}),
        ...(prefs.neuroSanCwd ? { workingDirectory: prefs.neuroSanCwd } : {}),
      },
    });
  }

  /**
   * The neuro-san the Python of `file`'s runs has, when its worker has said so (the version the file is checked for,
   * unless the project sets one); undefined before any worker of that environment was started.
   */
  interpreterNeuroSan(file: string): VersionLookup['interpreter'] {
    return this.installedNeuroSan.empty ? undefined : this.installedNeuroSan.of(this.runContext(file).settings);
  }

  /**
   * After a run, a class load or a check started `file`'s worker anyway: asks it which neuro-san it has (its metadata,
   * nothing imported); when that is news, loads made before are stale and the window is told. `start`: before an action
   * that starts the worker anyway (a check), so that the action is for the version the worker has.
   */
  async learnNeuroSan(file: string, options: { start?: boolean } = {}): Promise<void> {
    const { runner, context } = this.runnerFor(file);
    if (options.start && runner.workerPid === undefined) await runner.info();
    if (!(await this.installedNeuroSan.learn(runner, context.settings).catch(() => false))) return;
    this.analysis.invalidate();
    this.onNeuroSanLearned(file);
  }

  /** Restarts `file`'s warm worker if one is running (a module it looked for may exist now); starts none. */
  async restartWorker(file: string): Promise<void> {
    const { runner } = this.runnerFor(file);
    if (runner.workerPid !== undefined) await runner.restart();
  }

  /** Throws `untrusted` when `file`'s runs would start an interpreter its project chose and the user has not trusted. */
  requireTrustedInterpreter(file: string): RunContext {
    const context = this.runContext(file);
    this.interpreterTrust?.require(context.settings);
    return context;
  }

  /** The warm runner of a document's file, started with its run settings. */
  runnerFor(file: string): { runner: ToolRunner; context: RunContext } {
    const context = this.runContext(file);
    return { runner: this.pool.runner(file, context.runner), context };
  }

  /**
   * A tool of the document, by name (to describe or check it; `run` goes through ToolBox.call), with the facts of the
   * neuro-san its project runs: what opens its class finds it as a run would.
   */
  findTool(doc: DocumentRef, name: string): { file: string; tool: ToolEntry; neuroSan: NeuroSanFacts } {
    const { file, loaded } = this.analysis.load(doc);
    const tools = toolboxOf(loaded).tools;
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new ApiError('not_found', toolNotFound(name, tools.map((t) => t.name), path.basename(file)));
    return { file, tool, neuroSan: factsOfProject(loaded.neuroSan) };
  }

  /**
   * Runs a tool of the document the way the CLI does (ToolBox.call), in the document's warm worker: the request goes
   * on as it came.
   */
  async run(doc: DocumentRef, request: RunRequest, runId: string): Promise<ToolRunResultDto> {
    if (request.target.kind === 'mcp') return this.runMcp(doc, { ...request, target: request.target }, runId);
    const { file, loaded } = this.analysis.load(doc);
    this.requireTrustedInterpreter(file);
    const { runner, context } = this.runnerFor(file);
    const { specs, problems } = runnableSpecs(toolboxOf(loaded));
    const toolbox = toolBoxFromSpecs(specs, runner, problems, path.basename(file));
    let started = false;
    this.runs.set(runId, () => runner.cancel(runId));
    try {
      const result = await toolbox.call(request, {
        callId: runId,
        neuroSan: factsOfProject(loaded.neuroSan),
        onStarted: () => {
          started = true;
          this.onRunProgress(runId, 'started');
        },
      });
      return runResultDto(result, { python: context.settings.python.value, timeoutSeconds: request.timeoutSeconds ?? context.settings.timeoutSeconds.value });
    } finally {
      this.runs.delete(runId);
      if (started) this.onRunProgress(runId, 'finished');
      // The worker is started now: which neuro-san it has is one metadata read away (after the run, not before it).
      void this.learnNeuroSan(file);
    }
  }

  /**
   * Runs a tool of an MCP server a network of the document's project names, with the settings of the MCP info file
   * the project's neuro-san reads (the only way a run contacts a server: the user asked for it).
   */
  private async runMcp(doc: DocumentRef, request: RunRequest & { target: McpTarget }, runId: string): Promise<ToolRunResultDto> {
    const file = this.analysis.documentPath(doc);
    const root = projectRootOf(file) ?? path.dirname(file);
    const context = this.runContext(file);
    const abort = new AbortController();
    this.runs.set(runId, () => {
      abort.abort();
      return true;
    });
    let started = false;
    try {
      // The SDK is loaded with the first MCP run, not when the API starts.
      const { runMcpRequest } = await import('../mcp/mcpRuns');
      const timeoutSeconds = request.timeoutSeconds ?? context.settings.timeoutSeconds.value;
      // The MCP info variables are those of the neuro-san the project runs: the installed one, once known.
      const interpreter = this.interpreterNeuroSan(file);
      const result = await runMcpRequest({ ...request, timeoutSeconds }, root, this.env, {
        signal: abort.signal,
        onStarted: () => {
          started = true;
          this.onRunProgress(runId, 'started');
        },
      }, interpreter ? { interpreter } : undefined);
      return runResultDto(result, { python: '', timeoutSeconds });
    } finally {
      this.runs.delete(runId);
      if (started) this.onRunProgress(runId, 'finished');
    }
  }

  cancel(runId: string): boolean {
    return this.runs.get(runId)?.() ?? false;
  }

  async describe(doc: DocumentRef & { tool: string; runId?: string }): Promise<{ ok: boolean; description?: unknown; error?: string }> {
    const { file, tool, neuroSan } = this.findTool(doc, doc.tool);
    const spec = toRunnableSpec(tool);
    if (!spec) return { ok: false, error: `Tool '${doc.tool}' has no usable 'class' to load.` };
    this.requireTrustedInterpreter(file);
    const { runner, context } = this.runnerFor(file);
    const runId = doc.runId;
    if (runId !== undefined) this.runs.set(runId, () => runner.cancel(runId));
    let result;
    try {
      result = await runner.describe(spec, { timeoutMs: context.settings.timeoutSeconds.value * 1000, neuroSan, ...(runId !== undefined ? { callId: runId } : {}) });
    } finally {
      if (runId !== undefined) this.runs.delete(runId);
      void this.learnNeuroSan(file);
    }
    if (!result.ok) return { ok: false, error: result.traceback ? `${result.error}\n${result.traceback}` : result.error };
    this.analysis.recordClassInfo(file, doc.tool, classInfoOf(result.description));
    return { ok: true, description: result.description };
  }

  async dispose(): Promise<void> {
    await this.pool.dispose();
  }
}

function classInfoOf(description: ToolDescription): LoadedClassInfo {
  if (description.kind === 'toolkit') return { isToolkit: true, toolkitTools: description.tools.map((t) => t.name) };
  if (description.kind === 'langchain') {
    return {
      isToolkit: false,
      ...(description.description !== null ? { description: description.description } : {}),
      ...(description.argsSchema !== null ? { argsSchema: description.argsSchema } : {}),
    };
  }
  return { isToolkit: false };
}

/** A ToolBox result as the API gives it: every field present; argumentProblems only when the arguments were not sent. */
function runResultDto(result: ToolResult, used: { python: string; timeoutSeconds: number }): ToolRunResultDto {
  return {
    content: result.content,
    isError: result.isError,
    durationMs: result.durationMs,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    logging: result.logging ?? '',
    slyData: result.slyData ?? null,
    contentType: result.contentType ?? 'text',
    ...(result.errorKind ? { errorKind: result.errorKind } : {}),
    ...(result.traceback ? { traceback: result.traceback } : {}),
    ...(result.errorKind === 'validation' && result.validationErrors ? { argumentProblems: result.validationErrors } : {}),
    ...(result.argumentWarnings ? { argumentWarnings: result.argumentWarnings } : {}),
    ...used,
  };
}
