import type { RunSettingsView } from '../../shared/api/index';

/**
 * The run settings this document's runs use — interpreter, PYTHONPATH, AGENT_TOOL_PATH, working directory, variables,
 * timeout — each with where it came from (the project's file, a preference, the environment, the layout). Without a
 * settings file, "Write" puts the ones in use into it, so the CLI and CI run as the app does.
 */
export function RunSettingsSummary({ view, runTimeout, canWrite, onWrite, onTrust }: { view: RunSettingsView; runTimeout?: number; canWrite: boolean; onWrite(): void; onTrust(): void }) {
  const s = view.settings;
  const from = (source: string) => <span className="setting-source">({source})</span>;
  const fileName = s.file.path.split(/[\\/]/).pop();
  return (
    <details className="run-settings" data-testid="run-settings" open>
      <summary data-testid="interpreter">
        Python <code>{s.python.value}</code> {from(s.python.from)} · timeout {runTimeout ?? s.timeoutSeconds.value} s {from(runTimeout !== undefined ? 'this run' : s.timeoutSeconds.from)}
      </summary>
      {view.untrustedInterpreter !== undefined && (
        <p className="field-warning" data-testid="untrusted-interpreter">
          This project's <code>{fileName}</code> names <code>{view.untrustedInterpreter}</code> as its Python. Runs start a program a project
          chose only once you trust it (a setting of your own in Preferences needs none).{' '}
          <button onClick={onTrust}>Trust and use it</button>
        </p>
      )}
      <p className="hint testrun-paths" data-testid="python-paths">
        PYTHONPATH{' '}
        {s.pythonPath.map((p) => (
          <span key={p.value}>
            <code>{p.value}</code> {from(p.from)}{' '}
          </span>
        ))}
        {' · '}AGENT_TOOL_PATH {s.agentToolPath ? (
          <>
            <code>{s.agentToolPath.value}</code> {from(s.agentToolPath.from)}
          </>
        ) : (
          <span>neuro-san's default</span>
        )}
      </p>
      <p className="hint">
        Working directory <code>{s.workingDirectory.value}</code> {from(s.workingDirectory.from)}
        {s.toolRoot && (
          <>
            {' · '}new classes under <code>{s.toolRoot.value}</code>
          </>
        )}
      </p>
      {s.env.length > 0 && (
        <p className="hint">
          Variables{' '}
          {s.env.map((v) => (
            <span key={v.name}>
              <code>{v.value !== undefined ? `${v.name}=${v.value}` : v.name}</code> {from(v.set ? v.from : `${v.from}: not set`)}{' '}
            </span>
          ))}
        </p>
      )}
      {s.file.problems.map((p) => (
        <p key={p} className="field-warning">
          {fileName}: {p}
        </p>
      ))}
      {s.notRead?.map((p) => (
        <p key={p} className="field-warning">
          {p}
        </p>
      ))}
      <p className="hint">
        {s.file.exists ? (
          <>
            From <code>{s.file.path}</code>, committed with the project: the CLI (<code>call</code>, <code>test</code>) and CI use it too.
          </>
        ) : (
          <>
            No <code>{fileName}</code> yet: these are neuro-san-studio's defaults and this machine's.{' '}
            {canWrite && <button onClick={onWrite}>Write {fileName}</button>}
          </>
        )}
      </p>
    </details>
  );
}
