import { create } from 'zustand';
import { runSettingsKey, type ApiClient } from '../../shared/api/index';
import type { PreferencesStoreHook } from '../prefs/preferencesStore';
import type { AnalysisStoreHook } from '../state/analysisStore';
import type { DocumentStoreHook } from '../state/documentStore';
import type { ViewStoreHook } from '../state/viewStore';
import type { DocumentEvents } from '../state/documentEvents';
import { errorMessage } from '../../shared/errorMessage';

/** A class's Python source, shown read-only in the centre's Python tab. */
export interface OpenSource {
  tool: string;
  file: string;
  line: number;
  text: string;
}

export interface EntryPythonState {
  /** A "Check all tools" is going on (its runId, for Cancel). */
  checkingRunId: string | null;
  /** The last check's summary lines ("N tools ready, M with problems", missing packages). */
  summary: string[] | null;
  /** Why the last check could not be done. */
  error: string | null;
  source: OpenSource | null;
  /** Why a tool's class could not be opened (shown on that tool's form). */
  sourceError: { tool: string; message: string } | null;
  check(): Promise<void>;
  cancel(): void;
  openSource(tool: string): Promise<void>;
  closeSource(): void;
}

let checks = 0;

/**
 * "Check all tools" and "open the class": the document's entries against their Python. A check is only ever started
 * by the user (importing a module runs its code); its findings come back in the analysis, which is refreshed.
 */
export function createEntryPythonStore(api: ApiClient, useDocument: DocumentStoreHook, useAnalysis: AnalysisStoreHook, useView: ViewStoreHook, usePreferences: PreferencesStoreHook, events: DocumentEvents) {
  const store = create<EntryPythonState>()((set, get) => ({
    checkingRunId: null,
    summary: null,
    error: null,
    source: null,
    sourceError: null,
    check: async () => {
      const { path, text, status } = useDocument.getState();
      if (status !== 'ready' || get().checkingRunId !== null) return;
      const runId = `check-${++checks}-${Date.now()}`;
      set({ checkingRunId: runId, error: null });
      try {
        const result = await api.invoke('toolbox.check', { path, text, runId });
        set({ summary: result.summaryText });
        useAnalysis.getState().refresh();
      } catch (error) {
        set({ error: `Could not check the tools: ${errorMessage(error)}` });
      } finally {
        set({ checkingRunId: null });
      }
    },
    cancel: () => {
      const runId = get().checkingRunId;
      if (runId !== null) void api.invoke('tool.cancel', { runId });
    },
    openSource: async (tool) => {
      const { path, text } = useDocument.getState();
      try {
        const answer = await api.invoke('tool.source', { path, text, tool });
        if (!answer.ok) {
          set({ sourceError: { tool, message: `Cannot open the class: ${answer.error}` } });
          return;
        }
        set({ source: { tool, file: answer.file, line: answer.line, text: answer.text }, sourceError: null });
        useView.getState().setTab('python');
      } catch (error) {
        set({ sourceError: { tool, message: `Cannot open the class: ${errorMessage(error)}` } });
      }
    },
    closeSource: () => {
      set({ source: null });
      if (useView.getState().tab === 'python') useView.getState().setTab('form');
    },
  }));
  // Another document, or this one saved elsewhere (the check resolved its classes from where the file was).
  events.onReplaced(() => store.setState({ summary: null, error: null }));
  useDocument.subscribe((state, previous) => {
    if (state.path !== previous.path) store.setState({ summary: null, error: null });
  });
  // Another interpreter or PYTHONPATH: the last check was about another environment. The main side drops its
  // findings (preflightHandlers.ts); the analysis is asked again so Problems shows that at once.
  usePreferences.subscribe((state, previous) => {
    if (!state.prefs || !previous.prefs || runSettingsKey(state.prefs) === runSettingsKey(previous.prefs)) return;
    store.setState({ summary: null, error: null });
    useAnalysis.getState().refresh();
  });
  return store;
}

export type EntryPythonStoreHook = ReturnType<typeof createEntryPythonStore>;
