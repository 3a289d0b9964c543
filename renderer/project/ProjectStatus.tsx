import { FILE_KIND_LABELS, FILE_KINDS, isFileKind, type FileKind } from '../../shared/project/fileKind';
import { neuroSanLabel, whyNeuroSan } from '../../shared/neurosan/versions/projectVersion';
import type { Workspace } from '../workspace';
import { analysisOf, useOpenAnalysis } from '../state/openAnalysis';
import { relativeIn, type ProjectStoreHook } from './projectStore';

/**
 * The status bar's part about the open file in its project: its kind (which the user may correct: the project reads
 * it again by that kind), the toolbox in use with where it came from, and the neuro-san version it is checked for.
 */
export function ProjectStatus({ stores, useProject }: { stores: Workspace; useProject: ProjectStoreHook }) {
  const path = stores.useDocument((s) => s.path);
  const analysis = analysisOf(useOpenAnalysis(stores));
  const project = useProject((s) => s.project);
  const inProject = project && path ? relativeIn(project, path) : undefined;
  const file = inProject !== undefined ? project?.files.find((f) => f.path === inProject) : undefined;
  const kind: FileKind | undefined = file?.kind ?? (analysis ? ((analysis.fileKind && isFileKind(analysis.fileKind.kind) ? analysis.fileKind.kind : analysis.kind) as FileKind) : undefined);
  // A network naming its own toolbox_info_file uses that one; otherwise the project's (from the environment, .env...).
  const from = analysis?.network?.toolboxFile?.from;
  const own = from === 'toolbox_info_file' || from === 'agent_toolbox_info_file' ? analysis!.network!.toolboxFile : null;
  // The neuro-san version the open file (else the project) is checked for, and why (the title).
  const neuroSan = analysis?.neuroSan ?? project?.neuroSan;
  const toolbox = own
    ? { path: own.written, from: own.from }
    : project?.toolbox
      ? { path: project.toolbox.path, from: project.toolbox.from }
      : null;
  return (
    <>
      {kind && (
        <label className="status-kind" title={file?.reason ?? analysis?.fileKind?.reason ?? ''}>
          Kind:{' '}
          {file && inProject !== undefined ? (
            <select aria-label="File kind" value={kind} onChange={(e) => void useProject.getState().setKind(inProject, e.target.value as FileKind)}>
              {FILE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {FILE_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          ) : (
            <span aria-label="File kind">{FILE_KIND_LABELS[kind]}</span>
          )}
        </label>
      )}
      {project && toolbox && (
        <span className="status-toolbox" aria-label="Toolbox in use">
          Toolbox: {toolbox.path} ({toolbox.from})
        </span>
      )}
      {neuroSan && (
        <span className="status-neuro-san" aria-label="neuro-san version" title={whyNeuroSan(neuroSan)}>
          {neuroSanLabel(neuroSan)}
        </span>
      )}
    </>
  );
}
