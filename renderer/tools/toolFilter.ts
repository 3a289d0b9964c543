import type { ToolSummary } from '../../shared/api/index';
import type { KindFilter } from '../state/viewStore';

export interface ToolFilter {
  text: string;
  kind: KindFilter;
  onlyProblems: boolean;
}

/** The tools the list shows: text matches the name or the class (case-insensitive), then kind, then problems. */
export function filterTools(tools: readonly ToolSummary[], filter: ToolFilter): ToolSummary[] {
  const needle = filter.text.trim().toLowerCase();
  return tools.filter(
    (t) =>
      (filter.kind === 'all' || t.kind === filter.kind) &&
      // A hint is style advice, not a problem (problemCounts.ts): "problems" are errors and warnings.
      (!filter.onlyProblems || t.errors + t.warnings > 0) &&
      (needle === '' || t.name.toLowerCase().includes(needle) || (t.className ?? '').toLowerCase().includes(needle)),
  );
}

export const KIND_LABEL: Record<ToolSummary['kind'], string> = { coded: 'coded', langchain: 'LangChain', toolkit: 'toolkit' };
export const ORIGIN_LABEL: Record<ToolSummary['origin'], string> = { default: 'default', user: 'this file', override: 'overrides default' };
