import type { TestCase, TestCasesRun } from '../../shared/api/index';

/**
 * The toolbox's saved test cases: how many the selected tool has, and "Run saved cases" — the checks
 * `toolbox-editor test` makes in CI, here against the editor's current (possibly unsaved) text.
 */
export function SavedCases(props: {
  cases: { file: string; cases: TestCase[]; error?: string };
  tool: string;
  running: boolean;
  lastRun: TestCasesRun | null;
  onRun(): void;
  onCancel(): void;
}) {
  const { cases, tool, running, lastRun } = props;
  const fileName = cases.file.split(/[\\/]/).pop();
  const forTool = cases.cases.filter((c) => c.tool === tool).length;
  const failed = lastRun?.outcomes.filter((o) => !o.pass).length ?? 0;
  return (
    <section className="saved-cases" aria-label="Saved test cases">
      <p className="hint" data-testid="saved-cases">
        {cases.error ?? `${forTool} saved test case${forTool === 1 ? '' : 's'} for ${tool} in ${fileName}`}
      </p>
      {cases.cases.length > 0 && (
        <div className="button-row">
          <button disabled={running} onClick={props.onRun}>
            {running ? 'Running saved cases…' : `Run all ${cases.cases.length} saved case${cases.cases.length === 1 ? '' : 's'}`}
          </button>
          {running && <button onClick={props.onCancel}>Cancel</button>}
        </div>
      )}
      {lastRun &&
        (lastRun.error ? (
          <p className="pane-error">{lastRun.error}</p>
        ) : (
          <>
            <p className={failed ? 'cases-summary failed' : 'cases-summary passed'} data-testid="cases-summary">
              {lastRun.outcomes.length - failed} passed, {failed} failed
              {lastRun.cancelled ? ` — cancelled after ${lastRun.outcomes.length} of ${cases.cases.length}` : ''}
            </p>
            <ul className="case-outcomes">
              {lastRun.outcomes.map((o) => (
                <li key={o.name} className={o.pass ? '' : 'is-error'}>
                  <strong>{o.pass ? 'ok' : 'FAIL'}</strong> {o.name} <span className="hint">({Math.round(o.durationMs)} ms)</span>
                  {o.reason && <div className="hint">{o.reason}</div>}
                </li>
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}
