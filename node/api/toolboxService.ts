import path from 'node:path';
import { ApiError, DEFAULT_PREFERENCES, type ApiResponse } from '../../shared/api/index';
import { neuroSanCheckLines } from '../../shared/toolbox/index';
import { neuroSanWorkingDirectoryOf, type WorkingDirectory } from '../neurosan/neuroSanFiles';
import { checkWithNeuroSan, neuroSanCheckDiagnostics } from '../workspace/neuroSanCheck';
import type { CatalogRenderResult, ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/index';
import { catalogSourcesFromTools } from '../../shared/catalog/fromToolbox';
import { renderCatalog, type RenderCatalogRequest } from '../../shared/catalog/renderCatalog';
import type { KeyOrder } from '../../shared/jinja/environment';
import type { Origin } from '../../shared/hocon/index';
import type { LoadedClassInfo, ToolEntry } from '../../shared/toolbox/index';
import { fieldSourcesOf, keyOrigin, toRunnableSpec, type FieldSourceOptions } from '../../shared/toolbox/index';
import { compareDiagnostics, type SeverityCounts, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import { WorkerPool, type ToolDescription, type ToolRunner } from '../python/index';
import type { McpTarget, RunRequest } from '../../shared/run/index';
import { runContextFor, type RunContext } from '../run/runSettingsOnDisk';
import { readTextFile } from '../files/textFiles';
import { catalogTemplatePath, MAX_TEMPLATE_BYTES, templateLoader } from '../catalog/templateFiles';
import { runnableSpecs, toolBoxFromSpecs, toolNotFound, type ToolResult } from '../toolbox/index';
import type { PreferencesStore } from '../state/preferences';
import { NeuroSanEntryCache } from '../../shared/neurosan/index';
import { factsOfProject, type NeuroSanFacts } from '../../shared/neurosan/versions/index';
import type { Reading } from '../../shared/toolbox/index';
import { diagnosticsOf, loadFileFromDisk, outerRootChosen, toolboxOf, type LoadedFile } from '../workspace/toolboxOnDisk';
import { documentPath } from './documentPath';
import { projectContextOf, projectRootOf } from '../project/projectSettingsOnDisk';
import { fromDotEnv } from '../../shared/project/settings';
import type { UrlIncludeStore } from '../project/urlIncludes';
import { ReviewCaches } from '../review/reviewToolbox';
import type { InterpreterTrust } from '../state/interpreterTrust';
import { InstalledNeuroSan } from '../neurosan/installedNeuroSan';
import { RecentlyUsed } from './recentlyUsed';
import type { VersionLookup } from '../neurosan/projectVersion';

/** How long, and how many, loads are reused (see ToolboxService.loads). */
const LOAD_CACHE_MS = 2000;
// A keystroke loads the text up to three times (the analysis; the catalog from each reading), and the saved text too.
const LOAD_CACHE_SIZE = 6;
/**
 * Files whose keystroke caches are kept (entryCacheFor, reviewCachesFor), the ones typed in last: each holds its
 * file's entry texts and what was read of them, so a window or two typed in alternately keep theirs, and a file
 * analysed once (every file of a project opened in turn) is dropped instead of kept for the life of the process.
 */
const CACHED_FILES = 4;

export interface DocumentRef {
  /** Absolute path, or null for a document never saved. */
  path: string | null;
  /** The editor's current text (may differ from the disk). */
  text: string;
  noDefault?: boolean;
  /** Whose reading (default neuro-san's: what the LLM gets). */
  reading?: Reading;
}

export type CatalogDocumentRef = DocumentRef & { templatePath?: string; keyOrder: KeyOrder; vars: Record<string, string> };

/**
 * What the API's toolbox methods do on the main side: analyse a document (its unsaved text layered over the disk),
 * render its catalog, and run or describe its tools in a warm Python worker per toolbox.
 */
export class ToolboxService {
  private readonly pool = new WorkerPool();
  private readonly runs = new Map<string, () => boolean>();
  /** What loading classes revealed, per document and tool: feeds tool kinds and the catalog. */
  private readonly classInfo = new Map<string, Map<string, LoadedClassInfo>>();
  /** Bumped whenever classInfo changes (a cached load made before it is stale). */
  private classInfoGeneration = 0;
  /**
   * The last few loads, by document and text: a keystroke asks for the analysis and the catalog of the same text, and
   * opening a file renders the same text twice (current and saved). Kept briefly, since includes and the default
   * toolbox are read from the disk.
   */
  /** neuro-san's reading of each open document, entry by entry, kept between keystrokes. */
  private readonly entryCaches = new RecentlyUsed<string, NeuroSanEntryCache>(CACHED_FILES);
  /** The neuro-san each Python environment said it has, once its worker was started (for the version a file is checked for). */
  private readonly installedNeuroSan = new InstalledNeuroSan();
  /**
   * The interpreters of projects' run settings the user trusted (node/state/interpreterTrust.ts): what starts a worker
   * (Run, Load class, Check all tools, Check with neuro-san, saved cases) asks it first. None: every choice is taken.
   */
  interpreterTrust: InterpreterTrust | undefined;
  /** What the settings files said for a file lately (settingsOf). */
  private readonly fileSettings = new Map<string, { at: number; prefs: string; generation: number; workingDirectory: WorkingDirectory; interpreter: VersionLookup['interpreter'] }>();
  /** The checks' caches of the files analysed last (a few: each holds its file's entry texts). */
  private readonly reviewCaches = new RecentlyUsed<string, ReviewCaches>(CACHED_FILES);
  private readonly loads: Array<{
    file: string;
    text: string;
    noDefault: boolean;
    reading: Reading;
    generation: number;
    at: number;
    loaded: LoadedFile;
    workingDirectory: WorkingDirectory;
    env: Record<string, string | undefined>;
  }> = [];

  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string | undefined>,
    private readonly preferences: PreferencesStore,
    private readonly onRunProgress: (runId: string, state: 'started' | 'finished') => void,
    /** Includes by URL, fetched when the user allowed it for the project (node/project/urlIncludes.ts). */
    private readonly urlIncludes?: UrlIncludeStore,
    /** The Python of `file`'s runs said which neuro-san it has, and that changes the version files are checked for. */
    private readonly onNeuroSanLearned: (file: string) => void = () => undefined,
  ) {}

  documentPath(doc: DocumentRef): string {
    return documentPath(this.cwd, doc.path);
  }

  load(doc: DocumentRef): { file: string; loaded: LoadedFile; workingDirectory: WorkingDirectory; env: Record<string, string | undefined> } {
    const file = this.documentPath(doc);
    const noDefault = doc.noDefault ?? false;
    const reading = doc.reading ?? 'neuro-san';
    // Where neuro-san finds a top-level include (the run settings' working directory, else the preference, else the
    // project's root, else the file's folder); the spec's reading looks up to there too.
    const now = Date.now();
    const { workingDirectory, interpreter } = this.settingsOf(file, doc.path !== null, now);
    const cached = this.loads.find(
      (c) =>
        c.file === file &&
        c.noDefault === noDefault &&
        c.reading === reading &&
        c.workingDirectory.path === workingDirectory.path &&
        c.workingDirectory.why === workingDirectory.why &&
        c.generation === this.classInfoGeneration &&
        now - c.at < LOAD_CACHE_MS &&
        c.text === doc.text,
    );
    if (cached) return { file, loaded: cached.loaded, workingDirectory: cached.workingDirectory, env: cached.env };
    // A file of a neuro-san project is read as neuro-san runs it: from the project's root, with its settings.
    // The preference naming a project around the file's own (tests/registries/ inside a project): a file of that one,
    // as `validate --cwd` reads it (loadFileFromDisk's outer root), its settings and environment from there.
    const outer = doc.path && workingDirectory.why === 'chosen' ? outerRootChosen(file, workingDirectory.path) : undefined;
    const project = doc.path ? projectContextOf(outer !== undefined ? path.join(outer, 'registries') : file, this.env) : undefined;
    const env = project?.env ?? this.env;
    const loaded = loadFileFromDisk(file, {
      cwd: project?.cwd ?? this.cwd,
      env,
      projectRoot: project?.cwd ?? null,
      noDefault,
      reading,
      baseDir: workingDirectory.path,
      ...(reading === 'neuro-san' ? { neuroSanCwd: workingDirectory.path, neuroSanEntryCache: this.entryCacheFor(file) } : {}),
      ...(workingDirectory.why === 'chosen' || workingDirectory.why === 'project-file' ? { workingDirectoryChosen: true } : {}),
      overlays: new Map([[file, doc.text]]),
      offersCache: this.reviewCachesFor(file).offers,
      classInfo: this.classInfo.get(file),
      ...(interpreter ? { versionLookup: { interpreter } } : {}),
      ...(this.urlIncludes?.isAllowed(project?.cwd ?? path.dirname(file)) ? { readUrl: this.urlIncludes.read, urlsFetched: true } : {}),
    });
    this.loads.unshift({ file, text: doc.text, noDefault, reading, generation: this.classInfoGeneration, at: now, loaded, workingDirectory, env });
    this.loads.length = Math.min(this.loads.length, LOAD_CACHE_SIZE);
    return { file, loaded, workingDirectory, env };
  }

  /**
   * What a load takes from the settings files for `file`: where neuro-san runs, and which neuro-san its runs' Python
   * has (when one said so). Read again after LOAD_CACHE_MS, or at once when the preferences or what is known of the
   * Pythons change: a keystroke loads up to three times, and reading the run settings takes about a millisecond.
   */
  private settingsOf(file: string, saved: boolean, now: number): { workingDirectory: WorkingDirectory; interpreter: VersionLookup['interpreter'] } {
    const prefs = JSON.stringify(this.preferences.current());
    const known = this.fileSettings.get(file);
    if (known && known.prefs === prefs && known.generation === this.classInfoGeneration && now - known.at < LOAD_CACHE_MS) return known;
    const read = { at: now, prefs, generation: this.classInfoGeneration, workingDirectory: this.workingDirectoryFor(file), interpreter: saved ? this.interpreterNeuroSan(file) : undefined };
    this.fileSettings.set(file, read);
    if (this.fileSettings.size > LOAD_CACHE_SIZE) this.fileSettings.delete(this.fileSettings.keys().next().value as string);
    return read;
  }

  /** Forgets the loads kept briefly: what a reading reads changed (includes by URL fetched). */
  forgetLoads(): void {
    this.loads.length = 0;
  }

  /** The preference "neuro-san's working directory" ('' = the default). */
  private chosenWorkingDirectory(): string {
    return this.preferences.current().neuroSanCwd ?? '';
  }

  /**
   * The folder neuro-san is taken to run in for `file` (absolute), and why: see neuroSanWorkingDirectoryOf. The same
   * folder as the run settings' `workingDirectory` (runContext), where the file's tools run.
   */
  workingDirectoryFor(file: string): WorkingDirectory {
    return neuroSanWorkingDirectoryOf(file, this.chosenWorkingDirectory());
  }

  /** What the description and similarity checks keep between keystrokes in `file` (node/review/reviewToolbox.ts). */
  reviewCachesFor(file: string): ReviewCaches {
    return this.reviewCaches.get(file, () => new ReviewCaches());
  }

  private entryCacheFor(file: string): NeuroSanEntryCache {
    return this.entryCaches.get(file, () => new NeuroSanEntryCache());
  }

  /** The files whose keystroke caches are kept, least recently used first (for tests). */
  cachedFiles(): { entries: string[]; review: string[] } {
    return { entries: this.entryCaches.keys(), review: this.reviewCaches.keys() };
  }

  /** `review`: the description checks' findings (node/review/), merged into the diagnostics in position order. */
  analyze(
    doc: DocumentRef & { detail?: string | null },
    review: readonly ToolboxDiagnostic[] = [],
    read: { file: string; loaded: LoadedFile; workingDirectory?: WorkingDirectory; env?: Record<string, string | undefined> } = this.load(doc),
  ): ToolboxAnalysis {
    const { file, loaded } = read;
    const toolbox = toolboxOf(loaded);
    const added = [...this.addedDiagnostics(file, toolbox.tools, loaded.neuroSan.version), ...review];
    const diagnostics = added.length === 0 ? diagnosticsOf(loaded) : [...diagnosticsOf(loaded), ...added].sort(compareDiagnostics);
    const counts = new Map<string, SeverityCounts>();
    for (const d of diagnostics) {
      if (!d.tool) continue;
      const c = counts.get(d.tool) ?? { errors: 0, warnings: 0, hints: 0 };
      if (d.severity === 'error') c.errors++;
      else if (d.severity === 'warning') c.warnings++;
      else c.hints++;
      counts.set(d.tool, c);
    }
    return {
      kind: loaded.kind,
      ...(loaded.kind === 'toolbox' && loaded.fileKind ? { fileKind: loaded.fileKind } : {}),
      file,
      defaultFile: toolbox.files.defaultFile ?? null,
      tools: toolbox.tools.map((tool) => summarize(tool, counts.get(tool.name))),
      detail: detailOf(
        (doc.detail ? toolbox.tools.find((t) => t.name === doc.detail) : undefined) ?? toolbox.tools.find((t) => t.origin !== 'default'),
        { userRoot: toolbox.userSpecRoot, userFile: file, env: read.env ?? this.env, fromDotEnv: fromDotEnv(this.env, read.env ?? this.env) },
      ),
      diagnostics,
      ...(read.workingDirectory ? { workingDirectory: { ...read.workingDirectory } } : {}),
      ...(loaded.includes ? { includes: loaded.includes } : {}),
      neuroSan: loaded.neuroSan,
      network:
        loaded.kind === 'network'
          ? {
              toolboxFile: loaded.network.toolboxFile ?? null,
              agents: loaded.network.agents.map((a) => {
                const at = a.where.source.positionAt(a.where.start);
                return { name: a.name, toolName: a.toolName, defined: a.defined, line: at.line, column: at.column, argsOverlay: a.argsOverlay ?? null };
              }),
            }
          : null,
    };
  }

  /**
   * What rendering the document's catalog takes: its template (read from disk), tools (in `doc.reading`, default
   * neuro-san's: what the LLM gets), variables and key order.
   */
  async catalogRequest(doc: CatalogDocumentRef): Promise<{ templatePath: string; request: RenderCatalogRequest }> {
    const { file, loaded } = this.load({ ...doc, reading: doc.reading ?? 'neuro-san' });
    const templatePath = catalogTemplatePath(this.cwd, doc.templatePath);
    let template: string;
    try {
      template = (await readTextFile(templatePath, MAX_TEMPLATE_BYTES)).text;
    } catch (error) {
      throw new ApiError('not_found', `Cannot read the template ${templatePath}: ${(error as Error).message}`);
    }
    return {
      templatePath,
      request: {
        template,
        tools: catalogSourcesFromTools(toolboxOf(loaded).tools, this.classInfo.get(file)),
        vars: doc.vars,
        keyOrder: doc.keyOrder,
        // `{% include %}` as `toolbox-editor catalog` reads it: from the template's folder.
        loader: templateLoader(templatePath),
      },
    };
  }

  async renderCatalog(doc: CatalogDocumentRef): Promise<CatalogRenderResult> {
    const reading = doc.reading ?? 'neuro-san';
    const { templatePath, request } = await this.catalogRequest({ ...doc, reading });
    const result = renderCatalog(request);
    // The same catalog from the other reading, so the preview can mark where what the LLM gets differs from the text.
    const otherLoaded = this.load({ ...doc, reading: reading === 'neuro-san' ? 'spec' : 'neuro-san' });
    const other = renderCatalog({ ...request, tools: catalogSourcesFromTools(toolboxOf(otherLoaded.loaded).tools, this.classInfo.get(otherLoaded.file)) }).text;
    return {
      text: result.text,
      reading,
      otherReadingText: other === result.text ? null : other,
      templatePath,
      templateDescription: result.metadata.description?.value ?? null,
      expectedFormat: result.metadata.expectedFormat?.value ?? null,
      diagnostics: result.diagnostics.map((d) => ({ ...d })),
    };
  }

  /**
   * Diagnostics other checks add to the analysis (the last preflight's, see preflightHandlers.ts), placed in the
   * current entries of the document's file, which was read for neuro-san `neuroSanVersion`.
   */
  addedDiagnostics: (file: string, tools: readonly ToolEntry[], neuroSanVersion: string) => ToolboxDiagnostic[] = () => [];

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
    this.classInfoGeneration++;
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
   * The saved file loaded by the installed neuro-san's own code, in this toolbox's worker (the chosen interpreter),
   * beside the editor's reading of it. neuro-san reads the disk: unsaved edits are not part of the check.
   */
  async checkWithNeuroSan(file: string): Promise<ApiResponse<'toolbox.checkWithNeuroSan'>> {
    this.requireTrustedInterpreter(file);
    const { runner, context } = this.runnerFor(file);
    const python = context.settings.python.value;
    const saved = await readTextFile(file).then((r) => r.text, () => undefined);
    if (saved === undefined) throw new ApiError('not_found', `Save the file first: neuro-san loads it from the disk (${file}).`);
    // neuro-san runs where the file's tools run, with their environment (the project's .env, the settings' variables).
    const cwd = context.settings.workingDirectory.value;
    let result;
    try {
      result = await checkWithNeuroSan(runner, path.relative(cwd, file) || file, { cwd, env: context.runner.env ?? this.env });
    } catch (error) {
      return { installed: false, lines: [`The check with neuro-san could not run (${python}): ${(error as Error).message}`], diagnostics: [] };
    }
    await this.learnNeuroSan(file);
    const { loaded } = this.load({ path: file, text: saved });
    const diagnostics = neuroSanCheckDiagnostics(result, file, saved, toolboxOf(loaded).tools);
    return {
      installed: result.check.installed,
      lines: neuroSanCheckLines(result.check, path.basename(file), python, result.differences),
      diagnostics: diagnostics.map((d) => ({ ...d, range: { start: { ...d.range.start }, end: { ...d.range.end } } })),
    };
  }

  /**
   * A tool of the document, by name (to describe or check it; `run` goes through ToolBox.call), with the facts of the
   * neuro-san its project runs: what opens its class finds it as a run would.
   */
  findTool(doc: DocumentRef, name: string): { file: string; tool: ToolEntry; neuroSan: NeuroSanFacts } {
    const { file, loaded } = this.load(doc);
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
    const { file, loaded } = this.load(doc);
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
    const file = documentPath(this.cwd, doc.path);
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
    const known = this.classInfo.get(file) ?? new Map<string, LoadedClassInfo>();
    known.set(doc.tool, classInfoOf(result.description));
    this.classInfo.set(file, known);
    this.classInfoGeneration++;
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

function rangeOf(where: Origin) {
  return where.source.rangeOf(where.start, where.end);
}

function summarize(tool: ToolEntry, counts: SeverityCounts | undefined): ToolboxAnalysis['tools'][number] {
  const key = keyOrigin(tool.field);
  return {
    name: tool.name,
    kind: tool.kind,
    className: tool.className ?? null,
    displayAs: tool.displayAs.value,
    displayAsInferred: tool.displayAs.inferred,
    baseToolInfoUrl: tool.baseToolInfoUrl ?? null,
    origin: tool.origin,
    file: key.source.name,
    keyRange: rangeOf(key),
    valueRange: rangeOf(tool.value),
    errors: counts?.errors ?? 0,
    warnings: counts?.warnings ?? 0,
    hints: counts?.hints ?? 0,
  };
}

function detailOf(tool: ToolEntry | undefined, sources: FieldSourceOptions): ToolboxAnalysis['detail'] {
  if (!tool) return null;
  const listed = fieldSourcesOf(tool, sources);
  return { name: tool.name, description: tool.description ?? null, parameters: tool.parameters ?? null, args: tool.args ?? null, ...(listed.length > 0 ? { sources: listed } : {}) };
}
