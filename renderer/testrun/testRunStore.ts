import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ToolRunResultDto } from '../../shared/api/index';
import type { HistoryEntry, TestCase, TestCasesRun } from '../../shared/api/index';
import { layoutIfJson } from '../../shared/hocon/index';
import type { BaseStores } from '../workspace';
import { entryArgsJson, type RunInputs, type ToolInputs } from './runInputs';
import { errorMessage } from '../../shared/errorMessage';

/** Cancel appears only once a run has lasted this long, so quick runs do not flash a button. */
export const SHOW_CANCEL_AFTER_MS = 300;

export interface RunRecord {
  tool: string;
  request: RunInputs & { sendInvalidArgs?: boolean };
  result: ToolRunResultDto;
}

export interface TestRunState {
  /** Inputs per document and tool, kept while the user moves between tools (and panes come and go). */
  inputs: Record<string, ToolInputs>;
  running: { runId: string; key: string; showCancel: boolean } | null;
  /** The last result per document and tool. */
  results: Record<string, RunRecord>;
  history: Record<string, HistoryEntry[]>;
  cases: { file: string; cases: TestCase[]; error?: string } | null;
  /** The last "Run saved cases" of this document, and whether one is under way. */
  caseRun: TestCasesRun | null;
  casesRunning: boolean;
  /** The batch id of the run of saved cases under way (what Cancel sends). */
  casesBatchId: string | null;
  /** A class being loaded ("Load the schema"): for which document and tool, and the id Cancel sends. */
  describing: { key: string; runId: string } | null;
  /** What loading a tool's class revealed (LangChain: its args schema; toolkit: its tools), per document and tool. */
  described: Record<string, { argsSchema: unknown; toolkitTools: string[] }>;
  /** A one-line report of the last pane action (saved a case, copied a command, ...). */
  notice: { text: string; error: boolean } | null;
  setInputs(key: string, inputs: ToolInputs): void;
  run(tool: string, request: RunInputs & { sendInvalidArgs?: boolean }): Promise<void>;
  cancel(): void;
  loadHistory(tool: string): Promise<void>;
  clearHistory(tool: string): Promise<void>;
  loadCases(): Promise<void>;
  describe(tool: string): Promise<void>;
  runCases(): Promise<void>;
  cancelCases(): void;
  cancelDescribe(): void;
  saveCase(entry: HistoryEntry): Promise<void>;
  setNotice(notice: TestRunState['notice']): void;
}

export type TestRunStoreHook = UseBoundStore<StoreApi<TestRunState>>;

/** Inputs, results and history are per document as well as per tool: two files may both have a `search`. */
export const toolKey = (path: string | null, tool: string) => `${path ?? 'untitled'}\u0000${tool}`;


/** A short, readable name for a case saved from the history: the tool and its arguments. */
function caseName(entry: HistoryEntry): string {
  const args = layoutIfJson(entryArgsJson(entry));
  return `${entry.tool} ${args.length > 60 ? `${args.slice(0, 59)}…` : args}`;
}

