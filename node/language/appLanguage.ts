import { statSync } from 'node:fs';
import path from 'node:path';
import type { LanguageLocation } from '../../shared/api/index';
import { SourceText } from '../../shared/hocon/index';
import { definition, references, rename, renameTarget, type Location, type WorkingDirectoryFacts } from '../../shared/language/index';
import { listProjectFiles } from '../project/projectOnDisk';
import { findProjectRoot } from '../project/projectSettingsOnDisk';
import { projectReadings, type ProjectReadings } from './projectReadings';
import { ProjectWorkspace } from './projectWorkspace';
import { pinFolderOf } from '../neurosan/projectVersion';
import { neuroSanWorkingDirectoryOf } from '../neurosan/neuroSanFiles';

/** Files besides the HOCON ones whose change changes a project's reading (its settings, its pin). */
const SETTINGS_FILES = ['.env', '.toolbox-editor.json', 'requirements.txt', 'pyproject.toml', 'setup.cfg'];

/**
 * The language service across the project for the app's editor (API `language.*`): the open document's project read
 * as the language server reads it (ProjectWorkspace, on the reading thread: projectReadings.ts), the document's
 * unsaved text first. The reading is kept while neither that text nor a file of the project changes (a Ctrl+hover
 * asks for a definition at every move of the mouse).
 */
export class AppLanguage {
  private readonly readings: ProjectReadings;
  private kept: { root: string; file: string; text: string; stamp: string; cwd: string; project: ProjectWorkspace } | undefined;

  constructor(
    private readonly env: Record<string, string | undefined>,
    /**
     * The folder neuro-san runs in for a file, and why: the one the app's analysis of the file reads its includes
     * from (DocumentAnalysis.workingDirectoryFor: the run settings, the preference, the layout), so that Go to
     * Definition on an include opens the file the analysis says neuro-san reads.
     */
    private readonly workingDirectoryOf: (absolute: string) => WorkingDirectoryFacts = (absolute) => neuroSanWorkingDirectoryOf(absolute),
    readings?: ProjectReadings,
  ) {
    this.readings = readings ?? projectReadings();
  }

  /** The project of `absolute` read with `text` as its content, and the file's name there. */
  async projectOf(absolute: string, text: string): Promise<{ project: ProjectWorkspace; file: string }> {
    const root = findProjectRoot(absolute);
    const stamp = projectStamp(root);
    const workingDirectory = this.workingDirectoryOf(absolute);
    const cwd = `${workingDirectory.why}:${workingDirectory.path}`;
    const kept = this.kept;
    if (kept && kept.root === root && kept.file === absolute && kept.text === text && kept.stamp === stamp && kept.cwd === cwd) return { project: kept.project, file: kept.project.relative(absolute) };
    const project = new ProjectWorkspace(root, new Map([[absolute, text]]), this.env, workingDirectory);
    project.accept(project.version, await this.readings.read(project.request()));
    this.kept = { root, file: absolute, text, stamp, cwd, project };
    return { project, file: project.relative(absolute) };
  }

  async definition(absolute: string, text: string, offset: number): Promise<Located> {
    const { project, file } = await this.projectOf(absolute, text);
    return located(project, absolute, definition(project, file, offset));
  }

  async references(absolute: string, text: string, offset: number, includeDeclaration: boolean): Promise<Located> {
    const { project, file } = await this.projectOf(absolute, text);
    return located(project, absolute, references(project, file, offset, includeDeclaration));
  }

  async renameTarget(absolute: string, text: string, offset: number) {
    const { project, file } = await this.projectOf(absolute, text);
    return renameTarget(project, file, offset);
  }

  async rename(absolute: string, text: string, offset: number, newName: string) {
    const { project, file } = await this.projectOf(absolute, text);
    const result = rename(project, file, offset, newName);
    if (!result.ok) return { problem: result.problem };
    if (result.tool === undefined) return { scope: 'file' as const, edits: result.edits.map(({ offset: o, length, newText }) => ({ offset: o, length, newText })) };
    const toolbox = project.analysis?.toolbox?.path;
    return {
      scope: 'project' as const,
      root: project.root,
      edits: result.edits,
      renamedTool: { toolbox: toolbox === undefined ? '' : project.absolute(toolbox), tool: result.tool, newName },
    };
  }

  dispose(): Promise<void> {
    return this.readings.dispose();
  }
}

type Located = { locations: LanguageLocation[]; texts: Record<string, string> };

/** At most this much of other files' text goes with an answer (the peek's previews); past it, a file has none. */
const PREVIEW_CHARS = 32 * 1024 * 1024;

/** The service's locations with their lines and columns, and the text of each file other than `absolute`. */
function located(project: ProjectWorkspace, absolute: string, found: readonly Location[]): Located {
  const locations = found.map((l) => locationOf(project, l));
  const texts: Record<string, string> = {};
  let total = 0;
  for (const l of locations) {
    if (l.path === absolute || texts[l.path] !== undefined) continue;
    const text = project.read(l.path) ?? '';
    total += text.length;
    if (total <= PREVIEW_CHARS) texts[l.path] = text;
  }
  return { locations, texts };
}

/** A location of the service, with the lines and columns of the file it is in. */
function locationOf(project: ProjectWorkspace, location: Location): LanguageLocation {
  const absolute = project.absolute(location.file);
  const source = new SourceText(absolute, project.read(absolute) ?? '');
  const { start, end } = source.rangeOf(location.start, location.end);
  return { path: absolute, start: start.offset, end: end.offset, from: { line: start.line, column: start.column }, to: { line: end.line, column: end.column } };
}

/** What the project's files are now: each one's size and time, and the list of them. */
function projectStamp(root: string): string {
  // The pin may lie above the root, at the top of the repository (node/neurosan/projectVersion.ts pinFolderOf).
  const pinFolder = pinFolderOf(root);
  const pins = pinFolder === root ? [] : SETTINGS_FILES.slice(2).map((name) => path.relative(root, path.join(pinFolder, name)));
  return [...listProjectFiles(root), ...SETTINGS_FILES, ...pins]
    .map((file) => {
      try {
        const stat = statSync(path.join(root, file));
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${file}:-`;
      }
    })
    .join('\n');
}
