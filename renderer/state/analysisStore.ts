import { create } from 'zustand';
import type { ApiClient } from '../../shared/api/contract';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import type { DocumentStoreHook } from './documentStore';

export interface AnalysisState {
  /** The effective toolbox and its diagnostics for the document's current text; null before the first answer. */
  analysis: ToolboxAnalysis | null;
  /** The text the analysis was made from (to map positions and to know whether it is current). */
  analyzedText: string | null;
  /** The tool the user is looking at (tool list, form, catalog, test run all follow it). */
  selectedTool: string | null;
  /** Why the last analysis failed (the server was unreachable, ...). */
  error: string | null;
  select(name: string | null): void;
}

/** How long typing must pause before the main side analyses the text again. */
export const ANALYZE_DEBOUNCE_MS = 120;

/**
 * Keeps the analysis of the open document current: the main side re-reads the unsaved text (debounced while the
 * user types), so the tool list, problems, form, catalog and test run all see the same effective toolbox.
 */
export function createAnalysisStore(api: ApiClient, useDocument: DocumentStoreHook) {
  const store = create<AnalysisState>()((set) => ({
    analysis: null,
    analyzedText: null,
    selectedTool: null,
    error: null,
    select: (selectedTool) => set({ selectedTool }),
  }));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let sequence = 0;
  const analyze = () => {
    const { path, text, status } = useDocument.getState();
    if (status !== 'ready') {
      store.setState({ analysis: null, analyzedText: null, selectedTool: null, error: null });
      return;
    }
    const mine = ++sequence;
    api.invoke('toolbox.analyze', { path, text }).then(
      (analysis) => {
        if (mine !== sequence) return; // a newer text is being analysed
        const selected = store.getState().selectedTool;
        const stillThere = selected !== null && analysis.tools.some((t) => t.name === selected);
        store.setState({ analysis, analyzedText: text, error: null, selectedTool: stillThere ? selected : (analysis.tools.find((t) => t.origin !== 'default')?.name ?? null) });
      },
      (error: unknown) => {
        if (mine === sequence) store.setState({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  useDocument.subscribe((state, previous) => {
    if (state.text === previous.text && state.status === previous.status && state.path === previous.path) return;
    clearTimeout(timer);
    // Opening a file is analysed at once; typing waits for a pause.
    const immediate = state.loadGeneration !== previous.loadGeneration || state.path !== previous.path;
    timer = setTimeout(analyze, immediate ? 0 : ANALYZE_DEBOUNCE_MS);
  });
  return store;
}

export type AnalysisStoreHook = ReturnType<typeof createAnalysisStore>;
