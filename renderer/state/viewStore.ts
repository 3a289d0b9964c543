import { create } from 'zustand';
import type { ToolSummary } from '../../shared/api/index';
import { NO_PROBLEM_FILTER, type ProblemFilter, type ProblemGrouping } from '../problems/problemFilter';

/** `python`: a tool class's source, read-only (opened from the form or a hover on `class`). */
export type CentreTab = 'form' | 'hocon' | 'python';
export type KindFilter = 'all' | ToolSummary['kind'];

export interface ViewState {
  tab: CentreTab;
  filterText: string;
  filterKind: KindFilter;
  onlyProblems: boolean;
  /** What the Problems panel shows, how it groups it, and the problem F8 last moved to (problemKey). */
  problemFilter: ProblemFilter;
  problemGrouping: ProblemGrouping;
  activeProblem: string | null;
  setTab(tab: CentreTab): void;
  setFilter(filter: Partial<Pick<ViewState, 'filterText' | 'filterKind' | 'onlyProblems'>>): void;
  setProblemFilter(filter: Partial<ProblemFilter>): void;
  setProblemGrouping(grouping: ProblemGrouping): void;
  setActiveProblem(key: string | null): void;
}

export function createViewStore() {
  return create<ViewState>()((set) => ({
    tab: 'form',
    filterText: '',
    filterKind: 'all',
    onlyProblems: false,
    problemFilter: NO_PROBLEM_FILTER,
    problemGrouping: 'none',
    activeProblem: null,
    setTab: (tab) => set({ tab }),
    setFilter: (filter) => set(filter),
    setProblemFilter: (filter) => set((s) => ({ problemFilter: { ...s.problemFilter, ...filter } })),
    setProblemGrouping: (problemGrouping) => set({ problemGrouping }),
    setActiveProblem: (activeProblem) => set({ activeProblem }),
  }));
}

export type ViewStoreHook = ReturnType<typeof createViewStore>;
