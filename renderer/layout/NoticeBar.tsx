import type { DocumentStoreHook } from '../state/documentStore';

/** One line above the editor for what needs the user's attention: errors, conflicts, changes made on disk. */
export function NoticeBar({ useDocument, onSave }: { useDocument: DocumentStoreHook; onSave(): void }) {
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
        </>
      )}
      {notice.kind === 'conflict' && (
        <>
          <button onClick={() => void reload()}>Discard mine and reload</button>
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
      <button aria-label="Dismiss" onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