export function createTestRunStore({ api, useDocument, edits }: BaseStores): TestRunStoreHook {
  let runCounter = 0;
  /** A name for a run, a class load or a run of cases: what `tool.cancel` is given. */
  const newRunId = (kind: string) => `${kind}-${Date.now().toString(36)}-${++runCounter}`;
  const store = create<TestRunState>()((set, get) => ({
    inputs: {},
    running: null,
    results: {},
    history: {},
    cases: null,
    described: {},
    caseRun: null,
    casesRunning: false,
    casesBatchId: null,
    describing: null,
    notice: null,
    setInputs: (key, inputs) => set({ inputs: { ...get().inputs, [key]: inputs } }),
    setNotice: (notice) => set({ notice }),

    run: async (tool, request) => {
      if (get().running) return;
      edits.flush(); // the run uses the entry as the form shows it
      const { path, text } = useDocument.getState();
      const key = toolKey(path, tool);
      const runId = newRunId('run');
      set({ running: { runId, key, showCancel: false }, notice: null });
      const timer = setTimeout(() => {
        const running = get().running;
        if (running?.runId === runId) set({ running: { ...running, showCancel: true } });
      }, SHOW_CANCEL_AFTER_MS);
      try {
        const result = await api.invoke('tool.run', {
          path,
          text,
          tool,
          runId,
          // The text, not the value: Python must see `1.0` and big integers as the user wrote them.
          argsJson: request.argsJson,
          ...(request.slyData ? { slyData: request.slyData } : {}),
          ...(request.timeoutSeconds !== undefined ? { timeoutSeconds: request.timeoutSeconds } : {}),
          ...(request.toolkitTool ? { toolkitTool: request.toolkitTool } : {}),
          ...(request.sendInvalidArgs ? { sendInvalidArgs: true } : {}),
        });
        set({ results: { ...get().results, [key]: { tool, request, result } } });
      } catch (error) {
        set({ notice: { text: `The run could not be made: ${errorMessage(error)}`, error: true } });
      } finally {
        clearTimeout(timer);
        set({ running: null });
      }
      await get().loadHistory(tool);
    },

    cancel: () => {
      const running = get().running;
      if (running) void api.invoke('tool.cancel', { runId: running.runId }).catch(() => undefined);
    },

    loadHistory: async (tool) => {
      const { path } = useDocument.getState();
      try {
        const { entries } = await api.invoke('history.list', { path, tool });
        set({ history: { ...get().history, [toolKey(path, tool)]: entries } });
      } catch (error) {
        set({ notice: { text: `Cannot read the history: ${errorMessage(error)}`, error: true } });
      }
    },

    clearHistory: async (tool) => {
      const { path } = useDocument.getState();
      await api.invoke('history.clear', { path, tool });
      await get().loadHistory(tool);
    },

    describe: async (tool) => {
      edits.flush();
      const { path, text } = useDocument.getState();
      const runId = newRunId('describe');
      set({ describing: { key: toolKey(path, tool), runId }, notice: null });
      try {
        const answer = await api.invoke('tool.describe', { path, text, tool, runId });
        if (!answer.ok) {
          const cancelled = answer.error === 'cancelled';
          set({ notice: { text: cancelled ? 'Loading the class was cancelled.' : `Cannot load the class: ${answer.error ?? 'unknown error'}`, error: !cancelled } });
          return;
        }
        const d = (answer.description ?? {}) as { argsSchema?: unknown; tools?: { name: string }[] };
        const described = { argsSchema: d.argsSchema ?? null, toolkitTools: (d.tools ?? []).map((t) => t.name) };
        set({ described: { ...get().described, [toolKey(path, tool)]: described } });
      } catch (error) {
        set({ notice: { text: `Cannot load the class: ${errorMessage(error)}`, error: true } });
      } finally {
        if (get().describing?.runId === runId) set({ describing: null });
      }
    },

    cancelDescribe: () => {
      const describing = get().describing;
      if (describing) void api.invoke('tool.cancel', { runId: describing.runId }).catch(() => undefined);
    },

    runCases: async () => {
      edits.flush();
      const { path, text } = useDocument.getState();
      if (!path || get().casesRunning) return;
      const batchId = newRunId('cases');
      set({ casesRunning: true, caseRun: null, casesBatchId: batchId });
      try {
        set({ caseRun: await api.invoke('testcases.run', { path, text, batchId }) });
      } catch (error) {
        set({ notice: { text: `The saved cases could not be run: ${errorMessage(error)}`, error: true } });
      } finally {
        set({ casesRunning: false, casesBatchId: null });
      }
    },

    cancelCases: () => {
      const batchId = get().casesBatchId;
      if (batchId) void api.invoke('tool.cancel', { runId: batchId }).catch(() => undefined);
    },

    loadCases: async () => {
      const { path } = useDocument.getState();
      if (!path) {
        set({ cases: null });
        return;
      }
      const cases = await api.invoke('testcases.list', { path });
      // A run of another file's cases is not this file's.
      set({ cases, ...(get().caseRun && get().caseRun?.file !== cases.file ? { caseRun: null } : {}) });
    },

    saveCase: async (entry) => {
      const { path } = useDocument.getState();
      if (!path) {
        set({ notice: { text: 'Save the toolbox first: its test cases are kept beside it.', error: true } });
        return;
      }
      const testCase: TestCase = {
        name: caseName(entry),
        tool: entry.tool,
        args: entry.args,
        ...(entry.slyData && Object.keys(entry.slyData).length ? { sly_data: entry.slyData } : {}),
        ...(entry.toolkitTool ? { toolkit_tool: entry.toolkitTool } : {}),
        ...(entry.timeoutSeconds !== undefined ? { timeout_seconds: entry.timeoutSeconds } : {}),
        ...(entry.sendInvalidArgs ? { send_invalid_args: true } : {}),
        expect: entry.result.isError ? { error: true } : { content: entry.result.content },
      };
      try {
        // The file keeps the arguments as the run sent them (its text), not JavaScript's reading of them.
        const { file, saved } = await api.invoke('testcases.save', { path, testCase, ...(entry.argsJson !== undefined ? { argsJson: entry.argsJson } : {}) });
        set({ notice: { text: `Saved test case '${saved.name}' to ${file.split(/[\\/]/).pop()}`, error: false } });
      } catch (error) {
        set({ notice: { text: `Not saved: ${errorMessage(error)}`, error: true } });
      }
      await get().loadCases();
    },
  }));
  // A message about one file's runs is not about the next file opened.
  useDocument.subscribe((state, previous) => {
    if (state.loadGeneration !== previous.loadGeneration || state.path !== previous.path) store.setState({ notice: null });
  });
  return store;
}
