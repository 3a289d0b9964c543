import { useEffect, useRef, useState } from 'react';
import { ModalForm } from '../layout/ModalForm';

export interface PathDialogProps {
  title: string;
  actionLabel: string;
  initialPath: string;
  /** Shown as choices under the field (recent files when opening). */
  suggestions: string[];
  cwd: string;
  onSubmit(path: string): void;
  onCancel(): void;
}

/**
 * Browser mode's Open and Save As: a path typed or picked from recent files. Relative paths are resolved by the
 * server against the folder it was started in (shown to the user).
 */
export function PathDialog({ title, actionLabel, initialPath, suggestions, cwd, onSubmit, onCancel }: PathDialogProps) {
  const [path, setPath] = useState(initialPath);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = () => {
    if (path.trim()) onSubmit(path.trim());
  };
  return (
    <ModalForm title={title} onCancel={onCancel} onSubmit={submit}>
      <label>
        File path
        <input ref={input} value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} placeholder="/path/to/toolbox_info.hocon" />
      </label>
      <p className="hint">Relative paths are resolved against {cwd}.</p>
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
