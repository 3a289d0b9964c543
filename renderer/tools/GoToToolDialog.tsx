import { useEffect, useMemo, useRef, useState } from 'react';
import type { ToolSummary } from '../../shared/api/index';
import { filterTools, KIND_LABEL } from './toolFilter';
import { navigate } from '../ui/listNavigation';

const MAX_SHOWN = 50;

/** Go to tool (Ctrl+P): type part of a name or class, Enter jumps to it. */
export function GoToToolDialog({ tools, onChoose, onClose }: { tools: readonly ToolSummary[]; onChoose(tool: ToolSummary): void; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const matches = useMemo(() => filterTools(tools, { text: query, kind: 'all', onlyProblems: false }).slice(0, MAX_SHOWN), [tools, query]);
  useEffect(() => setActive(0), [query]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Go to tool" className="modal quick-open">
        <input
          ref={input}
          aria-label="Tool name"
          role="combobox"
          aria-expanded="true"
          aria-controls="go-to-tool-list"
          aria-activedescendant={matches.length ? `go-to-${active}` : undefined}
          placeholder="Go to tool…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            const next = navigate(e.key, active, matches.length, 10);
            if (next !== undefined && e.key !== 'Home' && e.key !== 'End') {
              e.preventDefault();
              setActive(next);
            } else if (e.key === 'Enter' && matches[active]) {
              e.preventDefault();
              onChoose(matches[active]);
            } else if (e.key === 'Escape') onClose();
          }}
        />
        <ul id="go-to-tool-list" role="listbox" aria-label="Matching tools" className="quick-open-list">
          {matches.map((t, i) => (
            <li key={t.name} id={`go-to-${i}`} role="option" aria-selected={i === active} className={i === active ? 'selected' : ''} onMouseDown={() => onChoose(t)}>
              <span>{t.name}</span> <span className="hint">{KIND_LABEL[t.kind]} · {t.className ?? 'no class'}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
