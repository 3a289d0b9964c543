import { isDirty, type DocumentStoreHook } from '../state/documentStore';
import { useUiStore } from '../state/uiStore';

export function StatusBar({ useDocument }: { useDocument: DocumentStoreHook }) {
  const path = useDocument((s) => s.path);
  const status = useDocument((s) => s.status);
  const dirty = useDocument(isDirty);
  const saving = useDocument((s) => s.saving);
  const info = useUiStore((s) => s.info);
  return (
    <footer className="status-bar" aria-label="Status">
      <span className="status-file">{status === 'empty' ? 'No file open' : (path ?? 'Untitled (not saved yet)')}</span>
      {dirty && <span className="status-dirty">● Unsaved changes</span>}
      {saving && <span>Saving…</span>}
      <span className="status-spacer" />
      {info && <span>{info.mode === 'desktop' ? 'Desktop' : 'Browser mode'} · v{info.version}</span>}
    </footer>
  );
}
