/**
 * The test-run pane's API methods: call history (recorded for every `tool.run`) and the saved test cases beside a
 * toolbox file. Kept out of handlers.ts, which only spreads these in.
 */
import path from 'node:path';
import type { ApiRequest, ApiResponse } from '../../shared/api/contract';
import { ApiError } from '../../shared/api/contract';
import { entryFromRun } from '../history/entryFromRun';
import { HistoryStore } from '../history/historyStore';
import { runCases } from '../testcases/runCases';
import { appendTestCase, readTestCaseFile, testCaseFileFor, TestCaseFileError } from '../testcases/testCaseFile';

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

export function createTestRunHandlers(cwd: string, stateDir: string, runTool: RunTool) {
  const history = new HistoryStore(stateDir);
  // The same name the ToolboxService gives an untitled document, so its runs have a history too.
  const toolboxKey = (p: string | null) => (p ? path.resolve(cwd, p) : path.join(cwd, 'Untitled.hocon'));

  let caseRuns = 0;
  const handlers: TestRunHandlers = {
    'history.list': async ({ path: p, tool }) => ({ entries: await history.list(toolboxKey(p), tool) }),
    'history.clear': async ({ path: p, tool }) => {
      await history.clear(toolboxKey(p), tool);
      return {};
    },
    'testcases.list': async ({ path: p }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      try {
        return { file, cases: (await readTestCaseFile(file))?.cases ?? [] };
      } catch (error) {
        return { file, cases: [], error: (error as Error).message };
      }
    },
    'testcases.save': async ({ path: p, testCase }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      try {
        const { saved } = await appendTestCase(file, testCase);
        return { file, saved };
      } catch (error) {
        if (error instanceof TestCaseFileError) throw new ApiError('conflict', `${error.message}\nFix the file, then save the case again.`);
        throw new ApiError('io', `Cannot write ${file}: ${(error as Error).message}`);
      }
    },
    'testcases.run': async ({ path: p, text }) => {
      const file = testCaseFileFor(path.resolve(cwd, p));
      let content;
      try {
        content = await readTestCaseFile(file);
      } catch (error) {
        return { file, outcomes: [], error: (error as Error).message };
      }
      if (!content) return { file, outcomes: [], error: `No test cases at ${file} yet.` };
      const outcomes = await runCases(content.cases, (c) =>
        runTool({
          path: p,
          text,
          tool: c.tool,
          runId: `case-${++caseRuns}`,
          args: c.args ?? {},
          ...(c.sly_data ? { slyData: c.sly_data } : {}),
          ...(c.timeout_seconds !== undefined ? { timeoutSeconds: c.timeout_seconds } : {}),
          ...(c.toolkit_tool ? { toolkitTool: c.toolkit_tool } : {}),
          ...(c.send_invalid_args ? { sendInvalidArgs: true } : {}),
        }),
      );
      return {
        file,
        outcomes: outcomes.map((o) => ({ name: o.name, tool: o.tool, pass: o.verdict.pass, ...(o.verdict.pass ? {} : { reason: o.verdict.reason }), durationMs: o.durationMs })),
      };
    },
  };

  /** Records a finished run; a failure to record never fails the run itself. */
  const recordRun = async (request: ApiRequest<'tool.run'>, result: ApiResponse<'tool.run'>): Promise<void> => {
    await history.add(toolboxKey(request.path), entryFromRun(request, result)).catch(() => undefined);
  };

  return { handlers, recordRun };
}
