import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { ApiError, type HistoryEntry, type RunSettingsView, type TestCaseList, type TestCasesRun, type ToolRunResultDto } from '../../shared/api/index';
import { runKey, type RunRequest, type SavedCase } from '../../shared/run/index';
import type { BaseStores } from '../workspace';
import type { ToolInputs } from './runInputs';
import { diskName, renamesInEffect, savedRenames, topLevelKeys, withRename, type ToolRename } from './unsavedRenames';
import { errorMessage } from '../../shared/errorMessage';

/** Cancel appears only once a run has lasted this long, so quick runs do not flash a button. */
export const SHOW_CANCEL_AFTER_MS = 300;

export interface RunRecord {
  request: RunRequest;
  result: ToolRunResultDto;
}

export interface TestRunState {
  /** Inputs per document and tool, kept while the user moves between tools (and panes come and go). */
  inputs: Record<string, ToolInputs>;
  running: { runId: string; key: string; showCancel: boolean } | null;
  /** The last result per document and tool. */
  results: Record<string, RunRecord>;
  history: Record<string, HistoryEntry[]>;
  /** Why a tool's history could not be read (its file too large or damaged), per document and tool. */
  historyProblem: Record<string, string>;
  cases: TestCaseList | null;
  /** The last run of saved cases of this document, and whether one is under way. */
  caseRun: TestCasesRun | null;
  casesRunning: boolean;
  /** The batch id of the run of saved cases under way (what Cancel sends). */
  casesBatchId: string | null;
  /** The run settings the document's runs use, each with its source (the project's file, preferences...). */
  settings: RunSettingsView | null;
  /** A class being loaded ("Load the schema"): for which document and tool, and the id Cancel sends. */
  describing: { key: string; runId: string } | null;
  /** What loading a tool's class revealed (LangChain: its args schema; toolkit: its tools), per document and tool. */
  described: Record<string, { argsSchema: unknown; toolkitTools: string[] }>;
  /**
   * A one-line report of the last pane action (saved a case, copied a command, ...). `trust`: a run refused because
   * the project's interpreter is not trusted yet — the notice offers to trust it where it is read (the settings'
   * own offer may be scrolled out of view by then).
   */
  notice: { text: string; error: boolean; trust?: boolean } | null;
  /**
   * Tools renamed in the document since it was last saved (unsavedRenames.ts): their cases and runs stay on disk under
   * the saved name until the file is saved with the new one, and are shown under the new one meanwhile.
   */
  renames: ToolRename[];
  /** An MCP server's tool picked in the project view: the pane runs it instead of a toolbox entry. */
  mcpTool: McpToolPick | null;
  pickMcpTool(pick: McpToolPick | null): void;
  setInputs(key: string, inputs: ToolInputs): void;
  run(request: RunRequest): Promise<void>;
  cancel(): void;
  loadHistory(tool: string): Promise<void>;
  /** Forgets the tool's runs; with `all`, every run of the document's tools (also a history that cannot be read). */
  clearHistory(tool: string, all?: boolean): Promise<void>;
  loadCases(): Promise<void>;
  loadSettings(): Promise<void>;
  /** Writes the settings in use into the project's settings file ("Write .toolbox-editor.json"). */
  writeSettings(): Promise<void>;
  /** Trusts the interpreter the project's settings name (the app starts it only then: issue #32). */
  trustInterpreter(): Promise<void>;
  describe(tool: string): Promise<void>;
  /** Runs the saved cases: all of them, or those named. */
  runCases(names?: string[]): Promise<void>;
  cancelCases(): void;
  cancelDescribe(): void;
  /** Saves a case (a new one, or in place of `replaces`); true when saved. */
  saveCase(testCase: SavedCase, replaces?: string): Promise<boolean>;
  deleteCase(name: string): Promise<void>;
  duplicateCase(name: string): Promise<void>;
  /** Moves the cases (and runs) of a tool this toolbox no longer has to another name. */
  moveCases(tool: string, newName: string): Promise<void>;
  /** The tool list renamed a tool: its cases and runs follow once the file is saved with the new name. */
  recordRename(from: string, to: string): void;
  /** The renames the text holds now, as name on disk → name in the text (what the pane shows). */
  renamesShown(): Map<string, string>;
  setNotice(notice: TestRunState['notice']): void;
}

