import type { DiagnosticDto } from '../../shared/api/index';
import type { ProblemFilter, ProblemGrouping } from '../state/viewStore';

export { NO_PROBLEM_FILTER, type ProblemFilter, type ProblemGrouping } from '../state/viewStore';

export const isFiltering = (filter: ProblemFilter) =>
  filter.text.trim() !== '' || filter.severity !== 'all' || filter.rule !== '' || filter.tool !== '';

/** The problems that match, in the order given (the panel's: errors first, see sortProblems). */
export function filterProblems(problems: readonly DiagnosticDto[], filter: ProblemFilter): DiagnosticDto[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return problems.filter(
    (d) =>
      (filter.severity === 'all' || d.severity === filter.severity) &&
      (filter.rule === '' || d.rule === filter.rule) &&
      (filter.tool === '' || d.tool === filter.tool) &&
      words.every((w) => `${d.message} ${d.rule} ${d.tool ?? ''} ${d.file}`.toLowerCase().includes(w)),
  );
}

/** The rules and tools the problems name, for the filter's choices (each with how many problems it has). */
export function problemFacets(problems: readonly DiagnosticDto[]): { rules: [string, number][]; tools: [string, number][] } {
  const count = (key: (d: DiagnosticDto) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const d of problems) {
      const k = key(d);
      if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => a[0].localeCompare(b[0]));
  };
  return { rules: count((d) => d.rule), tools: count((d) => d.tool) };
}

/** A group's title row or one problem: the rows of the panel's list. */
export type ProblemRow = { kind: 'group'; key: string; label: string; count: number; folded: boolean } | { kind: 'problem'; problem: DiagnosticDto; index: number };

/** Problems not about one tool are grouped under this title when grouped by tool. */
export const NO_TOOL_GROUP = '(not about one tool)';

/**
 * The list's rows: the problems as they are, or under one title row per file (the open file first) or per tool, in
 * the order their first problem has; a folded group keeps its title row only. `index` is the problem's place in
 * `problems` (what F8 steps through).
 */
export function problemRows(problems: readonly DiagnosticDto[], grouping: ProblemGrouping, folded: ReadonlySet<string>, openFile?: string): ProblemRow[] {
  if (grouping === 'none') return problems.map((problem, index) => ({ kind: 'problem', problem, index }));
  const groups = new Map<string, { problem: DiagnosticDto; index: number }[]>();
  const keyOf = (d: DiagnosticDto) => (grouping === 'file' ? d.file : (d.tool ?? NO_TOOL_GROUP));
  if (grouping === 'file' && openFile !== undefined && problems.some((d) => d.file === openFile)) groups.set(openFile, []);
  problems.forEach((problem, index) => {
    const key = keyOf(problem);
    const group = groups.get(key) ?? [];
    group.push({ problem, index });
    groups.set(key, group);
  });
  const rows: ProblemRow[] = [];
  for (const [key, items] of groups) {
    const isFolded = folded.has(key);
    rows.push({ kind: 'group', key, label: key, count: items.length, folded: isFolded });
    if (!isFolded) for (const item of items) rows.push({ kind: 'problem', ...item });
  }
  return rows;
}

/** Identifies a problem across analyses of the same text (the active one F8 moves from). */
export const problemKey = (d: DiagnosticDto) => `${d.file}\u0000${d.range.start.offset}\u0000${d.rule}\u0000${d.message}`;

/**
 * The index of the problem F8 (`step` 1) or Shift+F8 (`step` -1) moves to from the active one: the next in the list,
 * round the end; from none, the first (or the last). -1 when there is none.
 */
export function stepProblem(problems: readonly DiagnosticDto[], activeKey: string | null, step: 1 | -1): number {
  if (problems.length === 0) return -1;
  const at = activeKey === null ? -1 : problems.findIndex((d) => problemKey(d) === activeKey);
  if (at < 0) return step === 1 ? 0 : problems.length - 1;
  return (at + step + problems.length) % problems.length;
}
