import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Command } from '../commands/commandRegistry';
import { CollapseToggle } from '../ui/CollapseToggle';
import { Icon } from '../ui/icons';
import { MenuButton } from '../ui/Menu';
import type { DiagnosticDto, ToolSummary } from '../../shared/api/index';
import { PromptDialog } from '../ui/PromptDialog';
import type { KindFilter } from '../state/viewStore';
import type { Workspace } from '../workspace';
import { CheckAllTools } from '../preflight/CheckAllTools';
import { agentsUsing, invalidNameReason, isEditable } from './toolCommands';
import { filterTools, KIND_LABEL, ORIGIN_LABEL } from './toolFilter';
import { navigate } from '../ui/listNavigation';
import { useToolActions } from './useToolActions';
import { plural } from '../../shared/plural';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import { unreadWords } from '../state/unreadText';
import { AnalysisPending } from '../ui/AnalysisPending';
import { rowInView } from '../ui/rowInView';

const ROW_HEIGHT = 36;

const ADD_COMMANDS = [
  { id: 'tool.add.coded', kind: 'coded', label: 'Coded tool' },
  { id: 'tool.add.langchain', kind: 'langchain', label: 'LangChain tool' },
  { id: 'tool.add.toolkit', kind: 'toolkit', label: 'Toolkit' },
] as const;

export interface ToolListRegionProps {
  stores: Workspace;
  /** Folding the list to its title row (the layout keeps whether it is). */
  collapse?: { collapsed: boolean; toggle(): void };
}

/**
 * Every effective tool, filtered, as a virtualized listbox (only the visible rows exist, so 5,000 tools scroll). The
 * tool commands (add, duplicate, rename, delete) are registered here, where the rename dialog lives: the buttons, the
 * Add tool menu, the palette and the keys all run them from the registry.
 */
