import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiEvent, ApiEventPayload, ApiMethod, ApiRequest, ApiResponse } from '../../shared/api/index';
import { ApiError } from '../../shared/api/index';
import { APP_VERSION } from '../../shared/version';
import { FileWatcher } from '../files/fileWatcher';
import { listFolder } from '../files/listFolder';
import { readTextFile, writeTextFile } from '../files/textFiles';
import { resourcesDir } from '../paths';
import { PreferencesStore } from '../state/preferences';
import { RecentFiles } from '../state/userState';
import { RecoveryStore } from '../state/recovery';
import { EntryEdits } from './entryEdits';
import { AnalysisHistory } from './analysisHistory';
import { DocumentTexts, withText } from './documentTexts';
import { DocumentAnalysis } from './documentAnalysis';
import { CatalogService } from './catalogService';
import { ToolRuns } from './toolRuns';
import { checkSavedFileWithNeuroSan } from './neuroSanCheckService';
import { createTestRunHandlers } from './testRunHandlers';
import { createPreflightHandlers } from './preflightHandlers';
import { createReviewHandlers } from './reviewHandlers';
import { createNetworkHandlers } from './networkHandlers';
import { createRunSettingsHandlers } from './runSettingsHandlers';
import { InterpreterTrust } from '../state/interpreterTrust';
import { reviewLoaded } from '../review/reviewToolbox';
import { ProjectService } from '../project/projectService';
import { UrlIncludeStore } from '../project/urlIncludes';
import { AppLanguage } from '../language/appLanguage';
import { createLanguageHandlers } from './languageHandlers';

/** What differs between the desktop app and browser mode; everything else is the same code. */
export interface ApiHost {
  mode: 'desktop' | 'browser';
  /** The folder relative paths are resolved against. */
  cwd: string;
  initialFile: string | null;
  /** A folder named on the command line, opened as a project at start. */
  initialProject?: string | null;
  stateDir: string;
  /** The environment tools and `${?ENV}` substitutions see; this process's by default. */
  env?: Record<string, string | undefined>;
  /** Pushes an event to every connected renderer. */
  emit<E extends ApiEvent>(event: E, payload: ApiEventPayload<E>): void;
  /** Native dialogs (desktop only). Without them the renderer asks for a path itself. */
  dialogs?: {
    open(): Promise<string | null>;
    save(defaultPath?: string): Promise<string | null>;
    /** A folder to open as a project. */
    openFolder?(): Promise<string | null>;
  };
  /** Every keystroke analysed whole, never one tool alone (entryEdits.ts): what its tests and the bench compare with. */
  wholeAnalysis?: boolean;
}

export type ApiHandlers = { [M in ApiMethod]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };

export interface ApiService {
  handlers: ApiHandlers;
  /** Watches the open files for `file.changed` (`pollNow` asks at once instead of at the next poll). */
  watcher: Pick<FileWatcher, 'pollNow'>;
  /** How many `toolbox.analyze` answers were made by analysing one tool alone (entryEdits.ts), and how many whole. */
  analyses: { alone: number; whole: number };
  dispose(): void;
}

