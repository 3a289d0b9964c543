import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { HistoryEntry } from '../../shared/api/index';
import { layoutIfJson } from '../../shared/hocon/index';
import { callCommandLine, mcpTarget, runKey, toolboxTarget, type RunRequest, type RunTarget, type SavedCase } from '../../shared/run/index';
import type { Workspace } from '../workspace';
import { ArgumentForm } from './ArgumentForm';
import { fieldsFromArgs, fieldsOf } from './argumentForm';
import { CaseEditor } from './CaseEditor';
import { HistoryList } from './HistoryList';
import { RunResultView } from './RunResultView';
import { RunSettingsSummary } from './RunSettingsSummary';
import { SavedCases } from './SavedCases';
import { emptyInputs, inputsFromRequest, requestOf, type ToolInputs } from './runInputs';
import { toolKey } from './testRunStore';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import { AnalysisPending } from '../ui/AnalysisPending';
import { focusFirstShown } from '../ui/focusField';
import { useOptionsWhenUsed } from '../ui/useOptionsWhenUsed';
import { testRunCommands, type TestRunActions } from './testRunCommands';
import './testrun.css';

/** A case to save from a run: named after its tool and arguments (the user names it), expecting what the run gave. */
function caseFromRun(entry: HistoryEntry): SavedCase {
  const args = layoutIfJson(entry.request.argsJson);
  return {
    name: `${entry.request.target.tool} ${args.length > 60 ? `${args.slice(0, 59)}…` : args}`,
    request: entry.request,
    expect: entry.result.isError ? { error: true } : { content: entry.result.content },
  };
}

