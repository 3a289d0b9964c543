import { useEffect, useState } from 'react';
import type { Preferences } from '../../shared/api/toolboxApi';
import { ModalForm } from '../layout/ModalForm';
import { errorMessage } from '../../shared/errorMessage';
import type { PreferencesStoreHook } from './preferencesStore';

/**
 * Theme, Python interpreter and AGENT_TOOL_PATH (used by test runs); saved per user through the window's preferences
 * store, which every reader subscribes to. The dialog edits a draft: nothing changes until Save.
 */
export function PreferencesDialog({ usePreferences, onClose }: { usePreferences: PreferencesStoreHook; onClose(): void }) {
  const [prefs, setPrefs] = useState<Preferences | null>(() => usePreferences.getState().prefs);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!usePreferences.getState().prefs) usePreferences.getState().load().then(setPrefs, (e: unknown) => setError(errorMessage(e)));
  }, [usePreferences]);
  const save = () => {
    if (!prefs) return;
    usePreferences.getState().save({ theme: prefs.theme, python: prefs.python, agentToolPath: prefs.agentToolPath }).then(
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
            <input value={prefs.python} spellCheck={false} placeholder="python3, /path/to/python or a virtualenv folder" onChange={(e) => setPrefs({ ...prefs, python: e.target.value })} />
          </label>
          <label>
            AGENT_TOOL_PATH
            <input value={prefs.agentToolPath} spellCheck={false} placeholder="folder of coded tools (empty: inherited)" onChange={(e) => setPrefs({ ...prefs, agentToolPath: e.target.value })} />
          </label>
          <p className="hint">The interpreter and AGENT_TOOL_PATH are used by test runs.</p>
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
