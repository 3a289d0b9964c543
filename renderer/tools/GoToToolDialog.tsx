import { useCallback } from 'react';
import type { ToolSummary } from '../../shared/api/index';
import { QuickPick } from '../ui/QuickPick';
import { filterTools, KIND_LABEL } from './toolFilter';

const MAX_SHOWN = 50;

/** Go to tool (Ctrl+P): type part of a name or class, Enter jumps to it. */
export function GoToToolDialog({ tools, onChoose, onClose }: { tools: readonly ToolSummary[]; onChoose(tool: ToolSummary): void; onClose(): void }) {
  const match = useCallback((query: string) => filterTools(tools, { text: query, kind: 'all', onlyProblems: false }).slice(0, MAX_SHOWN), [tools]);
  return (
    <QuickPick
      title="Go to tool"
      inputLabel="Tool name"
      placeholder="Go to tool…"
      listLabel="Matching tools"
      match={match}
      keyOf={(t) => t.name}
      render={(t) => (
        <>
          <span>{t.name}</span> <span className="hint">{KIND_LABEL[t.kind]} · {t.className ?? 'no class'}</span>
        </>
      )}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
