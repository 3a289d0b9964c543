import { create } from 'zustand';
import type { DiagnosticDto, ToolSummary } from '../../shared/api/index';

/** What the Problems panel shows: problems matching every part (an empty part matches all). */
export interface ProblemFilter {
  /** Words of the message, rule, tool or file name, each matched case-insensitively. */
  text: string;
  severity: 'all' | DiagnosticDto['severity'];
  rule: string;
  tool: string;
}

export type ProblemGrouping = 'none' | 'file' | 'tool';

export const NO_PROBLEM_FILTER: ProblemFilter = { text: '', severity: 'all', rule: '', tool: '' };

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
  /** The agent the network view and the agent form show (an agent network file), by name. */
  selectedAgent: string | null;
  selectAgent(name: string | null): void;
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
    selectedAgent: null,
    selectAgent: (selectedAgent) => set({ selectedAgent }),
    setTab: (tab) => set({ tab }),
    setFilter: (filter) => set(filter),
    setProblemFilter: (filter) => set((s) => ({ problemFilter: { ...s.problemFilter, ...filter } })),
    setProblemGrouping: (problemGrouping) => set({ problemGrouping }),
    setActiveProblem: (activeProblem) => set({ activeProblem }),
  }));
}

export type ViewStoreHook = ReturnType<typeof createViewStore>;
