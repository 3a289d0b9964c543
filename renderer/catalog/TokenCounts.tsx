import { useMemo, useState } from 'react';
import type { TokenizerName as Tokenizer } from '../../shared/api/index';
import type { CatalogRenderResult } from '../../shared/api/index';
import type { Workspace } from '../workspace';
import type { CatalogState } from './catalogStore';
import { useDocumentRequest } from './useDocumentRequest';

const TOKENIZERS: { name: Tokenizer; models: string }[] = [
  { name: 'o200k_base', models: 'GPT-4o, GPT-4.1, GPT-5, o-series' },
  { name: 'cl100k_base', models: 'GPT-4, GPT-3.5-turbo' },
];
type SortKey = 'tokens' | 'name';

/**
 * How many tokens the rendered catalog takes, and each tool's entry, heaviest first. Counted on the main side (the
 * encodings are megabytes): the same numbers as `toolbox-editor catalog FILE --tokens`.
 */
export function TokenCounts({ stores, settings, current }: { stores: Workspace; settings: Pick<CatalogState, 'templatePath' | 'keyOrder' | 'vars'>; current: CatalogRenderResult }) {
  const [tokenizer, setTokenizer] = useState<Tokenizer>('o200k_base');
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'tokens', descending: true });
  const { value: counts, error, busy } = useDocumentRequest(stores, `${tokenizer}\u0000${current.text}`, (fields) =>
    stores.api.invoke('catalog.tokens', {
      ...fields,
      keyOrder: settings.keyOrder,
      vars: Object.fromEntries(settings.vars.filter((v) => v.name.trim() !== '').map((v) => [v.name.trim(), v.value])),
      ...(settings.templatePath.trim() ? { templatePath: settings.templatePath.trim() } : {}),
      tokenizer,
    }),
  );
  const rows = useMemo(() => {
    const tools = [...(counts?.tools ?? [])];
    const sign = sort.descending ? -1 : 1;
    if (sort.key === 'name') tools.sort((a, b) => sign * a.name.localeCompare(b.name));
    else tools.sort((a, b) => sign * (a.tokens - b.tokens));
    return tools;
  }, [counts, sort]);
  const sortBy = (key: SortKey) => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key === 'tokens' }));
  const arrow = (key: SortKey) => (sort.key === key ? (sort.descending ? ' ▼' : ' ▲') : '');
  const percent = (n: number) => (counts && counts.total > 0 ? `${((n / counts.total) * 100).toFixed(1)}%` : '');

  return (
    <div className="token-counts" aria-busy={busy}>
      <div className="field-row">
        <label htmlFor="tokenizer">Tokenizer</label>
        <select id="tokenizer" value={tokenizer} onChange={(e) => setTokenizer(e.target.value as Tokenizer)}>
          {TOKENIZERS.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name} ({t.models})
            </option>
          ))}
        </select>
      </div>
      <p className="hint">
        OpenAI's tokenizer, counted offline. Other providers' models (Claude, Gemini, Llama…) tokenize differently, commonly 10–30% more or fewer
        tokens: read these as an estimate.
      </p>
      {error !== null && (
        <p className="pane-error" role="alert">
          {error}
        </p>
      )}
      {counts && (
        <>
          <p data-testid="catalog-token-total">
            {counts.estimated ? 'About ' : ''}
            <strong>{counts.total}</strong> tokens in the whole catalog ({counts.tools.length} tools; the template's own text {counts.overhead})
          </p>
          {counts.estimated && (
            <p className="hint" data-testid="catalog-token-estimated">
              Estimated: too long to count exactly in time (a very long run of characters is counted in pieces).
            </p>
          )}
          {counts.tools.some((t) => t.unknown) && (
            <p className="hint">
              {counts.tools.filter((t) => t.unknown).length} tools' descriptions or inputs are unknown until their class is loaded (+ ?): counted
              without the placeholder, so the catalog the LLM gets is longer.
            </p>
          )}
          <table className="token-table" aria-label="Tokens per tool">
            <thead>
              <tr>
                <th>
                  <button onClick={() => sortBy('name')}>Tool{arrow('name')}</button>
                </th>
                <th className="number">
                  <button onClick={() => sortBy('tokens')}>Tokens{arrow('tokens')}</button>
                </th>
                <th className="number">Share</th>
                <th aria-hidden="true" />
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.name}>
                  <td>{t.name}</td>
                  <td className="number">{t.tokens}</td>
                  <td className="number" title={t.unknown ? 'Its description or input is unknown until the Test run pane loads its class: counted without the placeholder' : undefined}>
                    {percent(t.tokens)}
                    {t.unknown && ' + ?'}
                  </td>
                  <td className="bar-cell">
                    <span className="token-bar" style={{ width: counts.total > 0 ? `${(t.tokens / counts.total) * 100}%` : 0 }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
