import type { Workspace } from '../workspace';

/**
 * The open file is read again when the preference "neuro-san's working directory" changes: what a top-level include
 * reads, hence the tools, the problems and the catalog, depend on it.
 */
export function refreshOnWorkingDirectoryChange(stores: Pick<Workspace, 'usePreferences' | 'useAnalysis' | 'useCatalog'>): void {
  stores.usePreferences.subscribe((state, previous) => {
    if (!state.prefs || !previous.prefs || (state.prefs.neuroSanCwd ?? '') === (previous.prefs.neuroSanCwd ?? '')) return;
    stores.useAnalysis.getState().refresh();
    stores.useCatalog.getState().refresh();
  });
}