export function ToolListRegion({ stores, collapse }: ToolListRegionProps) {
  const { useAnalysis, useView, documentModel, commands } = stores;
  // Only the open file's tools: another file's (held until this one's first answer) could be picked as this one's.
  const open = useOpenAnalysis(stores);
  // While the text does not parse, the tools of the last text that did (the list does not empty on a keystroke).
  const analysis = toolsOf(open);
  const unread = open.kind === 'ready' ? open.unread : null;
  const selected = useAnalysis((s) => s.selectedTool);
  const { filterText, filterKind, onlyProblems, setFilter } = useView();
  const actions = useToolActions(stores);
  const [renaming, setRenaming] = useState<ToolSummary | null>(null);
  const [deleted, setDeleted] = useState<{ name: string; cases: number; casesFile: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const tools = useMemo(
    () => filterTools(analysis?.tools ?? [], { text: filterText, kind: filterKind, onlyProblems }),
    [analysis, filterText, filterKind, onlyProblems],
  );
  const selectedIndex = tools.findIndex((t) => t.name === selected);
  const selectedTool = selectedIndex >= 0 ? tools[selectedIndex] : undefined;
  // No edit is computed from a text that does not parse: the list's positions are of the last one that did.
  const editable = selectedTool !== undefined && isEditable(analysis, selectedTool) && unread === null;

  const virtualizer = useVirtualizer({ count: tools.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  useEffect(() => {
    if (selectedIndex < 0 || rowInView(virtualizer, selectedIndex)) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const choose = (tool: ToolSummary) => {
    useAnalysis.getState().select(tool.name);
    if (tool.file === analysis?.file && unread === null) documentModel.reveal(tool.keyRange.start.offset, tool.keyRange.end.offset);
  };

  /** Shows a problem's place in the HOCON tab (the tab first: the editor measures itself when shown). */
  const showInText = (d: DiagnosticDto) => {
    useView.getState().setTab('hocon');
    requestAnimationFrame(() => documentModel.reveal(d.range.start.offset, d.range.end.offset));
  };

  const remove = (tool: ToolSummary) => {
    // Its saved test cases (and runs) are never deleted with it: the toast says they are kept, and where.
    const testRun = stores.useTestRun.getState();
    const shown = testRun.renamesShown();
    const cases = testRun.cases?.cases.filter((c) => (shown.get(c.request.target.tool) ?? c.request.target.tool) === tool.name).length ?? 0;
    const casesFile = testRun.cases?.file.split(/[\\/]/).pop() ?? '';
    if (actions.remove(tool)) setDeleted({ name: tool.name, cases, casesFile });
  };

  // The commands read the list's state when run, through a ref: registered once, never stale.
  const live = useRef({ selectedTool, editable, analysis, unread });
  live.current = { selectedTool, editable, analysis, unread };
  useEffect(() => {
    const canEdit = () => live.current.selectedTool !== undefined && live.current.editable;
    const list: Command[] = [
      ...ADD_COMMANDS.map(({ id, kind, label }) => ({
        id,
        title: `Add ${label === 'Toolkit' ? 'a toolkit' : `a ${label.toLowerCase().replace('langchain', 'LangChain')}`}`,
        category: 'Tool',
        enabled: () => live.current.analysis !== null && live.current.unread === null,
        run: () => actions.add(kind),
      })),
      { id: 'tool.duplicate', title: 'Duplicate the selected tool', category: 'Tool', enabled: canEdit, run: () => live.current.selectedTool && actions.duplicate(live.current.selectedTool) },
      { id: 'tool.rename', title: 'Rename the selected tool', category: 'Tool', shortcuts: ['F2'], keyScope: 'focus', enabled: canEdit, run: () => live.current.selectedTool && setRenaming(live.current.selectedTool) },
      { id: 'tool.delete', title: 'Delete the selected tool', category: 'Tool', shortcuts: ['Delete'], keyScope: 'focus', enabled: canEdit, run: () => live.current.selectedTool && remove(live.current.selectedTool) },
    ];
    return commands.register(list);
    // `remove` and `actions` depend on stores alone.
  }, [commands, actions]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const pageSize = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const next = navigate(event.key, selectedIndex, tools.length, pageSize);
    if (next !== undefined) {
      event.preventDefault();
      choose(tools[next] as ToolSummary);
    } else if (event.key === 'Delete' || event.key === 'F2') {
      event.preventDefault();
      commands.run(event.key === 'Delete' ? 'tool.delete' : 'tool.rename');
    } else if (event.key === 'Enter' && selectedTool) {
      stores.useView.getState().setTab('form');
    }
  };

  const renameWarning = renaming ? agentsUsing(analysis, renaming.name) : [];

  return (
    <section className={`region tool-list-region${collapse?.collapsed ? ' collapsed' : ''}`} aria-label="Tool list">
      <header className="region-header">
        {collapse && <CollapseToggle pane="tool list" collapsed={collapse.collapsed} onToggle={collapse.toggle} />}
        <h2 className="region-title">Tools {analysis ? `(${tools.length}/${analysis.tools.length})` : ''}</h2>
        {/* While the text does not parse the list is of the last text that did; a click shows where this one stops. */}
        {unread && (
          <span className="tool-list-unread" role="status" aria-label="Text not read">
            <button className="link" title={`${unread.message} The list shows the tools of the last text that could be read.`} onClick={() => showInText(unread)}>
              {unreadWords(unread)}
            </button>
          </span>
        )}
        <span className="status-spacer" />
        {!collapse?.collapsed && (
          <MenuButton
            label="Add tool ▾"
            ariaLabel="Add tool"
            disabled={!analysis || unread !== null}
            items={ADD_COMMANDS.map(({ id, label }) => ({ id, label, run: () => commands.run(id) }))}
          />
        )}
      </header>
      {!collapse?.collapsed && (
        <>
          <div className="tool-filter">
            <input aria-label="Filter tools" placeholder="Filter tools" title="Part of a tool's name or class" value={filterText} onChange={(e) => setFilter({ filterText: e.target.value })} />
            <select aria-label="Kind" value={filterKind} onChange={(e) => setFilter({ filterKind: e.target.value as KindFilter })}>
              <option value="all">All kinds</option>
              <option value="coded">Coded</option>
              <option value="langchain">LangChain</option>
              <option value="toolkit">Toolkit</option>
            </select>
            <label className="checkbox" title="Only the tools with problems">
              <input type="checkbox" aria-label="Has problems" checked={onlyProblems} onChange={(e) => setFilter({ onlyProblems: e.target.checked })} />
              <span aria-hidden="true">⚠</span>
            </label>
          </div>
          <div className="tool-actions">
            <CheckAllTools stores={stores} />
            <span className="status-spacer" />
            <button className="icon-button" aria-label="Duplicate" title="Duplicate the selected tool" disabled={!editable} onClick={() => commands.run('tool.duplicate')}>
              <Icon name="copy" />
            </button>
            <button className="icon-button" aria-label="Rename" title="Rename the selected tool (F2)" disabled={!editable} onClick={() => commands.run('tool.rename')}>
              <Icon name="pencil" />
            </button>
            <button className="icon-button" aria-label="Delete tool" title="Delete the selected tool (Delete)" disabled={!editable} onClick={() => commands.run('tool.delete')}>
              <Icon name="trash" />
            </button>
          </div>
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
                      {tool.hints > 0 && <span className="count-hint" title={plural(tool.hints, 'hint')}>ℹ {tool.hints}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
            {analysis && tools.length === 0 && <p className="placeholder">No tool matches the filter.</p>}
            {open.kind !== 'ready' && <AnalysisPending open={open} idle="Open a toolbox file to see its tools." />}
          </div>
        </>
      )}
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
