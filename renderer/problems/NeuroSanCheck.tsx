import { useEffect, useRef, useState } from 'react';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

type CheckState = { state: 'idle' } | { state: 'running' } | { state: 'done'; lines: string[]; failed: boolean };

/**
 * "Check with neuro-san": loads the saved file with the installed neuro-san's own code in the Python worker and shows
 * what it says (its version, its load error or each tool's error, and any value it reads differently from the editor,
 * which is the editor's bug). One line says so where the chosen Python has no neuro-san. Also a command (the
 * palette), registered while the panel shows.
 */
export function NeuroSanCheck({ stores }: { stores: Workspace }) {
  const path = stores.useDocument((s) => s.path);
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const button = useRef<HTMLButtonElement>(null);
  const answer = useRef<HTMLPreElement>(null);
  /** Whether the answer takes the focus when it comes: the check was asked for from here or the palette. */
  const focusAnswer = useRef(false);

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
  const live = useRef({ run, can: false });
  live.current = { run, can: path !== null && check.state !== 'running' };
  useEffect(
    () =>
      stores.commands.register([
        {
          id: 'problems.checkWithNeuroSan',
          title: 'Check with neuro-san (the saved file)',
          category: 'Problems',
          enabled: () => live.current.can,
          run: () => {
            focusAnswer.current = true;
            button.current?.focus();
            return live.current.run();
          },
        },
      ]),
    [stores.commands],
  );
  // The button is disabled while neuro-san reads, which drops its focus: what neuro-san said takes it, unless the
  // user has gone elsewhere meanwhile.
  useEffect(() => {
    if (check.state !== 'done' || !focusAnswer.current) return;
    focusAnswer.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused === button.current) answer.current?.focus();
  }, [check]);

  return (
    <div className="neuro-san-check">
      <button
        ref={button}
        type="button"
        onClick={() => {
          focusAnswer.current = true;
          void run();
        }}
        disabled={path === null || check.state === 'running'}
        title={path === null ? 'Save the file first: neuro-san loads it from the disk' : 'Load the saved file with the installed neuro-san (the chosen Python)'}
      >
        {check.state === 'running' ? 'Checking with neuro-san…' : 'Check with neuro-san'}
      </button>
      {check.state === 'done' && (
        <pre ref={answer} tabIndex={-1} role="status" aria-label="neuro-san check" className={check.failed ? 'neuro-san-check-failed' : undefined}>
          {check.lines.join('\n')}
        </pre>
      )}
    </div>
  );
}
