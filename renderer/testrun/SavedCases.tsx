import { useState } from 'react';
import type { CaseRunOutcome, TestCaseList, TestCasesRun } from '../../shared/api/index';
import { runKey, type RunTarget, type SavedCase } from '../../shared/run/index';
import { PromptDialog } from '../ui/PromptDialog';
import { expectationSummary } from './expectationDraft';

export interface SavedCaseActions {
  runAll(): void;
  run(name: string): void;
  cancel(): void;
  edit(testCase: SavedCase): void;
  rename(testCase: SavedCase, newName: string): void;
  duplicate(name: string): void;
  delete(name: string): void;
  /** Moves the cases of a tool the toolbox no longer has to another tool. */
  moveTool(tool: string, newName: string): void;
}

const OUTCOME_LABEL: Record<CaseRunOutcome['outcome'], string> = { passed: 'ok', failed: 'FAIL', 'could not run': 'could not run' };

/**
 * The toolbox's saved test cases: the selected tool's, each with Run, Edit, Rename, Duplicate and Delete, and "Run all"
 * — the checks `toolbox-editor test` makes in CI, here against the editor's current (possibly unsaved) text. Cases
 * that name a tool the toolbox no longer has are shown apart, to move to another tool or delete.
 */
export function SavedCases(props: { cases: TestCaseList; tool: string; target: RunTarget; toolNames: readonly string[]; running: boolean; lastRun: TestCasesRun | null; actions: SavedCaseActions }) {
  const { cases, tool, target, toolNames, running, lastRun, actions } = props;
  const [renaming, setRenaming] = useState<SavedCase | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const fileName = cases.file.split(/[\\/]/).pop();
  // An MCP server's tool's cases apart from an entry's of the same name; they are no entry's to lose.
  const forTool = cases.cases.filter((c) => runKey(c.request.target) === runKey(target));
  const orphans = new Map<string, number>();
  for (const c of cases.cases) {
    const t = c.request.target.tool;
    if (c.request.target.kind === 'toolbox' && !toolNames.includes(t)) orphans.set(t, (orphans.get(t) ?? 0) + 1);
  }
  const outcomeOf = (name: string) => lastRun?.outcomes.find((o) => o.name === name);
  const count = (outcome: CaseRunOutcome['outcome']) => lastRun?.outcomes.filter((o) => o.outcome === outcome).length ?? 0;
  const taken = (name: string, except?: string) => (name !== except && cases.cases.some((c) => c.name === name) ? `A case named '${name}' exists already.` : null);

  return (
    // Focusable: "Run all saved cases" from the palette brings the focus here, where the outcomes show.
    <section className="saved-cases" aria-label="Saved test cases" tabIndex={-1}>
      <p className="hint" data-testid="saved-cases">
        {cases.error ?? `${forTool.length} saved test case${forTool.length === 1 ? '' : 's'} for ${tool} in ${fileName}`}
      </p>
      {forTool.length > 0 && (
        <ul className="case-list" aria-label={`Saved test cases of ${tool}`}>
          {forTool.map((c) => {
            const outcome = outcomeOf(c.name);
            return (
              <li key={c.name} className={outcome && outcome.outcome !== 'passed' ? 'is-error' : ''}>
                <div className="case-line">
                  {outcome && <strong className={`case-outcome ${outcome.outcome === 'passed' ? 'passed' : 'failed'}`}>{OUTCOME_LABEL[outcome.outcome]}</strong>}
                  <span className="case-name">{c.name}</span>
                  <span className="hint">{c.request.target.kind === 'toolbox' && c.request.target.toolkitTool ? `${c.request.target.toolkitTool}: ` : ''}expects {expectationSummary(c.expect)}</span>
                </div>
                {outcome?.reason && <div className="hint case-reason">{outcome.reason}</div>}
                <div className="history-buttons">
                  <button disabled={running} onClick={() => actions.run(c.name)}>
                    Run
                  </button>
                  <button onClick={() => actions.edit(c)}>Edit</button>
                  <button onClick={() => setRenaming(c)}>Rename</button>
                  <button onClick={() => actions.duplicate(c.name)}>Duplicate</button>
                  {confirming === c.name ? (
                    <>
                      <button className="danger" onClick={() => (setConfirming(null), actions.delete(c.name))}>
                        Delete '{c.name}'
                      </button>
                      <button onClick={() => setConfirming(null)}>Keep</button>
                    </>
                  ) : (
                    <button onClick={() => setConfirming(c.name)}>Delete</button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {orphans.size > 0 && (
        <div className="case-orphans" role="group" aria-label="Cases of tools this toolbox does not have">
          {[...orphans].map(([name, n]) => (
            <p key={name} className="field-warning">
              {n} case{n === 1 ? '' : 's'} name{n === 1 ? 's' : ''} '{name}', which this toolbox does not have (renamed or deleted?): {n === 1 ? 'it' : 'they'} could not run.{' '}
              <button onClick={() => setMoving(name)}>Move to another tool…</button>{' '}
              <button onClick={() => cases.cases.filter((c) => c.request.target.tool === name).forEach((c) => actions.delete(c.name))}>Delete {n === 1 ? 'it' : 'them'}</button>
            </p>
          ))}
        </div>
      )}
      {cases.cases.length > 0 && (
        <div className="button-row">
          <button disabled={running} onClick={actions.runAll}>
            {running ? 'Running saved cases…' : `Run all ${cases.cases.length} saved case${cases.cases.length === 1 ? '' : 's'}`}
          </button>
          {running && <button onClick={actions.cancel}>Cancel</button>}
        </div>
      )}
      {lastRun &&
        (lastRun.error ? (
          <p className="pane-error">{lastRun.error}</p>
        ) : (
          <>
            <p className={count('passed') === lastRun.outcomes.length ? 'cases-summary passed' : 'cases-summary failed'} data-testid="cases-summary">
              {count('passed')} passed, {count('failed')} failed
              {count('could not run') ? `, ${count('could not run')} could not run` : ''}
              {lastRun.cancelled ? ` — cancelled after ${lastRun.outcomes.length} of ${cases.cases.length}` : ''}
            </p>
            <ul className="case-outcomes" aria-label="Outcomes of the saved cases">
              {lastRun.outcomes.map((o) => (
                <li key={o.name} className={o.outcome === 'passed' ? '' : 'is-error'}>
                  <strong>{OUTCOME_LABEL[o.outcome]}</strong> {o.name} <span className="hint">({Math.round(o.durationMs)} ms)</span>
                  {o.reason && <div className="hint">{o.reason}</div>}
                </li>
              ))}
            </ul>
          </>
        ))}
      {renaming && (
        <PromptDialog
          title={`Rename test case '${renaming.name}'`}
          label="Name"
          initialValue={renaming.name}
          actionLabel="Rename"
          validate={(value) => (value.trim() === '' ? 'Give a name.' : taken(value.trim(), renaming.name))}
          onCancel={() => setRenaming(null)}
          onSubmit={(value) => {
            actions.rename(renaming, value.trim());
            setRenaming(null);
          }}
        />
      )}
      {moving && (
        <PromptDialog
          title={`Move the cases of '${moving}'`}
          label="To the tool"
          initialValue={toolNames.find((t) => t !== moving) ?? ''}
          actionLabel="Move"
          warning="Its runs in the history move too."
          validate={(value) => (toolNames.includes(value.trim()) ? null : `This toolbox has no tool '${value.trim()}'.`)}
          onCancel={() => setMoving(null)}
          onSubmit={(value) => {
            actions.moveTool(moving, value.trim());
            setMoving(null);
          }}
        />
      )}
    </section>
  );
}
