import { create } from 'zustand';
import type { ToolSummary } from '../../shared/api/index';

/** `python`: a tool class's source, read-only (opened from the form or a hover on `class`). */
export type CentreTab = 'form' | 'hocon' | 'python';
export type KindFilter = 'all' | ToolSummary['kind'];

export interface ViewState {
  tab: CentreTab;
  filterText: string;
  filterKind: KindFilter;
  onlyProblems: boolean;
  setTab(tab: CentreTab): void;
  setFilter(filter: Partial<Pick<ViewState, 'filterText' | 'filterKind' | 'onlyProblems'>>): void;
}

export function createViewStore() {
  return create<ViewState>()((set) => ({
    tab: 'form',
    filterText: '',
    filterKind: 'all',
    onlyProblems: false,
    setTab: (tab) => set({ tab }),
    setFilter: (filter) => set(filter),
  }));
}

export type ViewStoreHook = ReturnType<typeof createViewStore>;
