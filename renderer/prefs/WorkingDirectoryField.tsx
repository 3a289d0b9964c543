import type { ToolboxAnalysis } from '../../shared/api/index';
import { WHY } from '../../shared/language/index';

/**
 * The preference "neuro-san's working directory" (where neuro-san finds a top-level `include`), with the folder
 * actually used for the open file and why: the saved preference's answer, which the analysis of the file carries.
 */
export function WorkingDirectoryField({
  value,
  onChange,
  openFile,
}: {
  value: string;
  onChange(value: string): void;
  openFile: Pick<ToolboxAnalysis, 'file' | 'workingDirectory'> | null;
}) {
  const used = openFile?.workingDirectory;
  return (
    <>
      <label>
        neuro-san's working directory
        <input value={value} spellCheck={false} placeholder="empty: the nearest folder with registries/, else the file's folder" aria-describedby="neuro-san-cwd-help" onChange={(e) => onChange(e.target.value)} />
      </label>
      <p className="hint" id="neuro-san-cwd-help">
        The folder neuro-san runs in: it looks for a top-level <code>include</code> there, not next to the file. Empty: the nearest folder upward from
        the file that holds <code>registries/</code>, else the file's folder. A relative path is relative to that folder (the project's root, or the
        file's folder when there is no project). A project whose run settings set <code>workingDirectory</code> (<code>.toolbox-editor.json</code>) runs
        there, its tools and its includes alike: that folder wins over this one.
      </p>
      {openFile && used && (
        <p className="hint" data-testid="working-directory-used">
          For {openFile.file}: <code>{used.path}</code> ({WHY[used.why]}).
        </p>
      )}
    </>
  );
}
