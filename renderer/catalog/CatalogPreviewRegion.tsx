import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Workspace } from '../workspace';
import { fileName } from '../state/documentStore';
import { CatalogDiff } from './CatalogDiff';
import { CatalogMappingNote } from './CatalogMappingNote';
import { CatalogSettings } from './CatalogSettings';
import { ContractResults } from './ContractResults';
import { ReadingChoice } from './ReadingChoice';
import { findJson } from '../../shared/catalog/findJson';
import { VisibleWhitespace } from './VisibleWhitespace';
import { TokenCounts } from './TokenCounts';
import { SimilarTools } from './SimilarTools';
import { CompareWith } from './CompareWith';
import { useRevealWhenShown } from '../ui/useRevealWhenShown';
import { focusFirstShown } from '../ui/focusField';
import type { Command } from '../commands/commandRegistry';
import './catalog.css';

type View = 'text' | 'json' | 'diff' | 'readings' | 'tokens' | 'similar' | 'compare';

const VIEWS: readonly View[] = ['text', 'json', 'diff', 'readings', 'tokens', 'similar', 'compare'];
const VIEW_TAB: Record<View, string> = { text: 'Text', json: 'JSON', diff: 'Diff vs saved', readings: 'Diff vs other reading', tokens: 'Tokens', similar: 'Similar', compare: 'Compare with…' };
/** Each view as the palette lists it. */
const VIEW_COMMAND: Record<View, string> = {
  text: 'Show the catalog as text',
  json: 'Show the catalog as JSON',
  diff: "Show the catalog's diff against the saved file",
  readings: "Show the catalog's diff against the other reading",
  tokens: "Show the catalog's token counts",
  similar: 'Show the tools with similar descriptions',
  compare: 'Compare the catalog with a revision or a file…',
};

