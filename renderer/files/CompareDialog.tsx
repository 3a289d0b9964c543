import { useEffect, useRef, useState } from 'react';
import { monaco } from '../editor/monacoSetup';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

/**
 * The file on disk (left) against the text being edited (right), in Monaco's diff editor, after another program
 * changed the file: the user decides with both versions in view.
 */
export function CompareDialog({ stores, theme, onClose }: { stores: Workspace; theme: 'light' | 'dark'; onClose(): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { api, useDocument } = stores;

  useEffect(() => {
    const path = useDocument.getState().path;
    if (!path || !host.current) return;
    const diff = monaco.editor.createDiffEditor(host.current, { readOnly: true, automaticLayout: true, renderSideBySide: true, originalEditable: false });
    const mine = monaco.editor.createModel(useDocument.getState().text, 'hocon');
    let disk: ReturnType<typeof monaco.editor.createModel> | undefined;
    api.invoke('file.read', { path }).then(
      (file) => {
        disk = monaco.editor.createModel(file.text, 'hocon');
        diff.setModel({ original: disk, modified: mine });
      },
      (e: unknown) => setError(errorMessage(e)),
    );
    return () => {
      diff.dispose();
      mine.dispose();
      disk?.dispose();
    };
  }, [api, useDocument]);
  useEffect(() => monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs'), [theme]);

  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Compare with the file on disk" className="modal modal-wide">
        <h2>On disk (left) and yours (right)</h2>
        {error && <p className="field-error">{error}</p>}
        <div ref={host} className="diff-host" />
        <div className="modal-buttons">
          <button
            onClick={() => {
              onClose();
              void useDocument.getState().reload();
            }}
          >
            Reload from disk
          </button>
          <button
            className="primary"
            onClick={() => {
              onClose();
              useDocument.getState().keepMine();
            }}
          >
            Keep mine
          </button>
          <button onClick={onClose}>Close</button>
        </div>
      </div>
    </div>
  );
}
