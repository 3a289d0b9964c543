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
      (!filter.onlyProblems || t.errors + t.warnings > 0) &&
      (needle === '' || t.name.toLowerCase().includes(needle) || (t.className ?? '').toLowerCase().includes(needle)),
  );
}

export const KIND_LABEL: Record<ToolSummary['kind'], string> = { coded: 'coded', langchain: 'LangChain', toolkit: 'toolkit' };
export const ORIGIN_LABEL: Record<ToolSummary['origin'], string> = { default: 'default', user: 'this file', override: 'overrides default' };

/** The index to select after a navigation key, or undefined when the key does not navigate. */
export function navigate(key: string, current: number, count: number, pageSize: number): number | undefined {
  if (count === 0) return undefined;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current < 0 ? 0 : current + 1);
    case 'ArrowUp':
      return clamp(current < 0 ? 0 : current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(current + pageSize);
    case 'PageUp':
      return clamp(current - pageSize);
    default:
      return undefined;
  }
}
