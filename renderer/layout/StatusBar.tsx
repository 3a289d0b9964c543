import { isDirty } from '../state/documentStore';
import type { Workspace } from '../workspace';
import { ProjectStatus } from '../project/ProjectStatus';
import type { ProjectStoreHook } from '../project/projectStore';
import { plural } from '../../shared/plural';

/** File, unsaved marker, the document's error and warning counts, the host. */
export function StatusBar({ stores, useProject }: { stores: Workspace; useProject?: ProjectStoreHook }) {
  const { useDocument, useAnalysis } = stores;
  const path = useDocument((s) => s.path);
  const status = useDocument((s) => s.status);
  const dirty = useDocument(isDirty);
  const saving = useDocument((s) => s.saving);
  // The file's problems (what "Check all tools" found about the environment is counted in Problems, apart).
  const errors = useAnalysis((s) => s.analysis?.diagnostics.filter((d) => d.severity === 'error' && d.group === undefined).length ?? 0);
  const warnings = useAnalysis((s) => s.analysis?.diagnostics.filter((d) => d.severity === 'warning' && d.group === undefined).length ?? 0);
  const hasAnalysis = useAnalysis((s) => s.analysis !== null);
  const info = stores.useUi((s) => s.info);
  return (
    <footer className="status-bar" aria-label="Status">
      <span className="status-file">{status === 'empty' ? 'No file open' : (path ?? 'Untitled (not saved yet)')}</span>
      {dirty && <span className="status-dirty">● Unsaved changes</span>}
      {saving && <span>Saving…</span>}
      {hasAnalysis && (
        <span className="status-counts" aria-label="Problem counts">
          {plural(errors, 'error')}, {plural(warnings, 'warning')}
        </span>
      )}
      {useProject && <ProjectStatus stores={stores} useProject={useProject} />}
      <span className="status-spacer" />
      {info && <span>{info.mode === 'desktop' ? 'Desktop' : 'Browser mode'} · v{info.version}</span>}
    </footer>
  );
}
