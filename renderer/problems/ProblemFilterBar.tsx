import type { DiagnosticDto } from '../../shared/api/index';
import { fileName } from '../state/documentStore';
import type { ViewStoreHook } from '../state/viewStore';
import { useOptionsWhenUsed } from '../ui/useOptionsWhenUsed';
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
        <option value="hint">Hints</option>
      </select>
      <FacetSelect label="Rule" every="All rules" value={filter.rule} counts={rules} onChange={(rule) => setProblemFilter({ rule })} />
      <FacetSelect label="Tool" every="All tools" value={filter.tool} counts={tools} onChange={(tool) => setProblemFilter({ tool })} />
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

/** One facet of the filter (a rule, a tool): each value with how many problems it has, or all. */
function FacetSelect({ label, every, value, counts, onChange }: { label: string; every: string; value: string; counts: [string, number][]; onChange(value: string): void }) {
  const options = useOptionsWhenUsed(counts.length);
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} {...options.events}>
      <option value="">{every}</option>
      {/* A value chosen before the list changed stays a choice, with no problem now. */}
      {value && !counts.some(([v]) => v === value) && <option value={value}>{value} (0)</option>}
      {(options.all ? counts : counts.filter(([v]) => v === value)).map(([v, n]) => (
        <option key={v} value={v}>
          {v} ({n})
        </option>
      ))}
    </select>
  );
}

/** A group's title in the list: the file's name (its path in the tooltip) or the tool's. */
export const groupLabel = (grouping: ProblemGrouping, key: string) => (grouping === 'file' ? fileName(key) : key);
