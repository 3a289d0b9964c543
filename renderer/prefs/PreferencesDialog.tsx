import { useEffect, useState } from 'react';
import type { Preferences, ToolboxAnalysis } from '../../shared/api/index';
import { WorkingDirectoryField } from './WorkingDirectoryField';
import { ModalForm } from '../ui/ModalForm';
import { errorMessage } from '../../shared/errorMessage';
import type { PreferencesStoreHook } from './preferencesStore';

/**
 * Theme, Python interpreter, PYTHONPATH and AGENT_TOOL_PATH (used by test runs); saved per user through the window's
 * preferences store, which every reader subscribes to. The dialog edits a draft: nothing changes until Save.
 */
export function PreferencesDialog({
  usePreferences,
  onClose,
  openFile = null,
}: {
  usePreferences: PreferencesStoreHook;
  onClose(): void;
  /** The open file's analysis: the folder neuro-san is taken to run in for it, shown beside its preference. */
  openFile?: Pick<ToolboxAnalysis, 'file' | 'workingDirectory'> | null;
}) {
  const [prefs, setPrefs] = useState<Preferences | null>(() => usePreferences.getState().prefs);
  const [error, setError] = useState<string | null>(null);
  // One folder a line, kept as typed (blank lines included) until saved.
  const [pythonPathText, setPythonPathText] = useState(() => usePreferences.getState().prefs?.pythonPath.join('\n') ?? '');
  useEffect(() => {
    if (usePreferences.getState().prefs) return;
    usePreferences.getState().load().then(
      (p) => {
        setPrefs(p);
        setPythonPathText(p.pythonPath.join('\n'));
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [usePreferences]);
  const save = () => {
    if (!prefs) return;
    const pythonPath = pythonPathText
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    usePreferences.getState().save({ theme: prefs.theme, python: prefs.python, agentToolPath: prefs.agentToolPath, pythonPath, neuroSanCwd: (prefs.neuroSanCwd ?? '').trim() }).then(
      () => onClose(),
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  return (
    <ModalForm title="Preferences" onCancel={onClose} onSubmit={save}>
      {!prefs && !error && <p>Loading…</p>}
      {prefs && (
        <>
          <label>
            Theme
            <select value={prefs.theme} onChange={(e) => setPrefs({ ...prefs, theme: e.target.value as Preferences['theme'] })}>
              <option value="system">Follow the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
          <label>
            Python interpreter
            <input value={prefs.python} spellCheck={false} placeholder="empty: the project's (its run settings), else python3" onChange={(e) => setPrefs({ ...prefs, python: e.target.value })} />
          </label>
          <label>
            PYTHONPATH (one folder a line)
            <textarea className="multi-line" value={pythonPathText} spellCheck={false} placeholder={'/path/to/my/project\n/path/to/more/tools'} onChange={(e) => setPythonPathText(e.target.value)} />
          </label>
          <p className="hint">Where Python finds your tools' modules: these folders go after a project's own.</p>
          <label>
            AGENT_TOOL_PATH
            <input value={prefs.agentToolPath} spellCheck={false} placeholder="empty: inherited, else neuro_san/coded_tools" onChange={(e) => setPrefs({ ...prefs, agentToolPath: e.target.value })} />
          </label>
          <p className="hint" id="agent-tool-path-help">
            Where neuro-san looks for coded tools whose class is not found by its full name: <code>my_module.MyTool</code> is tried as{' '}
            <code>&lt;AGENT_TOOL_PATH&gt;.&lt;network&gt;.my_module</code>, then one package level up at a time. A module path (<code>my_project.coded_tools</code>) or a folder (turned into a module path relative to a
            PYTHONPATH entry). Empty: the value the app was started with, else <code>neuro_san/coded_tools</code>.
          </p>
          <p className="hint">
            This machine's: the interpreter overrides a project's run settings (<code>.toolbox-editor.json</code>); the rest fills in what they leave out.
          </p>
          <WorkingDirectoryField value={prefs.neuroSanCwd ?? ''} onChange={(neuroSanCwd) => setPrefs({ ...prefs, neuroSanCwd })} openFile={openFile} />
        </>
      )}
      {error && <p className="field-error">{error}</p>}
      <div className="modal-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={!prefs}>
          Save preferences
        </button>
      </div>
    </ModalForm>
  );
}
