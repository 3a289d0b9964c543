import { useState } from 'react';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

type CheckState = { state: 'idle' } | { state: 'running' } | { state: 'done'; lines: string[]; failed: boolean };

/**
 * "Check with neuro-san": loads the saved file with the installed neuro-san's own code in the Python worker and shows
 * what it says (its version, its load error or each tool's error, and any value it reads differently from the editor,
 * which is the editor's bug). One line says so where the chosen Python has no neuro-san.
 */
export function NeuroSanCheck({ stores }: { stores: Workspace }) {
  const path = stores.useDocument((s) => s.path);
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });

  const run = async () => {
    if (path === null) return;
    setCheck({ state: 'running' });
    try {
      const answer = await stores.api.invoke('toolbox.checkWithNeuroSan', { path });
      if (stores.useDocument.getState().path !== path) return;
      setCheck({ state: 'done', lines: answer.lines, failed: answer.diagnostics.some((d) => d.severity === 'error') });
    } catch (error) {
      setCheck({ state: 'done', lines: [errorMessage(error)], failed: true });
    }
  };

  return (
    <div className="neuro-san-check">
      <button
        type="button"
        onClick={() => void run()}
        disabled={path === null || check.state === 'running'}
        title={path === null ? 'Save the file first: neuro-san loads it from the disk' : 'Load the saved file with the installed neuro-san (the chosen Python)'}
      >
        {check.state === 'running' ? 'Checking with neuro-san…' : 'Check with neuro-san'}
      </button>
      {check.state === 'done' && (
        <pre role="status" aria-label="neuro-san check" className={check.failed ? 'neuro-san-check-failed' : undefined}>
          {check.lines.join('\n')}
        </pre>
      )}
    </div>
  );
}
