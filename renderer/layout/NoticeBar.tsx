import type { DocumentStoreHook } from '../state/documentStore';

export interface NoticeBarProps {
  useDocument: DocumentStoreHook;
  onSave(): void;
  onCompare(): void;
  onRestore(): void;
}

/** One line above the editor for what needs the user's attention: errors, conflicts, changes made on disk, recovery. */
export function NoticeBar({ useDocument, onSave, onCompare, onRestore }: NoticeBarProps) {
  const notice = useDocument((s) => s.notice);
  const { reload, keepMine, setNotice, save } = useDocument.getState();
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'info' ? 'status' : 'alert'}>
      <span>{notice.message}</span>
      {notice.kind === 'external-change' && (
        <>
          <button onClick={() => void reload()}>Reload from disk</button>
          <button onClick={keepMine}>Keep mine</button>
          <button onClick={onCompare}>Compare</button>
        </>
      )}
      {notice.kind === 'conflict' && (
        <>
          <button onClick={() => void reload()}>Discard mine and reload</button>
          <button onClick={onCompare}>Compare</button>
          <button
            onClick={() => {
              keepMine();
              void save().then((ok) => ok || onSave());
            }}
          >
            Overwrite
          </button>
        </>
      )}
      {notice.kind === 'recovery' && <button onClick={onRestore}>Restore unsaved edits</button>}
      <button aria-label="Dismiss" onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
