import { useDeferredValue, useMemo } from 'react';
import { outline, type OutlineSymbol } from '../../shared/language/index';
import type { Workspace } from '../workspace';
import { CollapseToggle } from '../ui/CollapseToggle';

/** At most this many rows: a toolbox of thousands of tools lists its first ones (Ctrl+Shift+O searches them all). */
const MAX_ROWS = 2000;

/**
 * The HOCON tab's outline: the file's keys, two levels deep, from the language service (shared/language). A click
 * shows the key in the editor. Computed from the text when it shows, deferred so typing stays first. Folded, it is a
 * strip with the button that unfolds it (CentreRegion folds it by itself where the code would be too narrow).
 */
export function OutlinePanel({ stores, visible, open, onToggle }: { stores: Workspace; visible: boolean; open: boolean; onToggle(): void }) {
  const text = stores.useDocument((s) => s.text);
  const deferred = useDeferredValue(visible && open ? text : '');
  const rows = useMemo(() => {
    const out: { symbol: OutlineSymbol; depth: number }[] = [];
    for (const symbol of outline(deferred)) {
      if (out.length >= MAX_ROWS) break;
      out.push({ symbol, depth: 0 });
      for (const child of symbol.children) if (out.length < MAX_ROWS) out.push({ symbol: child, depth: 1 });
    }
    return out;
  }, [deferred]);
  if (!open) {
    return (
      <nav className="hocon-outline folded" aria-label="Outline">
        <CollapseToggle pane="outline" collapsed onToggle={onToggle} />
      </nav>
    );
  }
  return (
    <nav className="hocon-outline" aria-label="Outline">
      <div className="hocon-outline-title">
        <CollapseToggle pane="outline" collapsed={false} onToggle={onToggle} />
        Outline
      </div>
      <ul>
        {rows.map(({ symbol, depth }) => (
          <li key={`${symbol.start}:${depth}`} style={{ paddingLeft: 6 + depth * 12 }}>
            <button type="button" className="link-button" title={symbol.detail} onClick={() => stores.documentModel.reveal(symbol.nameStart, symbol.nameEnd)}>
              {symbol.name || '""'}
            </button>
          </li>
        ))}
      </ul>
      {rows.length >= MAX_ROWS && <div className="hocon-outline-more">First {MAX_ROWS} shown: Ctrl+Shift+O searches every key.</div>}
    </nav>
  );
}
