import type { RunRecord } from './testRunStore';
import { targetLabel } from '../../shared/run/index';

function pretty(content: string, contentType: string): string {
  if (contentType !== 'json') return content;
  try {
    return JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    return content;
  }
}

function Output({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <details open>
      <summary>{label}</summary>
      <pre className="run-output" aria-label={label}>
        {text}
      </pre>
    </details>
  );
}

/** One run's result: content (pretty when JSON), what the tool printed, how long it took, sly_data after the call. */
export function RunResultView({ record, onSendAnyway }: { record: RunRecord; onSendAnyway(): void }) {
  const { result } = record;
  return (
    <section className={result.isError ? 'run-result is-error' : 'run-result'} aria-label="Run result">
      <div className="run-result-head">
        <strong>{result.isError ? `Error${result.errorKind ? ` (${result.errorKind})` : ''}` : 'Result'}</strong>
        <span className="hint">
          {' '}
          {record.request.target.kind === 'mcp' ? targetLabel(record.request.target) : `${record.request.target.tool}${record.request.target.toolkitTool ? ` (${record.request.target.toolkitTool})` : ''}`} · {result.durationMs.toFixed(result.durationMs < 10 ? 1 : 0)} ms{result.python ? ` · ${result.python}` : ''} · timeout {result.timeoutSeconds} s
        </span>
      </div>
      <pre className="run-content" aria-label="Result content">
        {pretty(result.content, result.contentType)}
      </pre>
      {result.argumentProblems && result.argumentProblems.length > 0 && (
        <div>
          <p className="hint">Not sent: the arguments do not match the tool's parameters (neuro-san does not check them either).</p>
          <button onClick={onSendAnyway}>Send anyway</button>
        </div>
      )}
      {result.argumentWarnings && result.argumentWarnings.length > 0 && (
        <ul className="hint" aria-label="Argument check warnings">
          {result.argumentWarnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {result.traceback && <Output label="traceback" text={result.traceback} />}
      <Output label="stdout" text={result.stdout} />
      <Output label="stderr" text={result.stderr} />
      <Output label="logging" text={result.logging} />
      {result.slyData !== null && (
        <details open>
          <summary>sly_data after the call</summary>
          <pre className="run-output" aria-label="sly_data after the call">
            {JSON.stringify(result.slyData, null, 2)}
          </pre>
        </details>
      )}
    </section>
  );
}