/** The tool catalog an LLM is shown, rendered from the editor's text exactly as Python Jinja2 renders it. */
export function CatalogPreviewRegion({ stores }: { stores: Workspace }) {
  const useCatalog = stores.useCatalog;
  const state = useCatalog(
    useShallow((s) => ({
      templatePath: s.templatePath,
      keyOrder: s.keyOrder,
      reading: s.reading,
      setReading: s.setReading,
      vars: s.vars,
      setTemplatePath: s.setTemplatePath,
      setKeyOrder: s.setKeyOrder,
      setVars: s.setVars,
      current: s.current,
      currentError: s.currentError,
      saved: s.saved,
      savedError: s.savedError,
      lastUpdateMs: s.lastUpdateMs,
      renderedText: s.renderedText,
    })),
  );
  const status = stores.useDocument((s) => s.status);
  const path = stores.useDocument((s) => s.path);
  // Whether the preview shows the editor's text as it is now, or an earlier text while the next render is on its way.
  const upToDate = stores.useDocument((s) => s.text === state.renderedText);
  const [view, setView] = useState<View>('text');
  // A view chosen shows from its tabs down: the settings and contract above scroll away, not the view below.
  const viewTabs = useRevealWhenShown<HTMLDivElement>(view);
  const [copied, setCopied] = useState(false);
  const text = state.current?.text ?? null;
  const json = useMemo(() => (text === null ? null : findJson(text)), [text]);
  // The views as commands (the palette): registered once, enabled while a catalog shows; the chosen view's tab takes
  // the focus (Tab then goes into the view).
  const rendered = useRef(false);
  rendered.current = status === 'ready' && state.current !== null;
  useEffect(() => {
    const list: Command[] = VIEWS.map((v) => ({
      id: `catalog.view.${v}`,
      title: VIEW_COMMAND[v],
      category: 'Catalog',
      enabled: () => rendered.current,
      run: () => {
        setView(v);
        return focusFirstShown([`.catalog-views [data-view="${v}"][aria-selected="true"]`]);
      },
    }));
    return stores.commands.register(list);
  }, [stores.commands]);

  const copy = async () => {
    if (text === null) return;
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <section className="region catalog-region" aria-label="Catalog preview" aria-busy={!upToDate} data-catalog={upToDate ? 'current' : 'pending'}>
      {/* The figures of the text in view share the title's row: a row of catalog more in view at 1280×800. */}
      <div className="catalog-header">
        <h2 className="region-title">Catalog preview</h2>
        {status === 'ready' && state.current && (
          <p className="hint catalog-stats" data-testid="catalog-stats" title={state.lastUpdateMs !== null ? `${state.current.text.length} characters, updated ${state.lastUpdateMs} ms after the edit` : undefined}>
            {state.current.text.length} characters
            {state.lastUpdateMs !== null && <span data-update-ms={state.lastUpdateMs}> · {state.lastUpdateMs} ms</span>}
            {/* Shown only when a render takes a moment (a big file): no flicker on every keystroke. Always there, only
                hidden while up to date: a box added to the header on a keystroke lays the whole pane out again, which
                re-wraps every line of a big catalog (a second at 5,000 tools, before the keystroke's analysis is sent). */}
            <span className={upToDate ? 'busy-note idle' : 'busy-note delayed'} aria-hidden={upToDate}>
              {' · updating…'}
            </span>
          </p>
        )}
      </div>
      {status !== 'ready' ? (
        <div className="placeholder">{status === 'loading' ? 'Opening the file…' : 'Open a toolbox file to see the tool catalog an LLM is shown.'}</div>
      ) : (
        <div className="pane-body">
          {/* Two folded notes on one row (each opened takes the row's width): at 1280×800 every row above the views is a
              row of catalog less in view. */}
          <div className="catalog-notes">
            <CatalogSettings settings={state} templateInUse={state.current?.templatePath ?? null} templateDescription={state.current?.templateDescription ?? null} />
            <CatalogMappingNote />
          </div>
          <ReadingChoice reading={state.reading} setReading={state.setReading} differs={(state.current?.otherReadingText ?? null) !== null} onShow={() => setView('readings')} />
          {state.currentError !== null && (
            <p className="pane-error" role="alert">
              {state.currentError}
            </p>
          )}
          {!state.current && state.currentError === null && (
            <p className="placeholder busy-note" role="status">
              Rendering the catalog of {fileName(path)}…
            </p>
          )}

          {state.current && (
            <>
              <ContractResults result={state.current} />
              <div className="pane-tabs catalog-views" role="tablist" aria-label="Catalog view" ref={viewTabs}>
                {VIEWS.map((v) => (
                  <button key={v} role="tab" data-view={v} aria-selected={view === v} className={view === v ? 'selected' : ''} onClick={() => setView(v)}>
                    {VIEW_TAB[v]}
                  </button>
                ))}
                <span className="status-spacer" />
                <button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy'}</button>
              </div>
              {view === 'text' && <VisibleWhitespace key={path ?? ''} text={state.current.text} label="Rendered catalog" />}
              {view === 'json' &&
                (json ? (
                  <pre className="catalog-text" aria-label="Catalog JSON">
                    {JSON.stringify(json.value, null, 2)}
                  </pre>
                ) : (
                  <p className="hint">The rendered text holds no JSON.</p>
                ))}
              {view === 'readings' && (
                <CatalogDiff
                  saved={state.current.otherReadingText ?? state.current.text}
                  current={state.current.text}
                  against={{
                    what: state.reading === 'neuro-san' ? "the specification's reading of the text" : "neuro-san's reading (what the LLM gets)",
                    label: 'Catalog diff against the other reading',
                  }}
                />
              )}
              {view === 'tokens' && <TokenCounts stores={stores} settings={state} current={state.current} />}
              {view === 'similar' && <SimilarTools stores={stores} current={state.current} />}
              {view === 'compare' && <CompareWith stores={stores} />}
              {view === 'diff' &&
                (state.saved ? (
                  <CatalogDiff saved={state.saved.text} current={state.current.text} />
                ) : (
                  <p className="hint">{state.savedError ?? 'The file has not been saved yet: there is no saved catalog to compare with.'}</p>
                ))}
            </>
          )}
        </div>
      )}
    </section>
  );
}
