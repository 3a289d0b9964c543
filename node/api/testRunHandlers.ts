/**
 * The test-run pane's API methods: call history (recorded for every `tool.run`), the saved test cases beside a
 * toolbox file, and the run settings the document's runs use. Kept out of handlers.ts, which only spreads these in.
 */
import path from 'node:path';
import type { ApiRequest, ApiResponse, ToolRunResultDto } from '../../shared/api/index';
import { ApiError } from '../../shared/api/index';
import type { RunRequest } from '../../shared/run/index';
import { entryFromRun } from '../history/entryFromRun';
import { HistoryStore } from '../history/historyStore';
import { runCases } from '../testcases/runCases';
import {
  deleteCase,
  duplicateCase,
  readCaseFile,
  renameToolInCases,
  saveCase,
  TestCaseArgsError,
  testCaseFileFor,
  TestCaseFileError,
} from '../testcases/testCaseFile';
import { documentPath } from './documentPath';

type Method =
  | 'history.list'
  | 'history.clear'
  | 'history.rename'
  | 'testcases.list'
  | 'testcases.save'
  | 'testcases.delete'
  | 'testcases.duplicate'
  | 'testcases.renameTool'
  | 'testcases.run';
export type TestRunHandlers = { [M in Method]: (request: ApiRequest<M>) => Promise<ApiResponse<M>> };

/** How the handlers run a tool of a document: ToolRuns.run (not the API's, so case runs stay out of the history). */
export type RunTool = (doc: { path: string | null; text: string }, request: RunRequest, runId: string) => Promise<ToolRunResultDto>;

/** Cancels one tool run by its id; false when no such run is going on. */
export type CancelRun = (runId: string) => boolean;

/** A failure of a change to the cases file, as the API says it. */
function caseFileFailure(error: unknown, file: string): ApiError {
  if (error instanceof TestCaseArgsError) return new ApiError('invalid_request', error.message);
  if (error instanceof TestCaseFileError) return new ApiError('conflict', `${error.message}\nFix the file, then try again.`);
  if (error instanceof ApiError) return error;
  return new ApiError('io', `Cannot write ${file}: ${(error as Error).message}`);
}

