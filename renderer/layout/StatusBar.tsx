import { isDirty } from '../state/documentStore';
import type { Workspace } from '../workspace';
import { ProjectStatus } from '../project/ProjectStatus';
import type { ProjectStoreHook } from '../project/projectStore';
import { problemCounts } from './problemCounts';
import { useOpenAnalysis } from '../state/openAnalysis';

/** File, unsaved marker, the document's error and warning counts, the host. */
export function StatusBar({ stores, useProject }: { stores: Workspace; useProject?: ProjectStoreHook }) {
  const { useDocument } = stores;
  const path = useDocument((s) => s.path);
  const status = useDocument((s) => s.status);
  const dirty = useDocument(isDirty);
  const saving = useDocument((s) => s.saving);
  const counts = problemCounts(useOpenAnalysis(stores));
  const info = stores.useUi((s) => s.info);
  return (
    <footer className="status-bar" aria-label="Status">
      <span className="status-file">{status === 'empty' ? 'No file open' : (path ?? 'Untitled (not saved yet)')}</span>
      {dirty && <span className="status-dirty">● Unsaved changes</span>}
      {saving && <span>Saving…</span>}
      {counts.kind !== 'none' && (
        <span
          className={`status-counts${counts.kind === 'counts' ? '' : ' status-checking'}`}
          aria-label="Problem counts"
          aria-busy={counts.kind === 'checking' || undefined}
          title={counts.kind === 'failed' ? counts.why : counts.kind === 'checking' ? "This file's problems are being found" : undefined}
        >
          {counts.kind === 'counts' ? counts.text : counts.kind === 'checking' ? 'checking…' : 'not checked'}
        </span>
      )}
      {useProject && <ProjectStatus stores={stores} useProject={useProject} />}
      <span className="status-spacer" />
      {info && <span>{info.mode === 'desktop' ? 'Desktop' : 'Browser mode'} · v{info.version}</span>}
    </footer>
  );
}
