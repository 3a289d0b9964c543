import { useEffect, useRef, useState } from 'react';
import { plural } from '../../shared/plural';
import { CollapseToggle } from '../ui/CollapseToggle';
import { Icon } from '../ui/icons';
import { navigate } from '../ui/listNavigation';
import { PromptDialog } from '../ui/PromptDialog';
import type { Workspace } from '../workspace';
import { addAgent } from './agentEdits';
import { AGENT_KIND_LABEL, CALL_KIND_LABEL, SHORT_KIND_LABEL } from './kindLabels';
import { ancestorKeys, hasChildren, visibleRows, type TreeRow } from './networkTree';
import { countsOf } from './openNetwork';
import { RemoveAgentDialog } from './RemoveAgentDialog';
import { useOpenNetwork } from './useOpenNetwork';
import './network.css';

const ROW_HEIGHT = 26;

/**
 * For an agent network file, in place of the tool list: its agents as an indented tree from the front man (each with
 * its kind and problem count), then those it never reaches. Selecting an agent shows it in the form and its line in
 * the HOCON tab; arrows move (Left and Right fold and unfold an agent's calls, as trees do), Enter opens the form.
 */
export function NetworkRegion({ stores, collapse }: { stores: Workspace; collapse?: { collapsed: boolean; toggle(): void } }) {
  const view = useOpenNetwork(stores);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  /** The rows folded (by key): their calls are hidden. */
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const treeRef = useRef<HTMLDivElement>(null);
  const allRows = view?.rows ?? [];
  const rows = visibleRows(allRows, collapsed);
  const selectedName = view?.selected?.agent.name;

  const allRowsNow = useRef(allRows);
  allRowsNow.current = allRows;
  // An agent selected elsewhere (the form, Problems, added) under a folded row: the rows above it unfold. Only when
  // the selection changes: folding a row above the selected agent is the user's choice.
  useEffect(() => {
    const rowsNow = allRowsNow.current;
    const at = rowsNow.findIndex((r) => r.agent?.agent.name === selectedName);
    const above = at < 0 ? [] : ancestorKeys(rowsNow, at);
    setCollapsed((was) => (above.some((key) => was.has(key)) ? new Set([...was].filter((key) => !above.includes(key))) : was));
  }, [selectedName]);
  // The active row follows the selected agent (selected in the form, added, removed) unless it already shows it.
  useEffect(() => {
    setActive((was) => (rows[was]?.agent?.agent.name === selectedName ? was : Math.max(0, rows.findIndex((r) => r.agent?.agent.name === selectedName))));
  }, [rows, selectedName]);
  useEffect(() => {
    treeRef.current?.querySelector(`#agent-row-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (!view) return null;
  const choose = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActive(index);
    if (row.agent) stores.useView.getState().selectAgent(row.agent.agent.name);
    if (row.offset !== undefined) stores.documentModel.reveal(row.offset, row.offset + row.name.length + 2);
  };
  const fold = (row: TreeRow, folded: boolean) =>
    setCollapsed((was) => {
      const next = new Set(was);
      if (folded) next.add(row.key);
      else next.delete(row.key);
      return next;
    });
  const onKeyDown = (event: React.KeyboardEvent) => {
    const row = rows[active];
    if (row && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      // The tree pattern: Right unfolds, then goes to the first call; Left folds, then goes to the caller.
      event.preventDefault();
      const parent = rows.findLastIndex((r, i) => i < active && r.depth < row.depth);
      if (event.key === 'ArrowRight' && hasChildren(rows, active)) choose(active + 1);
      else if (event.key === 'ArrowRight' && collapsed.has(row.key)) fold(row, false);
      else if (event.key === 'ArrowLeft' && hasChildren(rows, active)) fold(row, true);
      else if (event.key === 'ArrowLeft' && parent >= 0) choose(parent);
      return;
    }
    const pageSize = Math.max(1, Math.floor((treeRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const next = navigate(event.key, active, rows.length, pageSize);
    if (next !== undefined) {
      event.preventDefault();
      choose(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      stores.useView.getState().setTab('form');
    } else if (event.key === 'Delete' && rows[active]?.agent?.span) {
      event.preventDefault();
      setRemoving(rows[active]!.agent!.agent.name);
    }
  };
  const names = new Set(view.network.agents.map((a) => a.agent.name));

  return (
    <section className={`region tool-list-region network-region${collapse?.collapsed ? ' collapsed' : ''}`} aria-label="Agent network">
      <header className="region-header">
        {collapse && <CollapseToggle pane="agent network" collapsed={collapse.collapsed} onToggle={collapse.toggle} />}
        <h2 className="region-title">Agents ({view.network.agents.length})</h2>
        <span className="status-spacer" />
      </header>
      {!collapse?.collapsed && (
        <div className="tool-actions">
          <span className="hint">{view.network.frontMan ? `From ${view.network.frontMan}` : 'No front man'}</span>
          <span className="status-spacer" />
          <button className="icon-button" aria-label="Add agent" title="Add an LLM agent at the end of the network's tools list" onClick={() => setAdding(true)}>
            <Icon name="plus" />
          </button>
          <button className="icon-button" aria-label="Remove agent" title="Remove the selected agent (Delete; asks first, saying what names it)" disabled={!view.selected?.span} onClick={() => view.selected && setRemoving(view.selected.agent.name)}>
            <Icon name="trash" />
          </button>
        </div>
      )}
      {!collapse?.collapsed && (
        <div
          ref={treeRef}
          className="network-tree"
          role="tree"
          aria-label="Agents"
          tabIndex={0}
          aria-activedescendant={rows.length > 0 ? `agent-row-${active}` : undefined}
          onKeyDown={onKeyDown}
        >
          {rows.map((row, index) => (
            <Row
              key={row.key}
              row={row}
              index={index}
              expanded={hasChildren(rows, index) ? true : collapsed.has(row.key) ? false : undefined}
              onFold={(folded) => fold(row, folded)}
              active={index === active} selected={row.agent !== undefined && row.agent.agent.name === selectedName} counts={countsOf(row.agent ? view.problems.get(row.name) : undefined)} onChoose={() => choose(index)} onOpen={() => stores.useView.getState().setTab('form')} />
          ))}
          {rows.length === 0 && <p className="placeholder">No agents: the file&apos;s `tools` list is empty. Add one.</p>}
        </div>
      )}
      {adding && (
        <PromptDialog
          title="Add an agent"
          label="Name"
          actionLabel="Add"
          initialValue=""
          validate={(name) => (name.trim() === '' ? 'Give the agent a name.' : names.has(name) ? `${name} is already an agent of this network.` : /^\//.test(name) ? 'A name starting with / names another network.' : null)}
          onCancel={() => setAdding(false)}
          onSubmit={(name) => {
            setAdding(false);
            try {
              stores.documentModel.applyEdits(addAgent(stores.useDocument.getState().text, name));
              stores.useView.getState().selectAgent(name);
              stores.useView.getState().setTab('form');
            } catch (error) {
              stores.useDocument.getState().setNotice({ kind: 'error', message: `Could not add ${name}: ${(error as Error).message}` });
            }
          }}
        />
      )}
      {removing && <RemoveAgentDialog stores={stores} name={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function Row({
  row,
  index,
  expanded,
  onFold,
  active,
  selected,
  counts,
  onChoose,
  onOpen,
}: {
  row: TreeRow;
  index: number;
  /** Whether its calls show; undefined for a row without calls. */
  expanded: boolean | undefined;
  onFold(folded: boolean): void;
  active: boolean;
  selected: boolean;
  counts: ReturnType<typeof countsOf>;
  onChoose(): void;
  onOpen(): void;
}) {
  const kindLabel = row.agent ? AGENT_KIND_LABEL[row.agent.agent.kind] : CALL_KIND_LABEL[row.kind as 'network' | 'mcp' | 'unknown'];
  const problems = counts.errors + counts.warnings + counts.hints;
  return (
    <>
      {row.unreached && (
        <div className="network-tree-heading" role="presentation">
          Not reached from the front man
        </div>
      )}
      <div
        id={`agent-row-${index}`}
        role="treeitem"
        aria-level={row.depth + 1}
        aria-selected={selected}
        aria-expanded={expanded}
        aria-label={`${row.name}, ${kindLabel}${problems > 0 ? `, ${plural(problems, 'problem')}` : ''}${row.seenAbove ? ', shown above' : ''}`}
        data-agent={row.agent ? row.name : undefined}
        className={`network-row${active ? ' active' : ''}${selected ? ' selected' : ''}${row.agent ? '' : ' call-row'}`}
        style={{ paddingLeft: 8 + row.depth * 16, height: ROW_HEIGHT }}
        onClick={onChoose}
        onDoubleClick={onOpen}
      >
        <span
          className="network-twisty"
          aria-hidden="true"
          onClick={(e) => {
            if (expanded === undefined) return;
            e.stopPropagation();
            onFold(expanded);
          }}
        >
          {expanded === undefined ? '' : expanded ? '▾' : '▸'}
        </span>
        <span className="tool-name">{row.name}</span>
        <span className="tool-meta">
          {row.seenAbove && <span className="hint" title="Its tools are shown where it first appears">↑</span>}
          <span className={`badge agent-kind-${row.kind}`} title={kindLabel}>
            {SHORT_KIND_LABEL[row.kind]}
          </span>
          {counts.errors > 0 && <span className="count-error" title={plural(counts.errors, 'error')}>✕ {counts.errors}</span>}
          {counts.warnings > 0 && <span className="count-warning" title={plural(counts.warnings, 'warning')}>⚠ {counts.warnings}</span>}
          {counts.hints > 0 && <span className="count-hint" title={plural(counts.hints, 'hint')}>ℹ {counts.hints}</span>}
        </span>
      </div>
    </>
  );
}
