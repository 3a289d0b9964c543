/**
 * The test-run pane's API methods: call history (recorded for every `tool.run`) and the saved test cases beside a
 * toolbox file. Kept out of handlers.ts, which only spreads these in.
 */
import path from 'node:path';
import type { ApiRequest, ApiResponse } from '../../shared/api/index';
import { ApiError } from '../../shared/api/index';
import { entryFromRun } from '../history/entryFromRun';
import { HistoryStore } from '../history/historyStore';
import { runCases } from '../testcases/runCases';
import { appendTestCase, caseArgsJson, readTestCaseFile, TestCaseArgsError, testCaseFileFor, TestCaseFileError } from '../testcases/testCaseFile';
import { documentPath } from './documentPath';

type Handler<M extends 'history.list' | 'history.clear' | 'testcases.list' | 'testcases.save' | 'testcases.run'> = (request: ApiRequest<M>) => Promise<ApiResponse<M>>;

export interface TestRunHandlers {
  'history.list': Handler<'history.list'>;
  'history.clear': Handler<'history.clear'>;
  'testcases.list': Handler<'testcases.list'>;
  'testcases.save': Handler<'testcases.save'>;
  'testcases.run': Handler<'testcases.run'>;
}

/** How the handlers run a tool: the ToolboxService's run (not the API's, so case runs stay out of the history). */
export type RunTool = (request: ApiRequest<'tool.run'>) => Promise<ApiResponse<'tool.run'>>;

/** Cancels one tool run by its id; false when no such run is going on. */
export type CancelRun = (runId: string) => boolean;

export function createTestRunHandlers(cwd: string, stateDir: string, runTool: RunTool, cancelRun: CancelRun = () => false) {
  const history = new HistoryStore(stateDir);
  const toolboxKey = (p: string | null) => documentPath(cwd, p);

  let caseRuns = 0;
  /** Runs of all cases that can be cancelled, by batch id: whether cancelled, and the case run going on. */
  const batches = new Map<string, { cancelled: boolean; runId: string | undefined }>();
  /** Cancels a run of all cases (`tool.cancel` with its batch id): the case running now and the ones after it. */
  const cancelBatch = (batchId: string): boolean => {
    const batch = batches.get(batchId);
    if (!batch || batch.cancelled) return false;
    batch.cancelled = true;
    if (batch.runId !== undefined) cancelRun(batch.runId);
    return true;
  };
  const handlers: TestRunHandlers = {
    'history.list': async ({ path: p, tool }) => ({ entries: await history.list(toolboxKey(p), tool) }),
    'history.clear': async ({ path: p, tool }) => {
      await history.clear(toolboxKey(p), tool);
      return {};
    },
    'testcases.list': async ({ path: p }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      try {
        // The cases as values: what the pane shows (a run reads the file's own text of args).
        return { file, cases: ((await readTestCaseFile(file))?.cases ?? []).map(({ argsJson: _text, ...testCase }) => testCase) };
      } catch (error) {
        return { file, cases: [], error: (error as Error).message };
      }
    },
    'testcases.save': async ({ path: p, testCase, argsJson }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      try {
        const { saved } = await appendTestCase(file, testCase, argsJson);
        return { file, saved };
      } catch (error) {
        if (error instanceof TestCaseArgsError) throw new ApiError('invalid_request', error.message);
        if (error instanceof TestCaseFileError) throw new ApiError('conflict', `${error.message}\nFix the file, then save the case again.`);
        throw new ApiError('io', `Cannot write ${file}: ${(error as Error).message}`);
      }
    },
    'testcases.run': async ({ path: p, text, batchId }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      let content;
      try {
        content = await readTestCaseFile(file);
      } catch (error) {
        return { file, outcomes: [], error: (error as Error).message };
      }
      if (!content) return { file, outcomes: [], error: `No test cases at ${file} yet.` };
      const batch = { cancelled: false, runId: undefined as string | undefined };
      if (batchId !== undefined) batches.set(batchId, batch);
      let outcomes;
      try {
        outcomes = await runCases(
          content.cases,
          (c) => {
            const runId = (batch.runId = `case-${++caseRuns}`);
            return runTool({
              path: p,
              text,
              tool: c.tool,
              runId,
              argsJson: caseArgsJson(c),
              ...(c.sly_data ? { slyData: c.sly_data } : {}),
              ...(c.timeout_seconds !== undefined ? { timeoutSeconds: c.timeout_seconds } : {}),
              ...(c.toolkit_tool ? { toolkitTool: c.toolkit_tool } : {}),
              ...(c.send_invalid_args ? { sendInvalidArgs: true } : {}),
            });
          },
          undefined,
          () => batch.cancelled,
        );
      } finally {
        if (batchId !== undefined) batches.delete(batchId);
      }
      return {
        file,
        outcomes: outcomes.map((o) => ({ name: o.name, tool: o.tool, pass: o.verdict.pass, ...(o.verdict.pass ? {} : { reason: o.verdict.reason }), durationMs: o.durationMs })),
        ...(batch.cancelled ? { cancelled: true } : {}),
      };
    },
  };

  /** Records a finished run; a failure to record never fails the run itself. */
  const recordRun = async (request: ApiRequest<'tool.run'>, result: ApiResponse<'tool.run'>): Promise<void> => {
    await history.add(toolboxKey(request.path), entryFromRun(request, result)).catch(() => undefined);
  };

  return { handlers, recordRun, cancelBatch };
}
