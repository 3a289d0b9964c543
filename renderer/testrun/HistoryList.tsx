import type { HistoryEntry } from '../../shared/api/index';
import { layoutIfJson } from '../../shared/hocon/index';
import { HISTORY_KEEPS } from '../../shared/run/index';

export interface HistoryActions {
  rerun(entry: HistoryEntry): void;
  copyCli(entry: HistoryEntry): void;
  saveCase(entry: HistoryEntry): void;
  clear(): void;
  /** Forgets every run of the document's tools. */
  clearAll(): void;
}

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The selected tool's past runs, newest first (kept across restarts by the main side). */
export function HistoryList({ entries, problem, canSaveCases, actions }: { entries: HistoryEntry[]; problem?: string; canSaveCases: boolean; actions: HistoryActions }) {
  return (
    <details className="history" open>
      <summary>History ({entries.length})</summary>
      {problem !== undefined ? (
        <>
          <p className="pane-error" role="status">
            {problem}
          </p>
          <button onClick={actions.clearAll}>Clear all</button>
        </>
      ) : entries.length === 0 ? (
        <p className="hint">No runs of this tool yet.</p>
      ) : (
        <>
          <ol className="history-list" aria-label="Run history">
            {entries.map((entry) => (
              <li key={entry.id} className={entry.result.isError ? 'is-error' : ''}>
                <div className="history-line">
                  <span aria-label={entry.result.isError ? 'error' : 'ok'}>{entry.result.isError ? '✗' : '✓'}</span>
                  <span className="hint">{time(entry.at)}</span>
                  <code className="history-args">{entry.request.target.kind === 'toolbox' && entry.request.target.toolkitTool ? `${entry.request.target.toolkitTool} ` : ''}{layoutIfJson(entry.request.argsJson)}</code>
                </div>
                <div className="history-buttons">
                  <button onClick={() => actions.rerun(entry)}>Re-run</button>
                  <button onClick={() => actions.copyCli(entry)}>Copy as CLI</button>
                  <button
                    disabled={!canSaveCases || (entry.result.truncated && !entry.result.isError)}
                    title={!canSaveCases ? 'Save the toolbox first: its test cases are kept beside it' : entry.result.truncated ? 'The history kept only part of this content' : undefined}
                    onClick={() => actions.saveCase(entry)}
                  >
                    Save as test case…
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <div className="history-buttons">
            <button onClick={actions.clear}>Clear history</button>
            <button title="Forget the runs of every tool of this toolbox" onClick={actions.clearAll}>
              Clear all
            </button>
          </div>
          <p className="hint">{HISTORY_KEEPS}</p>
        </>
      )}
    </details>
  );
}
