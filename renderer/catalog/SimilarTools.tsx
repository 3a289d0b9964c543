import { useState } from 'react';
import type { CatalogRenderResult } from '../../shared/api/index';
import type { Workspace } from '../workspace';
import { useDocumentRequest } from './useDocumentRequest';

/**
 * Tools an LLM could confuse: the most similar pairs of catalog entries by their words, and a box that ranks the
 * tools against a request typed by the user. Both are lexical (TF-IDF cosine, shared/review/similarity.ts), and the
 * pane says so: they show which tools compete for the same words, not what a model would choose.
 */
export function SimilarTools({ stores, current }: { stores: Workspace; current: CatalogRenderResult }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const { value, error } = useDocumentRequest(stores, `${query}\u0000${current.text}`, (fields) =>
    stores.api.invoke('catalog.similarity', { ...fields, ...(query.trim() ? { query } : {}) }),
  );
  return (
    <div className="similar-tools">
      <p className="hint">
        By the words of each tool's name, description and parameter names (TF-IDF cosine): lexical overlap, not an LLM's judgement. Pairs at or
        above {value?.threshold ?? '…'} are warned about (<code>similarityThreshold</code> in <code>.toolbox-editor.json</code>).
      </p>
      {error !== null && (
        <p className="pane-error" role="alert">
          {error}
        </p>
      )}
      <form
        className="field-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(typed);
        }}
      >
        <label htmlFor="match-query">Which tool would match?</label>
        <input id="match-query" value={typed} placeholder="a user request, e.g. find recent papers on transformers" onChange={(e) => setTyped(e.target.value)} />
        <button type="submit">Rank</button>
      </form>
      {query.trim() !== '' && value && (
        <>
          <p className="hint">Tools ranked by the words they share with the request (a tool with the request's words in a row first). An LLM reads meaning, not just words: treat this as a hint.</p>
          {value.matches.length === 0 ? (
            <p className="hint">No tool shares a word with this request.</p>
          ) : (
            <table className="review-table" aria-label="Tools matching the request">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Tool</th>
                  <th>Score</th>
                  <th>Matched words</th>
                </tr>
              </thead>
              <tbody>
                {value.matches.map((m, i) => (
                  <tr key={m.name}>
                    <td>{i + 1}</td>
                    <td>{m.name}</td>
                    <td>{m.score.toFixed(2)}</td>
                    <td className="review-words">{m.matched.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {value && (
        <table className="review-table" aria-label="Most similar tools">
          <thead>
            <tr>
              <th>Tools</th>
              <th>Similarity</th>
              <th>Shared words</th>
            </tr>
          </thead>
          <tbody>
            {value.pairs.map((p) => (
              <tr key={`${p.a}\u0000${p.b}`}>
                <td>
                  {p.warn && <span className="review-warn" title="An LLM could take one for the other">⚠ </span>}
                  {p.a} / {p.b}
                </td>
                <td>{p.score.toFixed(2)}</td>
                <td className="review-words">{p.shared.slice(0, 10).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
