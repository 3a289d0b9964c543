import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { HistoryEntry } from '../../shared/api/index';
import { layoutIfJson } from '../../shared/hocon/index';
import type { Workspace } from '../workspace';
import { ArgumentForm } from './ArgumentForm';
import { fieldsFromArgs, fieldsOf } from './argumentForm';
import { cliCommand } from './cliCommand';
import { HistoryList } from './HistoryList';
import { RunResultView } from './RunResultView';
import { SavedCases } from './SavedCases';
import { emptyInputs, entryArgsJson, inputsFromRun, runInputsOf, type ToolInputs } from './runInputs';
import { toolKey } from './testRunStore';
import './testrun.css';

/** Running the selected tool with the user's arguments and sly_data, its result, history and saved cases. */
export function TestRunRegion({ stores }: { stores: Workspace }) {
  const { useAnalysis, useDocument } = stores;
  const useTestRun = stores.useTestRun;
  const analysis = useAnalysis((s) => s.analysis);
  const selected = useAnalysis((s) => s.selectedTool);
  const select = useAnalysis((s) => s.select);
  const status = useDocument((s) => s.status);
  const path = useDocument((s) => s.path);
  const tool = analysis?.tools.find((t) => t.name === selected) ?? null;
  // The description and parameters come with the answer that named this tool (see analysisStore).
  const detail = analysis?.detail && analysis.detail.name === tool?.name ? analysis.detail : null;
  const key = tool ? toolKey(path, tool.name) : null;

  // A LangChain tool's schema is not in the toolbox: it comes from its class once loaded ("Load the schema").
  const described = useTestRun((s) => (key ? s.described[key] : undefined));
  const describing = useTestRun((s) => s.describing);
  const parametersText = JSON.stringify(detail?.parameters ?? described?.argsSchema ?? null);
  const fields = useMemo(() => fieldsOf(JSON.parse(parametersText)), [parametersText]);
  const stored = useTestRun((s) => (key ? s.inputs[key] : undefined));
  const inputs = stored ?? emptyInputs(fields);
  const running = useTestRun((s) => s.running);
  const record = useTestRun((s) => (key ? s.results[key] : undefined));
  const history = useTestRun((s) => (key ? s.history[key] : undefined));
  const prefs = stores.usePreferences((s) => s.prefs);
  const cases = useTestRun((s) => s.cases);
  const notice = useTestRun((s) => s.notice);
  const caseRun = useTestRun((s) => s.caseRun);
  const casesRunning = useTestRun((s) => s.casesRunning);
  // The actions never change (zustand makes them once); getState() itself is a new object after every update.
  const actions = useTestRun.getState();
  const toolName = tool?.name ?? null;
  // What a run puts on PYTHONPATH: the preferences' folders, then what the app was started with.
  const inherited = stores.useUi((s) => s.info?.pythonPath);
  const ownPath = prefs?.pythonPath ?? [];
  const inheritedPath = (inherited ?? []).filter((p) => !ownPath.includes(p));
  // After a run, its result is brought into view (the inputs above can fill the pane).
  const resultRef = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) resultRef.current?.scrollIntoView({ block: 'start' });
    wasRunning.current = running !== null;
  }, [running, record]);

  useEffect(() => {
    if (toolName && status === 'ready') void useTestRun.getState().loadHistory(toolName);
  }, [useTestRun, toolName, path, status]);
  useEffect(() => void useTestRun.getState().loadCases().catch(() => undefined), [useTestRun, path]);

  if (status !== 'ready' || !analysis) {
    return (
      <section className="region testrun-region" aria-label="Test run">
        <h2 className="region-title">Test run</h2>
        <div className="placeholder">Open a toolbox file, pick a tool and run it with your own arguments and sly_data.</div>
      </section>
    );
  }

  const setInputs = (next: ToolInputs) => key && actions.setInputs(key, next);
  const { run: request, problems } = runInputsOf(fields, inputs);
  const runNow = (sendInvalidArgs = false) => {
    if (!tool || running || problems.length) return;
    void actions.run(tool.name, { ...request, ...(sendInvalidArgs ? { sendInvalidArgs: true } : {}) });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      runNow();
    }
  };
  const switchMode = (mode: ToolInputs['mode']) => {
    if (mode === inputs.mode) return;
    // Carry the arguments across: the JSON view starts from what the form would send, the form from the JSON —
    // unless the form cannot show them (bad JSON, a key it has no field for): then nothing is dropped silently.
    if (mode === 'json') {
      setInputs({ ...inputs, mode, json: layoutIfJson(request.argsJson, 2) });
      return;
    }
    const values = problems.length ? null : fieldsFromArgs(fields, request.args, request.argsJson);
    if (!values) {
      actions.setNotice({ text: 'The form cannot show these arguments (invalid JSON, or keys the parameters do not name): fix them in the JSON view.', error: true });
      return;
    }
    actions.setNotice(null);
    setInputs({ ...inputs, mode, values });
  };
  const historyActions = {
    rerun: (entry: HistoryEntry) => {
      const replay = { args: entry.args, argsJson: entryArgsJson(entry), ...(entry.slyData ? { slyData: entry.slyData } : {}), ...(entry.timeoutSeconds !== undefined ? { timeoutSeconds: entry.timeoutSeconds } : {}), ...(entry.toolkitTool ? { toolkitTool: entry.toolkitTool } : {}) };
      setInputs(inputsFromRun(fields, replay, inputs));
      void actions.run(entry.tool, { ...replay, ...(entry.sendInvalidArgs ? { sendInvalidArgs: true } : {}) });
    },
    copyCli: (entry: HistoryEntry) => {
      const line = cliCommand({ file: path ?? 'Untitled.hocon', python: prefs?.python, pythonPath: [...ownPath, ...inheritedPath], ...(prefs?.agentToolPath ? { agentToolPath: prefs.agentToolPath } : {}), tool: entry.tool, argsJson: entryArgsJson(entry), slyData: entry.slyData, ...(entry.toolkitTool ? { toolkitTool: entry.toolkitTool } : {}), ...(entry.timeoutSeconds !== undefined ? { timeoutSeconds: entry.timeoutSeconds } : {}), ...(entry.sendInvalidArgs ? { sendInvalidArgs: true } : {}) });
      navigator.clipboard.writeText(line).then(
        () => actions.setNotice({ text: `Copied: ${line}`, error: false }),
        () => actions.setNotice({ text: line, error: false }), // no clipboard access: show it to copy by hand
      );
    },
    saveCase: (entry: HistoryEntry) => void actions.saveCase(entry),
    clear: () => tool && void actions.clearHistory(tool.name),
  };

  return (
    <section className="region testrun-region" aria-label="Test run" onKeyDown={onKeyDown}>
      <h2 className="region-title">Test run</h2>
      <div className="pane-body">
        <div className="field-row">
          <label htmlFor="testrun-tool">Tool</label>
          <select id="testrun-tool" value={tool?.name ?? ''} onChange={(e) => select(e.target.value || null)}>
            <option value="">choose a tool</option>
            {analysis.tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
                {t.origin === 'default' ? ' (default toolbox)' : ''}
              </option>
            ))}
          </select>
        </div>
        {prefs && (
          <p className="hint" data-testid="interpreter">
            Python <code>{prefs.python || 'python3'}</code> · timeout {request.timeoutSeconds ?? prefs.timeoutSeconds} s{request.timeoutSeconds === undefined ? ' (preference)' : ''}
          </p>
        )}
        {prefs && (
          <p className="hint testrun-paths" data-testid="python-paths" title="Set in Preferences">
            PYTHONPATH{' '}
            {ownPath.length + inheritedPath.length === 0 ? (
              <span>not set</span>
            ) : (
              <>
                {ownPath.map((p) => (
                  <code key={`own:${p}`}>{p} </code>
                ))}
                {ownPath.length > 0 && <span>(preferences) </span>}
                {inheritedPath.map((p) => (
                  <code key={`inherited:${p}`}>{p} </code>
                ))}
                {inheritedPath.length > 0 && <span>(inherited)</span>}
              </>
            )}
            {' · '}AGENT_TOOL_PATH <code>{prefs.agentToolPath || 'inherited'}</code>
          </p>
        )}
        {!tool ? (
          <p className="hint">Choose a tool to run.</p>
        ) : !detail ? (
          <p className="hint">Reading {tool.name}…</p>
        ) : (
          <>
            {detail.description && <p className="hint tool-description">{detail.description}</p>}
            {tool.kind !== 'coded' && !detail.parameters && !described && (
              <p className="hint">
                Its arguments are defined by its class.{' '}
                {describing?.key === key ? (
                  <>
                    <button disabled>Loading the class…</button> <button onClick={() => actions.cancelDescribe()}>Cancel</button>
                  </>
                ) : (
                  <button title="Imports the class in the Python worker" onClick={() => void actions.describe(tool.name).then(() => stores.useCatalog.getState().refresh())}>
                    Load the schema
                  </button>
                )}
              </p>
            )}
            <div className="pane-tabs" role="tablist" aria-label="Arguments as">
              <button role="tab" aria-selected={inputs.mode === 'form'} className={inputs.mode === 'form' ? 'selected' : ''} disabled={!fields.length} onClick={() => switchMode('form')}>
                Form
              </button>
              <button role="tab" aria-selected={inputs.mode === 'json'} className={inputs.mode === 'json' ? 'selected' : ''} onClick={() => switchMode('json')}>
                JSON
              </button>
            </div>
            {inputs.mode === 'form' ? (
              <ArgumentForm fields={fields} values={inputs.values} onChange={(values) => setInputs({ ...inputs, values })} />
            ) : (
              <textarea aria-label="Arguments JSON" rows={4} value={inputs.json} onChange={(e) => setInputs({ ...inputs, json: e.target.value })} />
            )}
            <details className="request-json">
              <summary>Arguments sent</summary>
              <pre aria-label="Arguments sent">{layoutIfJson(request.argsJson, 2)}</pre>
            </details>
            <label htmlFor="testrun-sly">sly_data (JSON object; blank sends none)</label>
            <textarea id="testrun-sly" rows={2} value={inputs.sly} placeholder="{}" onChange={(e) => setInputs({ ...inputs, sly: e.target.value })} />
            <div className="field-row">
              <label htmlFor="testrun-timeout">Timeout (s)</label>
              <input id="testrun-timeout" inputMode="decimal" placeholder={prefs ? String(prefs.timeoutSeconds) : ''} value={inputs.timeout} onChange={(e) => setInputs({ ...inputs, timeout: e.target.value })} />
              {tool.kind === 'toolkit' && (
                <>
                  <input aria-label="Toolkit tool" list="testrun-toolkit-tools" placeholder="toolkit tool" value={inputs.toolkitTool} onChange={(e) => setInputs({ ...inputs, toolkitTool: e.target.value })} />
                  <datalist id="testrun-toolkit-tools">
                    {(described?.toolkitTools ?? []).map((name) => (
                      <option key={name} value={name} />
                    ))}
                  </datalist>
                </>
              )}
            </div>
            {problems.length > 0 && (
              <ul className="pane-error" aria-label="Input problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <div className="field-row">
              <button className="primary" disabled={running !== null || problems.length > 0} onClick={() => runNow()} title="Ctrl+Enter">
                {running ? 'Running…' : 'Run'}
              </button>
              {running?.showCancel && <button onClick={actions.cancel}>Cancel</button>}
              <span className="hint">Ctrl+Enter</span>
            </div>
            {notice && (
              <p className={notice.error ? 'pane-error' : 'hint'} role="status">
                {notice.text}
              </p>
            )}
            <div ref={resultRef} className="run-result-anchor">
              {record && <RunResultView record={record} onSendAnyway={() => void actions.run(record.tool, { ...record.request, sendInvalidArgs: true })} />}
            </div>
            <HistoryList entries={history ?? []} canSaveCases={path !== null} actions={historyActions} />
            {cases && <SavedCases cases={cases} tool={tool.name} running={casesRunning} lastRun={caseRun} onRun={() => void actions.runCases()} onCancel={() => actions.cancelCases()} />}
          </>
        )}
      </div>
    </section>
  );
}
