import { useEffect, useMemo, useRef } from 'react';
import { findJson } from '../../shared/catalog/findJson';
import { lineDiff } from './lineDiff';
import { plural } from '../../shared/plural';

/** Pretty JSON when both sides hold JSON (the default catalog is one long line), else the text itself. */
function comparable(text: string): string {
  const json = findJson(text);
  return json ? `${text.slice(0, json.start)}\n${JSON.stringify(json.value, null, 2)}` : text;
}

/**
 * What the catalog of the editor's text changes against the catalog of the last saved file (or, with `against`,
 * against another catalog: the one from the other reading of the file).
 */
export function CatalogDiff({ saved, current, against }: { saved: string; current: string; against?: { what: string; label: string } }) {
  const lines = useMemo(() => lineDiff(comparable(saved), comparable(current)), [saved, current]);
  const changed = lines.filter((l) => l.kind !== 'same').length;
  const firstIndex = lines.findIndex((l) => l.kind !== 'same');
  const firstChange = useRef<HTMLDivElement>(null);
  // Opens at the first change, not at the top: in a catalog of many tools the change is screens below. Again only when
  // the first change moves (the catalogs are compared afresh as they arrive), so reading further down does not jump.
  // A frame later: the pane's own effect (parents' run after children's) first reveals the view tabs at the top.
  useEffect(() => {
    const frame = requestAnimationFrame(() => firstChange.current?.scrollIntoView({ block: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [firstIndex]);
  if (saved === current) return <p className="hint">{against ? `No difference from ${against.what}.` : 'No change since the last save.'}</p>;
  return (
    <>
      <p className="hint">
        {plural(changed, 'changed line')} against {against?.what ?? 'the saved file'}.
      </p>
      <pre className="catalog-diff" aria-label={against?.label ?? 'Catalog diff against the saved file'}>
        {lines.map((l, i) => (
          <div key={i} className={`diff-${l.kind}`} ref={i === firstIndex ? firstChange : undefined}>
            {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}
            {l.text}
          </div>
        ))}
      </pre>
    </>
  );
}