export function createTestRunHandlers(cwd: string, stateDir: string, runTool: RunTool, cancelRun: CancelRun = () => false) {
  const history = new HistoryStore(stateDir);
  const toolboxKey = (p: string | null) => documentPath(cwd, p);
  const casesFile = (p: string) => testCaseFileFor(path.resolve(cwd, p));
  /** Runs a change of the cases file, its failures as API errors. */
  const changing = async <T>(file: string, change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      throw caseFileFailure(error, file);
    }
  };

  let caseRuns = 0;
  /** Runs of all cases that can be cancelled, by batch id: whether cancelled, and the case run going on. */
  const batches = new Map<string, { cancelled: boolean; runId: string | undefined }>();
  /**
   * Ids cancelled before a run of cases with that id was under way (when): the cancel is a request of its own and can
   * come first — the run's reads its cases file before it starts, and a loaded CI machine lost a cancel so, the cases
   * running on. A run of cases finding its id here is cancelled from the start. Kept a minute, a few.
   */
  const cancelledBefore = new Map<string, number>();
  /** Cancels a run of all cases (`tool.cancel` with its batch id): the case running now and the ones after it. */
  const cancelBatch = (batchId: string): boolean => {
    const batch = batches.get(batchId);
    if (!batch) {
      const now = Date.now();
      for (const [id, at] of cancelledBefore) if (now - at > 60_000 || cancelledBefore.size >= 32) cancelledBefore.delete(id);
      cancelledBefore.set(batchId, now);
      return false;
    }
    if (batch.cancelled) return false;
    batch.cancelled = true;
    if (batch.runId !== undefined) cancelRun(batch.runId);
    return true;
  };
  const handlers: TestRunHandlers = {
    'history.list': async ({ path: p, tool }) => ({ entries: await history.list(toolboxKey(p), tool) }),
    'history.clear': async ({ path: p, tool }) => {
      await (tool === null ? history.clearAll(toolboxKey(p)) : history.clear(toolboxKey(p), tool));
      return {};
    },
    'history.rename': async ({ path: p, tool, newName }) => {
      await history.rename(toolboxKey(p), tool, newName);
      return {};
    },
    'testcases.list': async ({ path: p }) => {
      const file = casesFile(p);
      try {
        const content = await readCaseFile(file);
        return { file, version: content?.version ?? 0, cases: content?.cases.map((c) => c.testCase) ?? [] };
      } catch (error) {
        return { file, version: 0, cases: [], error: (error as Error).message };
      }
    },
    'testcases.save': async ({ path: p, testCase, replaces }) => {
      const file = casesFile(p);
      const { saved, upgraded } = await changing(file, () => saveCase(file, testCase, replaces));
      return { file, saved, upgraded };
    },
    'testcases.delete': async ({ path: p, name }) => {
      const file = casesFile(p);
      await changing(file, () => deleteCase(file, name));
      return { file };
    },
    'testcases.duplicate': async ({ path: p, name }) => {
      const file = casesFile(p);
      return { file, saved: await changing(file, () => duplicateCase(file, name)) };
    },
    'testcases.renameTool': async ({ path: p, tool, newName }) => {
      const file = casesFile(p);
      const moved = await changing(file, () => renameToolInCases(file, tool, newName));
      await history.rename(toolboxKey(p), tool, newName);
      return { file, moved };
    },
    'testcases.run': async ({ path: p, text, names, batchId, renamedTools }) => {
      // Cancellable from the first moment (before the cases file is read), and cancelled already if asked before.
      const batch = { cancelled: batchId !== undefined && cancelledBefore.delete(batchId), runId: undefined as string | undefined };
      if (batchId !== undefined) batches.set(batchId, batch);
      const file = casesFile(p);
      let results;
      try {
        let content;
        try {
          content = await readCaseFile(file);
        } catch (error) {
          return { file, outcomes: [], error: (error as Error).message };
        }
        if (!content) return { file, outcomes: [], error: `No test cases at ${file} yet.` };
        const unknown = (names ?? []).filter((n) => !content.cases.some((c) => c.testCase.name === n));
        if (unknown.length > 0) return { file, outcomes: [], error: `No case named ${unknown.map((n) => `'${n}'`).join(', ')} in ${path.basename(file)}.` };
        // A case of a tool renamed in the unsaved text runs against the tool's new name.
        const renamed = (tool: string) => (renamedTools && Object.hasOwn(renamedTools, tool) ? renamedTools[tool]! : tool);
        const cases = content.cases
          .map((c) => c.testCase)
          .filter((c) => names === undefined || names.includes(c.name))
          .map((c) => (renamed(c.request.target.tool) === c.request.target.tool ? c : { ...c, request: { ...c.request, target: { ...c.request.target, tool: renamed(c.request.target.tool) } } }));
        results = await runCases(
          cases,
          (c) => {
            const runId = (batch.runId = `case-${++caseRuns}`);
            return runTool({ path: p, text }, c.request, runId);
          },
          undefined,
          () => batch.cancelled,
        );
      } finally {
        if (batchId !== undefined) batches.delete(batchId);
      }
      return {
        file,
        outcomes: results.map((r) => ({
          name: r.name,
          target: r.target,
          outcome: r.verdict.outcome,
          ...(r.verdict.outcome === 'passed' ? {} : { reason: r.verdict.reason }),
          durationMs: r.durationMs,
        })),
        ...(batch.cancelled ? { cancelled: true } : {}),
      };
    },
  };

  /** Records a finished run; a failure to record never fails the run itself. */
  const recordRun = async (toolbox: string | null, request: RunRequest, result: ToolRunResultDto): Promise<void> => {
    await history.add(toolboxKey(toolbox), entryFromRun(request, result)).catch(() => undefined);
  };

  return { handlers, recordRun, cancelBatch, history };
}
