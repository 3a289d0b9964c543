import type { DiagnosticDto } from '../../shared/api/index';
import { fileName } from '../state/documentStore';
import type { ViewStoreHook } from '../state/viewStore';
import { isFiltering, NO_PROBLEM_FILTER, problemFacets, type ProblemGrouping } from './problemFilter';

/** The Problems panel's filter (text, severity, rule, tool) and grouping, kept in the view store (F8 follows it). */
export function ProblemFilterBar({ useView, problems, shown }: { useView: ViewStoreHook; problems: readonly DiagnosticDto[]; shown: number }) {
  const filter = useView((s) => s.problemFilter);
  const grouping = useView((s) => s.problemGrouping);
  const { setProblemFilter, setProblemGrouping } = useView.getState();
  const { rules, tools } = problemFacets(problems);
  const filtering = isFiltering(filter);
  return (
    <div className="problem-filter" role="search" aria-label="Filter problems">
      <input
        type="search"
        aria-label="Filter problems by text"
        placeholder="Filter (text, rule, tool)"
        value={filter.text}
        onChange={(e) => setProblemFilter({ text: e.target.value })}
        onKeyDown={(e) => e.key === 'Escape' && filter.text && (e.stopPropagation(), setProblemFilter({ text: '' }))}
      />
      <select aria-label="Severity" value={filter.severity} onChange={(e) => setProblemFilter({ severity: e.target.value as typeof filter.severity })}>
        <option value="all">All severities</option>
        <option value="error">Errors</option>
        <option value="warning">Warnings</option>
      </select>
      <select aria-label="Rule" value={filter.rule} onChange={(e) => setProblemFilter({ rule: e.target.value })}>
        <option value="">All rules</option>
        {/* A rule chosen before the list changed stays a choice, with no problem now. */}
        {filter.rule && !rules.some(([r]) => r === filter.rule) && <option value={filter.rule}>{filter.rule} (0)</option>}
        {rules.map(([rule, n]) => (
          <option key={rule} value={rule}>
            {rule} ({n})
          </option>
        ))}
      </select>
      <select aria-label="Tool" value={filter.tool} onChange={(e) => setProblemFilter({ tool: e.target.value })}>
        <option value="">All tools</option>
        {filter.tool && !tools.some(([t]) => t === filter.tool) && <option value={filter.tool}>{filter.tool} (0)</option>}
        {tools.map(([tool, n]) => (
          <option key={tool} value={tool}>
            {tool} ({n})
          </option>
        ))}
      </select>
      <select aria-label="Group by" value={grouping} onChange={(e) => setProblemGrouping(e.target.value as ProblemGrouping)}>
        <option value="none">Not grouped</option>
        <option value="file">By file</option>
        <option value="tool">By tool</option>
      </select>
      {filtering && (
        <>
          <span className="hint" aria-live="polite">
            {shown} of {problems.length} shown
          </span>
          <button onClick={() => setProblemFilter(NO_PROBLEM_FILTER)}>Clear filter</button>
        </>
      )}
    </div>
  );
}

/** A group's title in the list: the file's name (its path in the tooltip) or the tool's. */
export const groupLabel = (grouping: ProblemGrouping, key: string) => (grouping === 'file' ? fileName(key) : key);
