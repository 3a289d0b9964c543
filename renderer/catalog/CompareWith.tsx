import { useEffect, useState } from 'react';
import { useRevealWhenShown } from '../ui/useRevealWhenShown';
import type { ToolboxDiffDto } from '../../shared/api/index';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

type Against = { revision: string } | { file: string };

/**
 * "Compare with…": the semantic diff of the editor's text against the file at a git commit, branch or tag, or
 * against another file: the tool changes (breaking ones marked) and the catalog's diff and token change.
 */
export function CompareWith({ stores }: { stores: Workspace }) {
  const path = stores.useDocument((s) => s.path);
  const [revisions, setRevisions] = useState<{ inRepository: boolean; revisions: { name: string; kind: string; title: string }[] } | null>(null);
  const [mode, setMode] = useState<'revision' | 'file'>('revision');
  const [target, setTarget] = useState('HEAD');
  const [report, setReport] = useState<ToolboxDiffDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sender] = useState(() => stores.texts.createSender());
  // The comparison's answer (or its error) brought into view with the form above it.
  const revealed = useRevealWhenShown<HTMLDivElement>(report ?? error);

  useEffect(() => {
    if (path === null) return;
    stores.api.invoke('git.revisions', { path }).then(
      (r) => {
        setRevisions(r);
        if (!r.inRepository) setMode('file');
      },
      () => setRevisions({ inRepository: false, revisions: [] }),
    );
  }, [stores, path]);

  if (path === null) return <p className="hint">Save the file first: an untitled document has nothing to be compared with.</p>;

  const compare = async () => {
    const against: Against = mode === 'revision' ? { revision: target.trim() } : { file: target.trim() };
    setBusy(true);
    try {
      const text = stores.useDocument.getState().text;
      setReport(await sender.send(text, (fields) => stores.api.invoke('toolbox.diff', { ...fields, path, against })));
      setError(null);
    } catch (e) {
      setReport(null);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="compare-with" aria-busy={busy} ref={revealed}>
      {revisions && !revisions.inRepository && <p className="hint">This file is not in a git repository: compare it with another file.</p>}
      <form
        className="field-row"
        onSubmit={(e) => {
          e.preventDefault();
          void compare();
        }}
      >
        <select aria-label="Compare with" value={mode} onChange={(e) => setMode(e.target.value as 'revision' | 'file')}>
          {revisions?.inRepository !== false && <option value="revision">git revision</option>}
          <option value="file">another file</option>
        </select>
        <input aria-label={mode === 'revision' ? 'Revision' : 'Other file'} list={mode === 'revision' ? 'compare-revisions' : undefined} value={target} onChange={(e) => setTarget(e.target.value)} />
        <datalist id="compare-revisions">
          {revisions?.revisions.map((r) => (
            <option key={`${r.kind}:${r.name}`} value={r.name}>
              {r.kind}: {r.title}
            </option>
          ))}
        </datalist>
        <button type="submit" disabled={target.trim() === '' || busy}>
          Compare
        </button>
      </form>
      {error !== null && (
        <p className="pane-error" role="alert">
          {error}
        </p>
      )}
      {report && <DiffReport report={report} />}
    </div>
  );
}

function DiffReport({ report }: { report: ToolboxDiffDto }) {
  const { tokensBefore, tokensAfter, tokenizer, tokensEstimated, diff } = report.catalog;
  const delta = tokensAfter - tokensBefore;
  return (
    <div aria-label="Toolbox diff">
      <p data-testid="diff-verdict" className={report.breaking ? 'diff-breaking' : ''}>
        {report.changes.length === 0 ? 'No change to the tools' : report.breaking ? 'Breaking: an agent that uses these tools may fail' : 'No breaking change'} — {report.after}{' '}
        against {report.before}
      </p>
      {report.changes.length > 0 && (
        <table className="review-table" aria-label="Tool changes">
          <tbody>
            {report.changes.map((c) => (
              <tr key={`${c.kind}:${c.tool}`}>
                <td>
                  <strong>{c.tool}</strong>
                  <br />
                  {c.kind === 'renamed' ? `renamed from ${c.from}` : c.kind}
                  {c.breaking && <span className="diff-breaking"> · breaking</span>}
                </td>
                <td>
                  {c.details
                    .filter((d) => c.kind !== 'removed' && !(c.kind === 'renamed' && d.field === 'name'))
                    .map((d, i) => (
                      <div key={i} className={d.breaking ? 'diff-breaking' : ''}>
                        {d.field}: {d.wordDiff !== undefined ? <WordDiff text={d.wordDiff} /> : d.change}
                      </div>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="diff-tokens">
        Catalog: {tokensEstimated ? 'about ' : ''}
        {tokensBefore} → {tokensAfter} tokens ({delta >= 0 ? '+' : ''}
        {delta}, {tokenizer}; {tokensEstimated ? 'estimated: too long to count exactly in time; ' : ''}an estimate for other providers)
      </p>
      {diff && (
        <pre className="catalog-diff" aria-label="Catalog diff against the comparison">
          {diff
            .split('\n')
            .slice(4)
            .map((line, i) => (
              <div key={i} className={line.startsWith('+') ? 'diff-added' : line.startsWith('-') ? 'diff-removed' : ''}>
                {line}
              </div>
            ))}
        </pre>
      )}
    </div>
  );
}

/** A word diff's [-removed-] and {+added+} words, struck out and highlighted. */
function WordDiff({ text }: { text: string }) {
  const parts = text.split(/(\[-[\s\S]*?-\]|\{\+[\s\S]*?\+\})/);
  return (
    <span className="word-diff">
      {parts.map((part, i) =>
        part.startsWith('[-') && part.endsWith('-]') ? (
          <del key={i} className="diff-removed">
            {part.slice(2, -2)}
          </del>
        ) : part.startsWith('{+') && part.endsWith('+}') ? (
          <ins key={i} className="diff-added">
            {part.slice(2, -2)}
          </ins>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </span>
  );
}
