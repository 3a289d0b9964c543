import { useDeferredValue, useMemo } from 'react';
import { outline, type OutlineSymbol } from '../../shared/language/index';
import type { Workspace } from '../workspace';

/** At most this many rows: a toolbox of thousands of tools lists its first ones (Ctrl+Shift+O searches them all). */
const MAX_ROWS = 2000;

/**
 * The HOCON tab's outline: the file's keys, two levels deep, from the language service (shared/language). A click
 * shows the key in the editor. Computed from the text when the tab shows, deferred so typing stays first.
 */
export function OutlinePanel({ stores, visible }: { stores: Workspace; visible: boolean }) {
  const text = stores.useDocument((s) => s.text);
  const deferred = useDeferredValue(visible ? text : '');
  const rows = useMemo(() => {
    const out: { symbol: OutlineSymbol; depth: number }[] = [];
    for (const symbol of outline(deferred)) {
      if (out.length >= MAX_ROWS) break;
      out.push({ symbol, depth: 0 });
      for (const child of symbol.children) if (out.length < MAX_ROWS) out.push({ symbol: child, depth: 1 });
    }
    return out;
  }, [deferred]);
  return (
    <nav className="hocon-outline" aria-label="Outline">
      <div className="hocon-outline-title">Outline</div>
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
