import { useEffect, useRef, useState } from 'react';
import type { FolderListing } from '../../shared/api/index';
import { ModalForm } from '../ui/ModalForm';
import { FolderBrowser } from './FolderBrowser';

export interface PathDialogProps {
  title: string;
  actionLabel: string;
  /** A file (Open, Save As) or a folder (Open Folder: the browser lists folders, and the one shown fills the field). */
  pick?: 'file' | 'folder';
  initialPath: string;
  /** Shown as choices under the field (recent files when opening). */
  suggestions: string[];
  cwd: string;
  /** Lists a folder for the file browser (the main side does, under the same token). */
  listFolder?(folder: string): Promise<FolderListing>;
  /** Open: a file clicked in the browser is opened. Save As: it is put in the field (and a folder changes it). */
  browseChooses?: 'submit' | 'fill';
  onSubmit(path: string): void;
  onCancel(): void;
}

/**
 * Browser mode's Open, Save As and Open Folder: a path typed, picked from recent files or browsed to. Relative paths
 * are resolved by the server against the folder it was started in (shown to the user). The path field keeps the
 * focus while browsing, so Enter always does what the dialog's button says.
 */
export function PathDialog({ title, actionLabel, pick = 'file', initialPath, suggestions, cwd, listFolder, browseChooses = 'submit', onSubmit, onCancel }: PathDialogProps) {
  const [path, setPath] = useState(initialPath);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = () => {
    if (path.trim()) onSubmit(path.trim());
  };
  const folders = pick === 'folder';
  return (
    <ModalForm title={title} onCancel={onCancel} onSubmit={submit}>
      <label>
        {folders ? 'Folder' : 'File path'}
        <input ref={input} value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} placeholder={folders ? '/path/to/project' : '/path/to/toolbox_info.hocon'} />
      </label>
      <p className="hint">Relative paths are resolved against {cwd}.</p>
      {listFolder && (
        <FolderBrowser
          start={initialPath ? initialPath.replace(/[\\/][^\\/]*$/, '') || cwd : cwd}
          list={listFolder}
          foldersOnly={folders}
          onChoose={(chosen) => (browseChooses === 'submit' ? onSubmit(chosen) : setPath(chosen))}
          onFolder={(folder, byUser) => {
            if (folders) setPath(folder);
            else if (browseChooses === 'fill') setPath((p) => `${folder}/${p.split(/[\\/]/).pop() || 'toolbox_info.hocon'}`);
            // The folder clicked is gone from the list: the field takes the focus back, and Enter does the action.
            if (byUser) input.current?.focus();
          }}
        />
      )}
      {suggestions.length > 0 && (
        <ul className="suggestions" aria-label="Recent files">
          {suggestions.map((s) => (
            <li key={s}>
              <button type="button" onClick={() => onSubmit(s)} title={s}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="modal-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={!path.trim()}>
          {actionLabel}
        </button>
      </div>
    </ModalForm>
  );
}