export type TestRunStoreHook = UseBoundStore<StoreApi<TestRunState>>;

/** A tool of an MCP server as the project view listed it: what the pane needs to make a form and a run of it. */
export interface McpToolPick {
  url: string;
  /** The name the server advertises (what a run calls). */
  tool: string;
  /** The name the LLM is given, when neuro-san renames it. */
  offered?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/** Inputs, results and history are per document as well as per tool: two files may both have a `search`. */
export const toolKey = (path: string | null, tool: string) => `${path ?? 'untitled'}\u0000${tool}`;

const fileName = (file: string) => file.split(/[\\/]/).pop();

export function createTestRunStore({ api, useDocument, useAnalysis, edits }: BaseStores): TestRunStoreHook {
  let runCounter = 0;
  /** A name for a run, a class load or a run of cases: what `tool.cancel` is given. */
  const newRunId = (kind: string) => `${kind}-${Date.now().toString(36)}-${++runCounter}`;
  /** A change of the cases file, reported in the pane; the list is read again after it. */
  const changingCases = async (change: () => Promise<string>): Promise<boolean> => {
    let ok = true;
    try {
      store.setState({ notice: { text: await change(), error: false } });
    } catch (error) {
      store.setState({ notice: { text: `Not saved: ${errorMessage(error)}`, error: true } });
      ok = false;
    }
    await store.getState().loadCases();
    return ok;
  };
  /** The renames the text holds now (the analysis's tool names say which: the last text's that parsed, while this one does not). */
  // The saved file's tools, read again only when the saved text changes (asked after every run while renames exist).
  let savedKeys: { text: string; keys: Set<string> } | undefined;
  const savedNames = (): Set<string> => {
    const text = useDocument.getState().savedText;
    if (savedKeys?.text !== text) savedKeys = { text, keys: topLevelKeys(text) };
    return savedKeys.keys;
  };
  const inEffect = (): Map<string, string> =>
    renamesInEffect(store.getState().renames, (useAnalysis.getState().lastRead ?? useAnalysis.getState().analysis)?.tools.map((t) => t.name) ?? [], savedNames);
  const store = create<TestRunState>()((set, get) => ({
    inputs: {},
    running: null,
    results: {},
    history: {},
    historyProblem: {},
    cases: null,
    described: {},
    caseRun: null,
    casesRunning: false,
    casesBatchId: null,
    settings: null,
    describing: null,
    notice: null,
    renames: [],
    mcpTool: null,
    // The notice was about the tool the pane had: kept when no MCP tool was picked and none is (the tool list's rename
    // selects the renamed entry, which ends no MCP tool's turn, and its notice must stay).
    pickMcpTool: (mcpTool) => {
      if (mcpTool === null && get().mcpTool === null) return;
      set({ mcpTool, notice: null });
    },
    setInputs: (key, inputs) => set({ inputs: { ...get().inputs, [key]: inputs } }),
    setNotice: (notice) => set({ notice }),

    run: async (request) => {
      if (get().running) return;
      edits.flush(); // the run uses the entry as the form shows it
      const { path, text } = useDocument.getState();
      // A toolbox entry's runs by its name, an MCP server's tool's by its URL and name.
      const tool = runKey(request.target);
      const key = toolKey(path, tool);
      const runId = newRunId('run');
      set({ running: { runId, key, showCancel: false }, notice: null });
      const timer = setTimeout(() => {
        const running = get().running;
        if (running?.runId === runId) set({ running: { ...running, showCancel: true } });
      }, SHOW_CANCEL_AFTER_MS);
      try {
        // The request as the pane made it: the arguments' text (Python must see `1.0` and big integers as written).
        const result = await api.invoke('tool.run', { path, text, runId, run: request });
        // The result shows with its run at the top of the history: "Save as test case" on the newest run is this one.
        await get().loadHistory(tool);
        set({ results: { ...get().results, [key]: { request, result } } });
      } catch (error) {
        const untrusted = error instanceof ApiError && error.code === 'untrusted';
        set({ notice: { text: `The run could not be made: ${errorMessage(error)}`, error: true, ...(untrusted ? { trust: true } : {}) } });
      } finally {
        clearTimeout(timer);
        set({ running: null });
      }
      await get().loadSettings();
    },

    cancel: () => {
      const running = get().running;
      if (running) void api.invoke('tool.cancel', { runId: running.runId }).catch(() => undefined);
    },

    loadHistory: async (tool) => {
      const { path } = useDocument.getState();
      // A tool renamed since the save: its runs on disk are under the saved name, and the new name's since.
      // `tool` is the history's key (runKey): an MCP server's tool is keyed by URL and name and is never renamed.
      const saved = diskName(inEffect(), tool);
      try {
        const names = [...new Set([tool, saved])];
        const lists = await Promise.all(names.map((name) => api.invoke('history.list', { path, tool: name })));
        // Only the runs kept under the saved name are shown as the renamed tool's.
        const entries = lists
          .flatMap((l, i) => (names[i] === tool ? l.entries : l.entries.map((e) => ({ ...e, request: { ...e.request, target: { ...e.request.target, tool } } }))))
          .sort((a, b) => b.at.localeCompare(a.at));
        const { [toolKey(path, tool)]: _read, ...problems } = get().historyProblem;
        set({ history: { ...get().history, [toolKey(path, tool)]: entries }, historyProblem: problems });
      } catch (error) {
        set({ history: { ...get().history, [toolKey(path, tool)]: [] }, historyProblem: { ...get().historyProblem, [toolKey(path, tool)]: errorMessage(error) } });
      }
    },

    clearHistory: async (tool, all = false) => {
      const { path } = useDocument.getState();
      try {
        if (all) await api.invoke('history.clear', { path, tool: null });
        else for (const name of new Set([tool, diskName(inEffect(), tool)])) await api.invoke('history.clear', { path, tool: name });
      } catch (error) {
        set({ notice: { text: `The history was not cleared: ${errorMessage(error)}`, error: true } });
      }
      await get().loadHistory(tool);
    },

    loadSettings: async () => {
      const { path } = useDocument.getState();
      try {
        set({ settings: await api.invoke('run.settings', { path }) });
      } catch (error) {
        set({ settings: null, notice: { text: `Cannot read the run settings: ${errorMessage(error)}`, error: true } });
      }
    },

    writeSettings: async () => {
      const { path } = useDocument.getState();
      if (!path) return;
      try {
        const settings = await api.invoke('run.writeSettings', { path });
        set({ settings, notice: { text: `Wrote the run settings to ${settings.settings.file.path}: the CLI and CI use them too.`, error: false } });
      } catch (error) {
        set({ notice: { text: `The run settings were not written: ${errorMessage(error)}`, error: true } });
      }
    },

    trustInterpreter: async () => {
      const { path } = useDocument.getState();
      if (!path) return;
      try {
        const settings = await api.invoke('run.trustInterpreter', { path });
        set({ settings, notice: { text: `Runs of this project now use ${settings.settings.python.value}.`, error: false } });
      } catch (error) {
        set({ notice: { text: `The interpreter was not trusted: ${errorMessage(error)}`, error: true } });
      }
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
        const d = (answer.description ?? {}) as { argsSchema?: unknown; tools?: { toolName: string }[] };
        const described = { argsSchema: d.argsSchema ?? null, toolkitTools: (d.tools ?? []).map((t) => t.toolName) };
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

    runCases: async (names) => {
      edits.flush();
      const { path, text } = useDocument.getState();
      if (!path || get().casesRunning) return;
      const batchId = newRunId('cases');
      set({ casesRunning: true, caseRun: null, casesBatchId: batchId });
      try {
        const renamed = inEffect();
        set({
          caseRun: await api.invoke('testcases.run', {
            path,
            text,
            batchId,
            ...(names ? { names } : {}),
            // Cases of a tool renamed since the save run against its new name.
            ...(renamed.size > 0 ? { renamedTools: Object.fromEntries(renamed) } : {}),
          }),
        });
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

    saveCase: async (testCase, replaces) => {
      const { path } = useDocument.getState();
      if (!path) {
        set({ notice: { text: 'Save the toolbox first: its test cases are kept beside it.', error: true } });
        return false;
      }
      // On disk a case names its tool as the saved file does (a rename not saved yet is shown, not written).
      const target = testCase.request.target;
      const onDisk = { ...testCase, request: { ...testCase.request, target: { ...target, tool: diskName(inEffect(), target.tool) } } };
      return changingCases(async () => {
        const { file, saved, upgraded } = await api.invoke('testcases.save', { path, testCase: onDisk, ...(replaces !== undefined ? { replaces } : {}) });
        const upgrade = upgraded ? ` The file is now version 2 (its expectations need it): older versions of Toolbox Editor cannot read it.` : '';
        return `Saved test case '${saved.name}' to ${fileName(file)}.${upgrade}`;
      });
    },

    deleteCase: async (name) => {
      const { path } = useDocument.getState();
      if (!path) return;
      await changingCases(async () => `Deleted test case '${name}' from ${fileName((await api.invoke('testcases.delete', { path, name })).file)}.`);
    },

    duplicateCase: async (name) => {
      const { path } = useDocument.getState();
      if (!path) return;
      await changingCases(async () => `Saved a copy of '${name}' as '${(await api.invoke('testcases.duplicate', { path, name })).saved.name}'.`);
    },

    moveCases: async (tool, newName) => {
      const { path } = useDocument.getState();
      if (!path) return;
      const onDisk = diskName(inEffect(), newName);
      await changingCases(async () => {
        const { moved } = await api.invoke('testcases.renameTool', { path, tool, newName: onDisk });
        return moved ? `Moved ${moved} test case${moved === 1 ? '' : 's'} and the runs of '${tool}' to '${newName}'.` : `Moved the runs of '${tool}' to '${newName}'.`;
      });
      await get().loadHistory(newName);
    },

    recordRename: (from, to) => {
      const renames = withRename(get().renames, from, to);
      const cases = get().cases?.cases.filter((c) => c.request.target.tool === from).length ?? 0;
      const file = fileName(get().cases?.file ?? '');
      set({
        renames,
        notice: {
          text: `${cases ? `Its ${cases} saved test case${cases === 1 ? '' : 's'} and its runs` : 'Its runs'} move to '${to}'${cases ? ` in ${file}` : ''} when you save the toolbox (undo the rename, or close without saving, and they stay with '${from}').`,
          error: false,
        },
      });
    },

    renamesShown: () => inEffect(),
  }));
  /** The file was saved: the renames it now holds move their cases and runs on disk (a failure loses nothing: they stay). */
  const moveSavedRenames = async (path: string, saved: readonly ToolRename[]) => {
    for (const rename of saved) {
      await changingCases(async () => {
        const { moved } = await api.invoke('testcases.renameTool', { path, tool: rename.from, newName: rename.to });
        return `Saved: moved ${moved ? `${moved} test case${moved === 1 ? '' : 's'} and ` : ''}the runs of '${rename.from}' to '${rename.to}'.`;
      });
    }
    const selected = useAnalysis.getState().selectedTool;
    if (selected) await store.getState().loadHistory(selected);
  };
  // A message about one file's runs is not about the next file opened.
  useDocument.subscribe((state, previous) => {
    if (state.loadGeneration !== previous.loadGeneration || state.path !== previous.path) {
      // Another file, the file read again, or saved under another name: the renames were of a text no longer here.
      store.setState({ notice: null, renames: [] });
      return;
    }
    if (state.savedText !== previous.savedText && state.path !== null && store.getState().renames.length > 0) {
      const { saved, pending } = savedRenames(store.getState().renames, previous.savedText, state.savedText);
      // An undo after the save takes the rename back in the text: its cases then follow back at the next save.
      store.setState({ renames: [...pending, ...saved.map((r) => ({ from: r.to, to: r.from }))] });
      if (saved.length > 0) void moveSavedRenames(state.path, saved);
    }
  });
  return store;
}
