import type { Workspace } from '../workspace';
import './preflight.css';

/**
 * "Check all tools": the explicit action that imports every entry's class in the Python worker (never on open:
 * importing runs the module's code) and reports what stands between each entry and its Python. The findings show
 * on the entries (problems, form, tool list); the summary shows here.
 */
export function CheckAllTools({ stores }: { stores: Workspace }) {
  const { useEntryPython, useDocument } = stores;
  const checking = useEntryPython((s) => s.checkingRunId !== null);
  const summary = useEntryPython((s) => s.summary);
  const error = useEntryPython((s) => s.error);
  const ready = useDocument((s) => s.status === 'ready');
  return (
    <div className="check-all-tools">
      <div className="field-row">
        <button
          disabled={!ready || checking}
          onClick={() => void useEntryPython.getState().check()}
          title="Imports each tool's class in the chosen Python (no tool is called) and checks its args, API-key variables and invoke"
        >
          {checking ? 'Checking…' : 'Check all tools'}
        </button>
        {checking && <button onClick={() => useEntryPython.getState().cancel()}>Cancel</button>}
      </div>
      {(summary || error) && (
        <div className="check-summary" role="status" aria-label="Check summary">
          {error && <p className="field-error">{error}</p>}
          {summary?.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      )}
    </div>
  );
}
