import { useState } from 'react';
import type { ToolSummary } from '../../shared/api/index';
import { PromptDialog } from '../ui/PromptDialog';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Beside the form's Class field: open the class's Python source, and for a coded tool, create its module from the
 * entry when it does not exist yet (never over an existing file).
 */
export function ClassActions({ stores, tool, editable }: { stores: Workspace; tool: ToolSummary; editable: boolean }) {
  const { api, useDocument, useEntryPython } = stores;
  const [planned, setPlanned] = useState<{ root: string; file: string } | null>(null);
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const sourceError = useEntryPython((s) => (s.sourceError?.tool === tool.name ? s.sourceError.message : null));
  if (!tool.className) return null;

  const say = (kind: 'info' | 'error', text: string) => setMessage({ kind, text });
  const failure = (error: unknown) => errorMessage(error);
  const plan = async () => {
    const { path, text } = useDocument.getState();
    try {
      const answer = await api.invoke('tool.scaffold', { path, text, tool: tool.name, dryRun: true });
      setPlanned({ root: answer.root, file: answer.file });
    } catch (error) {
      say('error', failure(error));
    }
  };
  const create = async (root: string) => {
    setPlanned(null);
    const { path, text } = useDocument.getState();
    try {
      const made = await api.invoke('tool.scaffold', { path, text, tool: tool.name, root });
      const settingsFile = made.settingsFile.split(/[\\/]/).pop();
      const notes = [
        made.codedToolBase ? '' : " A plain class: this Python cannot import neuro-san's CodedTool.",
        made.recordProblem
          ? ` The folder was not recorded in the project's run settings: ${made.recordProblem}`
          : made.addedToPythonPath
            ? ` ${made.root} was added to the project's PYTHONPATH in ${settingsFile}, so that it runs here, with \`toolbox-editor test\` and in CI.`
            : ` ${made.root} is recorded in ${settingsFile} for the next class.`,
      ];
      say('info', `Wrote ${made.created.join(', ')}.${notes.join('')}`);
      // The project's run settings changed: the Test run pane shows them as they are now.
      void stores.useTestRun.getState().loadSettings();
    } catch (error) {
      say('error', failure(error));
    }
  };

  return (
    <div className="class-actions">
      <div className="field-row">
        <button type="button" onClick={() => void useEntryPython.getState().openSource(tool.name)} title="Shows the class's Python source, read-only, at the class">
          Open class
        </button>
        {tool.kind === 'coded' && editable && (
          <button type="button" onClick={() => void plan()} title="Writes the module this class name implies, from the description and parameters">
            Create Python class
          </button>
        )}
      </div>
      {sourceError && (
        <p className="field-error" role="alert">
          {sourceError}
        </p>
      )}
      {message && (
        <p className={message.kind === 'error' ? 'field-error' : 'hint'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {planned && (
        <PromptDialog
          title={`Create the module of ${tool.className}`}
          label="Root folder (on AGENT_TOOL_PATH or PYTHONPATH)"
          initialValue={planned.root}
          actionLabel="Create"
          warning={`Writes ${planned.file} under the default root; an existing file is never overwritten.`}
          validate={(value) => (value.trim() === '' ? 'Give a folder.' : null)}
          onCancel={() => setPlanned(null)}
          onSubmit={(root) => void create(root.trim())}
        />
      )}
    </div>
  );
}