/** Running the selected tool with the user's arguments and sly_data, its result, history and saved cases. */
export function TestRunRegion({ stores }: { stores: Workspace }) {
  const { useAnalysis, useDocument } = stores;
  const useTestRun = stores.useTestRun;
  // Never a tool of the previous file (its analysis is held until this one's first answer): it is not in this one.
  const open = useOpenAnalysis(stores);
  // While the text does not parse, the tools of the last text that did (a run of it says why it cannot be read).
  const analysis = toolsOf(open);
  const selected = useAnalysis((s) => s.selectedTool);
  const select = useAnalysis((s) => s.select);
  const status = useDocument((s) => s.status);
  const path = useDocument((s) => s.path);
  // An MCP server's tool picked in the project view takes the place of the selected entry until another is chosen.
  const mcp = useTestRun((s) => s.mcpTool);
  const entry = analysis?.tools.find((t) => t.name === selected) ?? null;
  const tool = mcp ? { name: mcp.tool, kind: 'mcp' as const, origin: 'mcp' } : entry;
  const target: RunTarget | null = mcp ? mcpTarget(mcp.url, mcp.tool) : entry ? toolboxTarget(entry.name) : null;
  // The description and parameters come with the answer that named this tool (see analysisStore); an MCP tool's,
  // with the server's listing.
  const detail = mcp
    ? { name: mcp.tool, description: mcp.description ?? null, parameters: mcp.inputSchema ?? null }
    : analysis?.detail && analysis.detail.name === entry?.name
      ? analysis.detail
      : null;
  // History and inputs per document and target: an MCP tool's apart from an entry of the same name.
  const historyKey = target ? runKey(target) : null;
  const key = historyKey ? toolKey(path, historyKey) : null;

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
  const historyProblem = useTestRun((s) => (key ? s.historyProblem[key] : undefined));
  const prefs = stores.usePreferences((s) => s.prefs);
  const savedCases = useTestRun((s) => s.cases);
  const renames = useTestRun((s) => s.renames);
  const notice = useTestRun((s) => s.notice);
  const caseRun = useTestRun((s) => s.caseRun);
  const casesRunning = useTestRun((s) => s.casesRunning);
  const settings = useTestRun((s) => s.settings);
  // The actions never change (zustand makes them once); getState() itself is a new object after every update.
  const actions = useTestRun.getState();
  const toolName = historyKey;
  // Cases of a tool renamed since the save are shown under its new name (on disk they keep the saved one until then).
  const toolNamesKey = analysis?.tools.map((t) => t.name).join('\u0000') ?? '';
  const cases = useMemo(() => {
    const shown = useTestRun.getState().renamesShown();
    if (!savedCases || shown.size === 0) return savedCases;
    return {
      ...savedCases,
      cases: savedCases.cases.map((c) => {
        const target = c.request.target;
        // An MCP server's tool keeps its name: only toolbox entries are renamed.
        const to = target.kind === 'toolbox' ? shown.get(target.tool) : undefined;
        return to === undefined ? c : { ...c, request: { ...c.request, target: { ...target, tool: to } } };
      }),
    };
    // The names in the text decide which renames hold (toolNamesKey), with the renames recorded.
  }, [savedCases, renames, toolNamesKey, useTestRun]);
  /** The case being edited, or saved from a run: the dialog's title and what it starts from. */
  const [editing, setEditing] = useState<{ testCase: SavedCase; replaces?: string } | null>(null);
  const toolOptions = useOptionsWhenUsed(analysis?.tools.length ?? 0);
  // After a run, its result is brought into view (the inputs above can fill the pane).
  const resultRef = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) resultRef.current?.scrollIntoView({ block: 'start' });
    wasRunning.current = running !== null;
  }, [running, record]);

  // Choosing an entry of the same file (the tool list, the form) ends the MCP tool's turn; opening a file does not.
  const seen = useRef({ selected, path });
  useEffect(() => {
    const before = seen.current;
    seen.current = { selected, path };
    if (before.path === path && before.selected !== selected) useTestRun.getState().pickMcpTool(null);
  }, [useTestRun, selected, path]);
  useEffect(() => {
    if (toolName && status === 'ready') void useTestRun.getState().loadHistory(toolName);
  }, [useTestRun, toolName, path, status]);
  useEffect(() => void useTestRun.getState().loadCases().catch(() => undefined), [useTestRun, path]);
  // The run settings follow the document, and a change of the preferences they may come from.
  // (Read again for each tool chosen and after each run: the settings file may have changed meanwhile.)
  useEffect(() => void useTestRun.getState().loadSettings(), [useTestRun, path, prefs, toolName]);
  // The palette's Run, Run all saved cases and Save as test case: registered once, reading what the pane drew last.
  const live = useRef<TestRunActions>({});
  useEffect(() => stores.commands.register(testRunCommands(() => live.current)), [stores.commands]);

  if (open.kind !== 'ready' || !analysis) {
    live.current = {};
    return (
      <section className="region testrun-region" aria-label="Test run">
        <h2 className="region-title">Test run</h2>
        {open.kind !== 'ready' && <AnalysisPending open={open} idle="Open a toolbox file, pick a tool and run it with your own arguments and sly_data." />}
      </section>
    );
  }

  const setInputs = (next: ToolInputs) => key && actions.setInputs(key, next);
  const made = requestOf(tool?.name ?? '', fields, inputs);
  const { args, problems } = made;
  const request: RunRequest = mcp ? { ...made.request, target: mcpTarget(mcp.url, mcp.tool) } : made.request;
  const runNow = (sendInvalidArgs = false) => {
    if (!tool || running || problems.length) return;
    void actions.run(sendInvalidArgs ? { ...request, sendInvalidArgs: true } : request);
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
    const values = problems.length ? null : fieldsFromArgs(fields, args, request.argsJson);
    if (!values) {
      actions.setNotice({ text: 'The form cannot show these arguments (invalid JSON, or keys the parameters do not name): fix them in the JSON view.', error: true });
      return;
    }
    actions.setNotice(null);
    setInputs({ ...inputs, mode, values });
  };
  /** Puts a past run's (or a case's) request into the inputs, and runs it. */
  const replay = (again: RunRequest) => {
    setInputs(inputsFromRequest(fields, again, inputs));
    void actions.run(again);
  };
  const historyActions = {
    rerun: (entry: HistoryEntry) => replay(entry.request),
    copyCli: (entry: HistoryEntry) => {
      // The run's request, and what the CLI would not find in the project's settings file by itself.
      const line = callCommandLine(path ?? 'Untitled.hocon', entry.request, settings?.commandLineOptions ?? []);
      navigator.clipboard.writeText(line).then(
        () => actions.setNotice({ text: `Copied: ${line}`, error: false }),
        () => actions.setNotice({ text: line, error: false }), // no clipboard access: show it to copy by hand
      );
    },
    saveCase: (entry: HistoryEntry) => {
      actions.setNotice(null);
      setEditing({ testCase: caseFromRun(entry) });
    },
    clear: () => historyKey && void actions.clearHistory(historyKey),
    clearAll: () => historyKey && void actions.clearHistory(historyKey, true),
  };
  // Run from elsewhere (the palette): the focus goes to the run's result, in the pane, where Ctrl+Enter runs again.
  const focusIn = (selector: string) => void focusFirstShown([`section[aria-label="Test run"] ${selector}`]);
  const newest = history?.[0];
  live.current = {
    ...(tool && detail && !running && problems.length === 0 ? { run: () => (runNow(), focusIn('.run-result-anchor')) } : {}),
    ...(cases && cases.cases.length > 0 && !casesRunning ? { runAllCases: () => (void actions.runCases(), focusIn('.saved-cases')) } : {}),
    ...(newest && path !== null ? { saveNewestRun: () => historyActions.saveCase(newest) } : {}),
  };
  const caseActions = {
    runAll: () => void actions.runCases(),
    run: (name: string) => void actions.runCases([name]),
    cancel: () => actions.cancelCases(),
    edit: (testCase: SavedCase) => {
      actions.setNotice(null);
      setEditing({ testCase, replaces: testCase.name });
    },
    rename: (testCase: SavedCase, newName: string) => void actions.saveCase({ ...testCase, name: newName }, testCase.name),
    duplicate: (name: string) => void actions.duplicateCase(name),
    delete: (name: string) => void actions.deleteCase(name),
    moveTool: (from: string, to: string) => void actions.moveCases(from, to).then(() => actions.loadHistory(to)),
  };

  return (
    <section className="region testrun-region" aria-label="Test run" onKeyDown={onKeyDown}>
      <h2 className="region-title">Test run</h2>
      <div className="pane-body">
        <div className="field-row">
          <label htmlFor="testrun-tool">Tool</label>
          <select
            id="testrun-tool"
            value={mcp ? '' : (tool?.name ?? '')}
            onChange={(e) => {
              actions.pickMcpTool(null);
              select(e.target.value || null);
            }}
            {...toolOptions.events}
          >
            <option value="">choose a tool</option>
            {(toolOptions.all ? analysis.tools : analysis.tools.filter((t) => t.name === tool?.name)).map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
                {t.origin === 'default' ? ' (default toolbox)' : ''}
              </option>
            ))}
          </select>
        </div>
        {mcp && (
          <p className="hint mcp-pick" aria-label="MCP tool">
            <strong>{mcp.tool}</strong> of the MCP server <code>{mcp.url}</code>
            {mcp.offered && mcp.offered !== mcp.tool ? ` (offered to the LLM as ${mcp.offered})` : ''}, with the project's MCP settings for it.{' '}
            <button className="link" onClick={() => actions.pickMcpTool(null)}>
              Back to the toolbox's tools
            </button>
          </p>
        )}
        {settings && <RunSettingsSummary view={settings} {...(request.timeoutSeconds !== undefined ? { runTimeout: request.timeoutSeconds } : {})} canWrite={path !== null} onWrite={() => void actions.writeSettings()} onTrust={() => void actions.trustInterpreter()} />}
        {!tool ? (
          <p className="hint">Choose a tool to run.</p>
        ) : !detail ? (
          <p className="hint">Reading {tool.name}…</p>
        ) : (
          <>
            {detail.description && <p className="hint tool-description">{detail.description}</p>}
            {tool.kind !== 'coded' && tool.kind !== 'mcp' && !detail.parameters && !described && (
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
              <input id="testrun-timeout" inputMode="decimal" placeholder={settings ? String(settings.settings.timeoutSeconds.value) : ''} value={inputs.timeout} onChange={(e) => setInputs({ ...inputs, timeout: e.target.value })} />
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
            {/* Sticky: in view however far the inputs above or the history below reach (issue #35). */}
            <div className="field-row run-actions">
              <button className="primary" disabled={running !== null || problems.length > 0} onClick={() => runNow()} title="Ctrl+Enter">
                {running ? 'Running…' : 'Run'}
              </button>
              {running?.showCancel && <button onClick={actions.cancel}>Cancel</button>}
              <span className="hint">Ctrl+Enter</span>
            </div>
            {notice && (
              <p className={notice.error ? 'pane-error' : 'hint'} role="status">
                {notice.text}
                {notice.trust && settings?.untrustedInterpreter !== undefined && (
                  <>
                    {' '}
                    <button onClick={() => void actions.trustInterpreter()}>Trust and use it</button>
                  </>
                )}
              </p>
            )}
            <div ref={resultRef} className="run-result-anchor" tabIndex={-1} role="group" aria-label="Last run">
              {record && <RunResultView record={record} onSendAnyway={() => void actions.run({ ...record.request, sendInvalidArgs: true })} />}
            </div>
            <HistoryList entries={history ?? []} {...(historyProblem !== undefined ? { problem: historyProblem } : {})} canSaveCases={path !== null} actions={historyActions} />
            {cases && target && <SavedCases cases={cases} tool={tool.name} target={target} toolNames={analysis.tools.map((t) => t.name)} running={casesRunning} lastRun={caseRun} actions={caseActions} />}
          </>
        )}
        {editing && (
          <CaseEditor
            title={editing.replaces !== undefined ? `Edit test case '${editing.replaces}'` : 'Save as test case'}
            actionLabel={editing.replaces !== undefined ? 'Save' : 'Save test case'}
            initial={editing.testCase}
            tools={analysis.tools.map((t) => t.name)}
            problem={notice?.error ? notice.text : null}
            onCancel={() => setEditing(null)}
            onSave={async (testCase) => {
              const saved = await actions.saveCase(testCase, editing.replaces);
              if (saved) setEditing(null);
              return saved;
            }}
          />
        )}
      </div>
    </section>
  );
}
