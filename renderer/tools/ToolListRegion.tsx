import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolSummary } from '../../shared/api/index';
import { PromptDialog } from '../layout/PromptDialog';
import type { KindFilter } from '../state/viewStore';
import type { WorkspaceStores } from '../state/workspace';
import { NetworkAgents } from './NetworkAgents';
import { CheckAllTools } from '../preflight/CheckAllTools';
import { agentsUsing, invalidNameReason, isEditable } from './toolCommands';
import { filterTools, KIND_LABEL, navigate, ORIGIN_LABEL } from './toolFilter';
import { useToolActions } from './useToolActions';
import { plural } from '../../shared/plural';

const ROW_HEIGHT = 40;

/** Every effective tool, filtered, as a virtualized listbox (only the visible rows exist, so 5,000 tools scroll). */
export function ToolListRegion({ stores }: { stores: WorkspaceStores }) {
  const { useAnalysis, useView, documentModel } = stores;
  const analysis = useAnalysis((s) => s.analysis);
  const selected = useAnalysis((s) => s.selectedTool);
  const { filterText, filterKind, onlyProblems, setFilter } = useView();
  const actions = useToolActions(stores);
  const [addOpen, setAddOpen] = useState(false);
  const [renaming, setRenaming] = useState<ToolSummary | null>(null);
  const [deleted, setDeleted] = useState<{ name: string; cases: number; casesFile: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const tools = useMemo(
    () => filterTools(analysis?.tools ?? [], { text: filterText, kind: filterKind, onlyProblems }),
    [analysis, filterText, filterKind, onlyProblems],
  );
  const selectedIndex = tools.findIndex((t) => t.name === selected);
  const selectedTool = selectedIndex >= 0 ? tools[selectedIndex] : undefined;
  const editable = selectedTool !== undefined && isEditable(analysis, selectedTool);

  const virtualizer = useVirtualizer({ count: tools.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const choose = (tool: ToolSummary) => {
    useAnalysis.getState().select(tool.name);
    if (tool.file === analysis?.file) documentModel.reveal(tool.keyRange.start.offset, tool.keyRange.end.offset);
  };

  const remove = (tool: ToolSummary) => {
    // Its saved test cases (and runs) are never deleted with it: the toast says they are kept, and where.
    const testRun = stores.useTestRun.getState();
    const shown = testRun.renamesShown();
    const cases = testRun.cases?.cases.filter((c) => (shown.get(c.request.target.tool) ?? c.request.target.tool) === tool.name).length ?? 0;
    const casesFile = testRun.cases?.file.split(/[\\/]/).pop() ?? '';
    if (actions.remove(tool)) setDeleted({ name: tool.name, cases, casesFile });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const pageSize = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const next = navigate(event.key, selectedIndex, tools.length, pageSize);
    if (next !== undefined) {
      event.preventDefault();
      choose(tools[next] as ToolSummary);
    } else if (event.key === 'Delete' && selectedTool && editable) {
      event.preventDefault();
      remove(selectedTool);
    } else if (event.key === 'F2' && selectedTool && editable) {
      event.preventDefault();
      setRenaming(selectedTool);
    } else if (event.key === 'Enter' && selectedTool) {
      stores.useView.getState().setTab('form');
    }
  };

  const renameWarning = renaming ? agentsUsing(analysis, renaming.name) : [];

  return (
    <section className="region tool-list-region" aria-label="Tool list">
      <h2 className="region-title">Tools {analysis ? `(${tools.length}/${analysis.tools.length})` : ''}</h2>
      <div className="tool-filter">
        <input aria-label="Filter tools" placeholder="Filter by name or class" value={filterText} onChange={(e) => setFilter({ filterText: e.target.value })} />
        <div className="tool-filter-row">
          <select aria-label="Kind" value={filterKind} onChange={(e) => setFilter({ filterKind: e.target.value as KindFilter })}>
            <option value="all">All kinds</option>
            <option value="coded">Coded</option>
            <option value="langchain">LangChain</option>
            <option value="toolkit">Toolkit</option>
          </select>
          <label className="checkbox">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setFilter({ onlyProblems: e.target.checked })} />
            Has problems
          </label>
        </div>
      </div>
      <div className="tool-actions">
        <div className="menu-anchor">
          <button aria-haspopup="menu" aria-expanded={addOpen} disabled={!analysis} onClick={() => setAddOpen(!addOpen)}>
            Add tool
          </button>
          {addOpen && (
            <div role="menu" className="menu" onKeyDown={(e) => e.key === 'Escape' && setAddOpen(false)}>
              {(['coded', 'langchain', 'toolkit'] as const).map((kind) => (
                <button
                  key={kind}
                  role="menuitem"
                  onClick={() => {
                    setAddOpen(false);
                    actions.add(kind);
                  }}
                >
                  {kind === 'coded' ? 'Coded tool' : kind === 'langchain' ? 'LangChain tool' : 'Toolkit'}
                </button>
              ))}
            </div>
          )}
        </div>
        <button disabled={!editable} onClick={() => selectedTool && actions.duplicate(selectedTool)}>
          Duplicate
        </button>
        <button disabled={!editable} onClick={() => selectedTool && setRenaming(selectedTool)}>
          Rename
        </button>
        <button disabled={!editable} onClick={() => selectedTool && remove(selectedTool)}>
          Delete tool
        </button>
      </div>
      <CheckAllTools stores={stores} />
      {deleted && (
        <div className="toast" role="status">
          Deleted {deleted.name}.{' '}
          {deleted.cases > 0 &&
            `Its ${plural(deleted.cases, 'saved test case')} and its runs are kept in ${deleted.casesFile}: Undo brings the tool back; saved without it, the Test run pane offers to move them to another tool or delete them. `}
          <button
            onClick={() => {
              documentModel.undo();
              setDeleted(null);
            }}
          >
            Undo
          </button>
          <button aria-label="Dismiss" onClick={() => setDeleted(null)}>
            ×
          </button>
        </div>
      )}
      <div
        ref={listRef}
        className="tool-list"
        role="listbox"
        aria-label="Tools"
        tabIndex={0}
        aria-activedescendant={selectedIndex >= 0 ? `tool-option-${selectedIndex}` : undefined}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const tool = tools[row.index] as ToolSummary;
            return (
              <div
                key={tool.name}
                id={`tool-option-${row.index}`}
                role="option"
                aria-selected={tool.name === selected}
                aria-label={tool.name}
                aria-setsize={tools.length}
                aria-posinset={row.index + 1}
                className={`tool-option${tool.name === selected ? ' selected' : ''}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                onClick={() => choose(tool)}
                onDoubleClick={() => stores.useView.getState().setTab('form')}
              >
                <span className="tool-name">{tool.name}</span>
                <span className="tool-meta">
                  <span className={`badge kind-${tool.kind}`}>{KIND_LABEL[tool.kind]}</span>
                  <span className={`badge origin-${tool.origin}`}>{ORIGIN_LABEL[tool.origin]}</span>
                  {tool.errors > 0 && <span className="count-error" title={plural(tool.errors, 'error')}>✕ {tool.errors}</span>}
                  {tool.warnings > 0 && <span className="count-warning" title={plural(tool.warnings, 'warning')}>⚠ {tool.warnings}</span>}
                </span>
              </div>
            );
          })}
        </div>
        {analysis && tools.length === 0 && <p className="placeholder">No tool matches the filter.</p>}
        {!analysis && <p className="placeholder">Open a toolbox file to see its tools.</p>}
      </div>
      <NetworkAgents stores={stores} />
      {renaming && (
        <PromptDialog
          title={`Rename ${renaming.name}`}
          label="New name"
          actionLabel="Rename"
          initialValue={renaming.name}
          warning={renameWarning.length ? `The open agent network refers to ${renaming.name} in: ${renameWarning.join(', ')}. Those references keep the old name.` : undefined}
          validate={(name) => invalidNameReason(name, analysis?.tools ?? [], renaming.name)}
          onCancel={() => setRenaming(null)}
          onSubmit={(name) => {
            const tool = renaming;
            setRenaming(null);
            if (name !== tool.name) actions.rename(tool, name);
          }}
        />
      )}
    </section>
  );
}
