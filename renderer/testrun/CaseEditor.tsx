import { useState } from 'react';
import { describeJsonSyntaxError, readJsonText } from '../../shared/hocon/index';
import { isRunTimeout, mcpTarget, TIMEOUT_RULE, toolboxTarget, type SavedCase } from '../../shared/run/index';
import { ModalForm } from '../ui/ModalForm';
import { draftOf, EXPECT_KINDS, expectationOf, withKind, type ExpectKind } from './expectationDraft';

export interface CaseEditorProps {
  title: string;
  /** The case as it is (an edit), or as the run it is saved from makes it (a new one). */
  initial: SavedCase;
  /** The toolbox's tools a case can name. */
  tools: readonly string[];
  actionLabel: string;
  /** Why the last save failed (a name taken, a damaged file), or null. */
  problem?: string | null;
  /** Saves; resolves true when saved (the dialog closes), false to stay open (the pane says why). */
  onSave(testCase: SavedCase): Promise<boolean>;
  onCancel(): void;
}

/**
 * A saved test case, edited whole: its name (what `test --only` and the CI report call it), the run it makes — tool,
 * arguments as JSON text (sent as written), sly_data, timeout — and what it expects.
 */
export function CaseEditor({ title, initial, tools, actionLabel, problem, onSave, onCancel }: CaseEditorProps) {
  const { request } = initial;
  const [name, setName] = useState(initial.name);
  const [tool, setTool] = useState(request.target.tool);
  const [toolkitTool, setToolkitTool] = useState(request.target.kind === 'toolbox' ? (request.target.toolkitTool ?? '') : '');
  const [argsJson, setArgsJson] = useState(request.argsJson);
  const [sly, setSly] = useState(request.slyData && Object.keys(request.slyData).length ? JSON.stringify(request.slyData, null, 2) : '');
  const [timeout, setTimeoutText] = useState(request.timeoutSeconds !== undefined ? String(request.timeoutSeconds) : '');
  const [sendInvalid, setSendInvalid] = useState(request.sendInvalidArgs ?? false);
  const [expectDraft, setExpectDraft] = useState(() => draftOf(initial.expect));
  const [busy, setBusy] = useState(false);

  const made = ((): { testCase: SavedCase } | { problem: string } => {
    if (name.trim() === '') return { problem: 'Give the case a name.' };
    const args = readJsonText(argsJson);
    if (!args.ok) return { problem: `arguments: not valid JSON at ${describeJsonSyntaxError(args.error)}` };
    let slyData: Record<string, unknown> | undefined;
    if (sly.trim()) {
      const read = readJsonText(sly);
      if (!read.ok || typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) return { problem: 'sly_data: must be a JSON object' };
      slyData = read.value;
    }
    let timeoutSeconds: number | undefined;
    if (timeout.trim()) {
      timeoutSeconds = Number(timeout);
      if (!isRunTimeout(timeoutSeconds)) return { problem: `timeout: ${TIMEOUT_RULE}` };
    }
    const expectation = expectationOf(expectDraft);
    if ('problem' in expectation) return expectation;
    return {
      testCase: {
        name: name.trim(),
        request: {
          // An MCP server's tool stays that server's (the tool list names the toolbox's entries).
          target: request.target.kind === 'mcp' ? mcpTarget(request.target.url, tool) : toolboxTarget(tool, toolkitTool.trim() || undefined),
          argsJson,
          ...(slyData ? { slyData } : {}),
          ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
          ...(sendInvalid ? { sendInvalidArgs: true } : {}),
        },
        expect: expectation.expect,
      },
    };
  })();

  const submit = async () => {
    if (busy || !('testCase' in made)) return;
    setBusy(true);
    try {
      await onSave(made.testCase);
    } finally {
      setBusy(false);
    }
  };
  const kind = expectDraft.kind;
  const choices = tools.includes(request.target.tool) ? tools : [request.target.tool, ...tools];
  return (
    <ModalForm title={title} onSubmit={() => void submit()} onCancel={onCancel}>
      <div className="case-editor">
        <label>
          Name
          <input autoFocus value={name} spellCheck={false} onChange={(e) => setName(e.target.value)} />
        </label>
        {request.target.kind === 'mcp' ? (
          <p className="hint">
            Tool <strong>{request.target.tool}</strong> of the MCP server <code>{request.target.url}</code>
          </p>
        ) : (
          <div className="field-row">
            <label>
              Tool
              <select value={tool} onChange={(e) => setTool(e.target.value)}>
                {choices.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Toolkit tool
              <input value={toolkitTool} placeholder="(not a toolkit)" spellCheck={false} onChange={(e) => setToolkitTool(e.target.value)} />
            </label>
          </div>
        )}
        <label>
          Arguments (JSON, sent as written)
          <textarea value={argsJson} spellCheck={false} onChange={(e) => setArgsJson(e.target.value)} />
        </label>
        <label>
          sly_data (JSON object; blank sends none)
          <textarea value={sly} spellCheck={false} placeholder="{}" onChange={(e) => setSly(e.target.value)} />
        </label>
        <div className="field-row">
          <label>
            Timeout (s)
            <input value={timeout} inputMode="decimal" placeholder="the project's" onChange={(e) => setTimeoutText(e.target.value)} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={sendInvalid} onChange={(e) => setSendInvalid(e.target.checked)} /> send arguments that do not match the parameters
          </label>
        </div>
        <fieldset>
          <legend>Expects</legend>
          <select aria-label="Expectation" value={kind} onChange={(e) => setExpectDraft(withKind(expectDraft, e.target.value as ExpectKind))}>
            {Object.entries(EXPECT_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {kind === 'json_path' && (
            <input aria-label="JSONPath" value={expectDraft.path} placeholder="$.items[0].name" spellCheck={false} onChange={(e) => setExpectDraft({ ...expectDraft, path: e.target.value })} />
          )}
          {kind !== 'error' && (
            <textarea
              aria-label={kind === 'json_path' ? "The query's value (JSON)" : 'Expected'}
              value={expectDraft.text}
              spellCheck={false}
              onChange={(e) => setExpectDraft({ ...expectDraft, text: e.target.value })}
            />
          )}
          {kind !== 'custom' && (
            <label>
              At most (s)
              <input value={expectDraft.maxSeconds} inputMode="decimal" placeholder="no limit" onChange={(e) => setExpectDraft({ ...expectDraft, maxSeconds: e.target.value })} />
            </label>
          )}
        </fieldset>
        {'problem' in made && <p className="hint field-error">{made.problem}</p>}
        {problem && !('problem' in made) && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="modal-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy || 'problem' in made}>
          {actionLabel}
        </button>
      </div>
    </ModalForm>
  );
}
