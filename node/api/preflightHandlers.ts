/**
 * The API's entry-to-Python methods: "Check all tools" (toolbox.check), "Create Python class" (tool.scaffold) and
 * opening a class's source (tool.source). Kept out of handlers.ts, which only spreads these in. The check and the
 * source find a coded class as a run does: as the project's neuro-san version would.
 *
 * A check's findings stay with the document and join its analysis (problems, markers, the form, the tool list's
 * counts), placed again in the current text on every analysis, until the entry a finding is about changes: then
 * that entry's findings are dropped, as they may no longer hold (check again to know).
 */
import path from 'node:path';
import { ApiError, type ApiRequest, type ApiResponse } from '../../shared/api/index';
import { runSettingsKeyOf } from '../../shared/run/index';
import type { ToolEntry } from '../../shared/toolbox/index';
import { toRunnableSpec } from '../../shared/toolbox/index';
import { readTextFile } from '../files/textFiles';
import { locateFindings, preflightEntries, preflightToolbox, summaryLines, type ToolFinding } from '../preflight/preflightToolbox';
import { workerClassLookup } from '../python/workerProtocol';
import { findClassSource } from '../python/classSource';
import { pythonSearchOf } from '../python/pythonFiles';
import { factsOfProject } from '../../shared/neurosan/versions/index';
import { defaultScaffoldRoot, scaffoldTool, ScaffoldError } from '../scaffold/scaffoldTool';
import { toolboxOf } from '../workspace/toolboxOnDisk';
import { recordToolRoot } from '../run/runSettingsWrite';
import { errorMessage } from '../../shared/errorMessage';
import type { DocumentAnalysis } from './documentAnalysis';
import type { ToolRuns } from './toolRuns';

type Method = 'toolbox.check' | 'tool.scaffold' | 'tool.source';
export type PreflightHandlers = { [M in Method]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };

interface KeptCheck {
  findings: ToolFinding[];
  /** Each checked entry's text when it was checked. */
  entryTexts: Map<string, string>;
  /** The run settings it was made with (runSettingsKeyOf): findings about another environment are dropped. */
  settings: string;
  /** The neuro-san version it looked for coded classes as: another version may find them elsewhere, or not at all. */
  neuroSanVersion: string;
}

function entryText(entry: ToolEntry): string {
  return entry.value.source.text.slice(entry.value.start, entry.value.end);
}

export function createPreflightHandlers(analysis: DocumentAnalysis, runs: ToolRuns, cwd: string) {
  const kept = new Map<string, KeptCheck>();
  const checks = new Map<string, { cancelled: boolean; cancelCurrent: () => void }>();

  analysis.addsDiagnostics = (file) => kept.has(file);
  analysis.addedDiagnostics = (file, tools, neuroSanVersion) => {
    const check = kept.get(file);
    if (!check) return [];
    // The settings as they are now (the project's file, the preferences, the environment): a few small reads.
    if (check.neuroSanVersion !== neuroSanVersion || check.settings !== runSettingsKeyOf(runs.runContext(file).settings)) {
      kept.delete(file);
      return [];
    }
    const current = tools.filter((t) => check.entryTexts.get(t.name) === entryText(t));
    return locateFindings(current, check.findings);
  };

  const toolOf = (request: { path: string | null; text: string; tool: string }) => {
    const { file, tool, neuroSan } = runs.findTool(request, request.tool);
    const spec = toRunnableSpec(tool);
    if (!spec) throw new ApiError('invalid_request', `Tool '${request.tool}' has no usable 'class'.`);
    return { file, spec, neuroSan };
  };

  const handlers: PreflightHandlers = {
    'toolbox.check': async (request) => {
      // Coded classes are looked for as the project's neuro-san does, which may be the one the runs' Python has: asked
      // first (the check starts that worker anyway), or the findings would be dropped as soon as it answered.
      runs.requireTrustedInterpreter(analysis.documentPath(request));
      await runs.learnNeuroSan(analysis.documentPath(request), { start: true });
      const { file, loaded } = analysis.load(request);
      const effective = toolboxOf(loaded);
      const { runner, context } = runs.runnerFor(file);
      const python = context.settings.python.value;
      const runId = request.runId;
      let current: string | undefined;
      const state = { cancelled: false, cancelCurrent: () => void (current !== undefined && runner.cancel(current)) };
      if (runId !== undefined) checks.set(runId, state);
      try {
        const report = await preflightToolbox(effective, runner, {
          neuroSan: factsOfProject(loaded.neuroSan),
          ...(runId !== undefined ? { callId: runId } : {}),
          cancelled: () => state.cancelled,
          onEntry: (callId) => void (current = callId),
        });
        kept.set(file, {
          findings: report.findings,
          entryTexts: new Map(preflightEntries(effective).map((t) => [t.name, entryText(t)])),
          settings: runSettingsKeyOf(context.settings),
          neuroSanVersion: loaded.neuroSan.version,
        });
        return {
          diagnostics: report.diagnostics,
          summary: report.summary,
          summaryText: summaryLines(report.summary, python),
          python,
        };
      } finally {
        if (runId !== undefined) checks.delete(runId);
      }
    },
    'tool.scaffold': async (request) => {
      const { file, spec } = toolOf(request);
      const context = runs.runContext(file);
      const root = request.root ? path.resolve(cwd, request.root) : defaultScaffoldRoot(context.settings, file);
      const settingsFile = context.settings.file.path;
      try {
        const result = await scaffoldTool(spec, { root, toolboxFile: file, search: pythonSearchOf(context.runner), cwd, python: context.settings.python.value, rootGiven: Boolean(request.root), ...(request.dryRun ? { dryRun: true } : {}) });
        if (result.created.length === 0) return { ...result, root, settingsFile, addedToPythonPath: false };
        // A warm worker may have looked for the module before it existed: the next run starts afresh, and finds it.
        await runs.restartWorker(file);
        // The root goes into the project's run settings, where the CLI and CI find it too.
        try {
          const { addedToPythonPath } = await recordToolRoot(context.settings, root);
          return { ...result, root, settingsFile, addedToPythonPath };
        } catch (error) {
          return { ...result, root, settingsFile, addedToPythonPath: false, recordProblem: errorMessage(error) };
        }
      } catch (error) {
        if (error instanceof ScaffoldError) throw new ApiError(error.reason === 'exists' ? 'conflict' : error.reason === 'io' ? 'io' : 'invalid_request', error.message);
        throw error;
      }
    },
    'tool.source': async (request) => {
      const { file, spec, neuroSan } = toolOf(request);
      const context = runs.runContext(file);
      // The file a run would load the class from, found by reading files: opening a source runs no project code.
      const found = findClassSource(spec.className, pythonSearchOf(context.runner), {
        coded: spec.kind === 'coded',
        agentName: spec.name,
        ...workerClassLookup({ neuroSan }),
      });
      if (!found.ok) return { ok: false as const, error: found.error };
      const source = await readTextFile(found.file);
      return { ok: true as const, file: found.file, line: found.line, text: source.text };
    },
  };

  /** Stops a check (`tool.cancel` with its runId): the entry being checked and the ones after it. */
  const cancel = (runId: string): boolean => {
    const state = checks.get(runId);
    if (!state || state.cancelled) return false;
    state.cancelled = true;
    state.cancelCurrent();
    return true;
  };

  return { handlers, cancel };
}