/** The implementation of every API method, shared by the IPC and HTTP transports. */
export function createApiService(host: ApiHost): ApiService {
  const recent = new RecentFiles(host.stateDir);
  const watcher = new FileWatcher((change) => host.emit('file.changed', change));
  const resolvePath = (p: string) => {
    // Node refuses such a path in its own words (ERR_INVALID_ARG_VALUE, "without null bytes"): say it in ours.
    if (p.includes('\0')) throw new ApiError('invalid_request', `A path cannot contain a NUL character: ${JSON.stringify(p)}.`);
    return path.resolve(host.cwd, p);
  };
  const preferences = new PreferencesStore(host.stateDir);
  const recovery = new RecoveryStore(host.stateDir);
  const texts = new DocumentTexts();
  const analyses = new AnalysisHistory();
  const testRun = createTestRunHandlers(
    host.cwd,
    host.stateDir,
    (doc, request, runId) => runs.run(doc, request, runId),
    (runId) => runs.cancel(runId),
  );
  const urlIncludes = new UrlIncludeStore(host.stateDir);
  // The toolbox methods' parts, one concern each (issue 34): a document's loads and analysis; its catalog; its tools'
  // runs, which learn which neuro-san a Python has (the version the analysis checks a saved file for).
  const analysis: DocumentAnalysis = new DocumentAnalysis(host.cwd, host.env ?? process.env, preferences, (file) => runs.interpreterNeuroSan(file), urlIncludes);
  // A keystroke inside one tool: that tool analysed alone when the rest is as last analysed (entryEdits.ts).
  const entryEdits = new EntryEdits(analysis, host.cwd, host.env ?? process.env);
  const counted = { alone: 0, whole: 0 };
  const catalog = new CatalogService(host.cwd, analysis);
  // A project's own choice of interpreter starts only once its user trusted it (issue #32).
  const interpreterTrust = new InterpreterTrust(host.stateDir);
  const runs = new ToolRuns(
    host.env ?? process.env,
    preferences,
    analysis,
    (runId, state) => host.emit('run.progress', { runId, state }),
    (file) => host.emit('python.neuroSan', { path: file }),
    interpreterTrust,
  );
  const preflight = createPreflightHandlers(analysis, runs, host.cwd);

  // A project is checked for the neuro-san its runs' Python has, once that Python said it (runs.learnNeuroSan).
  const project = new ProjectService(host.cwd, host.env ?? process.env, urlIncludes, (root) => runs.interpreterNeuroSan(path.join(root, 'toolbox_info.hocon')));
  // Go to Definition on an include reads from the folder the analysis reads it from (the preference included).
  const language = new AppLanguage(host.env ?? process.env, (file) => analysis.workingDirectoryFor(file));
  /**
   * The analysis of a file a window is opening, read on this thread while the window takes the text: after the answer
   * has left (setImmediate runs once this handler's answer is posted), so that the window's `toolbox.analyze` of the
   * same text finds the load kept (DocumentAnalysis keeps it 2 s) and the checks' caches filled. A 5,000-tool file's
   * window spends 150-300 ms parsing the answer and laying the text out: the analysis now runs meanwhile. Nothing of
   * the project's runs here (no Python); a failure is the request's to report.
   */
  const readAhead = (file: string, text: string) =>
    setImmediate(() => {
      try {
        const read = analysis.load({ path: file, text });
        void reviewLoaded(read.loaded, read.file, host.cwd, { caches: analysis.reviewCachesFor(read.file) }).catch(() => undefined);
      } catch {
        // The window's own request reads it again and reports why.
      }
    });
  /** Renames applied as project edits, by undo id: undoing one moves the tool's runs back. */
  const renames = new Map<string, { toolbox: string; tool: string; newName: string }>();

  const handlers: ApiHandlers = {
    'app.info': async () => ({
      mode: host.mode,
      version: APP_VERSION,
      platform: process.platform,
      cwd: host.cwd,
      initialFile: host.initialFile ? resolvePath(host.initialFile) : null,
      initialProject: host.initialProject ? resolvePath(host.initialProject) : null,
      nativeDialogs: host.dialogs !== undefined,
      pythonPath: ((host.env ?? process.env).PYTHONPATH ?? '').split(path.delimiter).filter((p) => p !== ''),
    }),
    'file.read': async ({ path: p, textId }) => {
      const content = await readTextFile(resolvePath(p));
      if (textId !== undefined) texts.resolve({ text: content.text, textId });
      await recent.add(content.path).catch(() => undefined);
      // An editor opening the file (it names the text) asks for its analysis next: read ahead.
      if (textId !== undefined) readAhead(content.path, content.text);
      return content;
    },
    'file.write': async ({ path: p, text, expectedMtimeMs, expectedSha256, overwrite }) => {
      // The user's own save of the path they opened (or chose in Save As): written where a link there leads, the link
      // kept, as before. Not bounded by a project (checkWriteBounds): they saw that file's text and asked to save it.
      const target = resolvePath(p);
      watcher.writingStarts(target);
      let stamp;
      try {
        stamp = await writeTextFile(target, text, { expectedMtimeMs, expectedSha256, overwrite });
        watcher.acknowledge(stamp.path, stamp.mtimeMs);
      } finally {
        watcher.writingEnds(target);
      }
      await recent.add(stamp.path).catch(() => undefined);
      return stamp;
    },
    'file.watch': async ({ path: p, mtimeMs }) => {
      watcher.watch(resolvePath(p), mtimeMs);
      return {};
    },
    'file.unwatch': async ({ path: p }) => {
      watcher.unwatch(resolvePath(p));
      return {};
    },
    'folder.list': async ({ path: p }) => listFolder(resolvePath(p)),
    'recent.list': async () => ({ files: await recent.list() }),
    'recent.clear': async () => {
      await recent.clear();
      return {};
    },
    'dialog.open': async () => ({ path: host.dialogs ? await host.dialogs.open() : null }),
    'dialog.save': async ({ defaultPath }) => ({ path: host.dialogs ? await host.dialogs.save(defaultPath) : null }),
    'template.newToolbox': async () => ({
      text: await readFile(path.join(resourcesDir(), 'templates', 'new_toolbox.hocon'), 'utf8'),
    }),
    'toolbox.analyze': async ({ known, ...doc }) => {
      const request = withText(texts, doc);
      const edited = host.wholeAnalysis ? undefined : await entryEdits.analyze(request);
      if (edited) {
        counted.alone++;
        return analyses.answer(edited, request.text, doc.textId, known);
      }
      counted.whole++;
      const read = analysis.load(request);
      const review = await reviewLoaded(read.loaded, read.file, host.cwd, { caches: analysis.reviewCachesFor(read.file) });
      const answer = analysis.analyze(request, review, read);
      entryEdits.remember(request, read, review, answer);
      return analyses.answer(answer, request.text, doc.textId, known);
    },
    'catalog.render': async (request) => catalog.renderCatalog(withText(texts, request)),
    'tool.run': async ({ path: p, text, runId, run }) => {
      const result = await runs.run({ path: p, text }, run, runId);
      await testRun.recordRun(p, run, result);
      return result;
    },
    // A tool run, a run of all saved cases (by its batch id), or a check of all tools.
    'tool.cancel': async ({ runId }) => ({ cancelled: runs.cancel(runId) || testRun.cancelBatch(runId) || preflight.cancel(runId) }),
    'tool.describe': async (request) => runs.describe(request),
    'toolbox.checkWithNeuroSan': async ({ path: p }) => checkSavedFileWithNeuroSan(resolvePath(p), { analysis, runs, env: host.env ?? process.env }),
    'prefs.get': async () => preferences.get(),
    'prefs.set': async (change) => preferences.set(change),
    'recovery.save': async (request) => {
      const { path: p, text } = withText(texts, request);
      await recovery.save(p === null ? null : resolvePath(p), text);
      return {};
    },
    'recovery.get': async ({ path: p }) => recovery.get(p === null ? null : resolvePath(p)),
    'recovery.clear': async ({ path: p }) => {
      await recovery.clear(p === null ? null : resolvePath(p));
      return {};
    },
    ...testRun.handlers,
    ...preflight.handlers,
    ...createReviewHandlers(texts, catalog, analysis, host.cwd, host.env ?? process.env),
    ...createNetworkHandlers(texts, analysis),
    'dialog.openFolder': async () => ({ path: (await host.dialogs?.openFolder?.()) ?? null }),
    'project.open': async ({ path: p, kindOverrides }) => project.open(p, kindOverrides),
    'project.renamePreview': async ({ root, tool, newName }) => project.renamePreview(resolvePath(root), tool, newName),
    'project.applyEdits': async ({ root, edits, renamedTool }) => {
      const applied = await project.applyEdits(resolvePath(root), edits);
      if (renamedTool) {
        // The tool's runs go with it (its saved cases were among the edits).
        const toolbox = resolvePath(renamedTool.toolbox);
        await testRun.history.rename(toolbox, renamedTool.tool, renamedTool.newName).catch(() => undefined);
        renames.set(applied.undoId, { ...renamedTool, toolbox });
      }
      return applied;
    },
    'project.undoEdits': async ({ undoId }) => {
      const undone = await project.undoEdits(undoId);
      const renamed = renames.get(undoId);
      if (renamed) {
        renames.delete(undoId);
        await testRun.history.rename(renamed.toolbox, renamed.newName, renamed.tool).catch(() => undefined);
      }
      return undone;
    },
    ...createRunSettingsHandlers(runs, host.cwd, interpreterTrust),
    ...createLanguageHandlers(texts, language, resolvePath),
    'project.fetchIncludes': async ({ path: p }) => {
      const fetched = await project.fetchIncludes(resolvePath(p));
      analysis.forgetLoads();
      return fetched;
    },
    'mcp.listTools': async ({ root, url }) => project.mcpListTools(resolvePath(root), url),
  };
  return {
    handlers,
    watcher,
    analyses: counted,
    dispose: () => {
      watcher.dispose();
      void runs.dispose();
      void language.dispose();
    },
  };
}
