import path from 'node:path';
import type { ResolveOptions } from '../../shared/hocon/index';
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { ProjectReadingRequest } from './projectReadingMessages';
import type { IncludeFacts, LanguageWorld } from '../../shared/language/index';
import { includeTargetsOf, resolveToolboxFile } from '../../shared/toolbox/index';
import { isDirectory } from '../project/projectSettingsOnDisk';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { projectHost } from '../project/projectOnDisk';
import { environmentWith } from '../../shared/project/settings';

/**
 * One neuro-san project as the language server sees it: its root, the editor's unsaved texts, and the analysis
 * `validate DIR` makes of it (loadProjectFromDisk, read off the request path: projectReadings.ts), so that the
 * diagnostics are the ones validate prints. Each change counts a version; a reading says which version it read.
 */
export class ProjectWorkspace implements LanguageWorld {
  analysis: ProjectAnalysis | undefined;
  truncated = false;
  /** Counts the changes to the project's texts (an edit, a save, a file changed on disk). */
  version = 0;
  /** The version the analysis was read at (-1: none read yet). */
  readVersion = -1;

  constructor(
    readonly root: string,
    private readonly overlays: ReadonlyMap<string, string>,
    readonly env: Record<string, string | undefined>,
  ) {}

  /** Whether the analysis is of the texts as they are now. */
  get current(): boolean {
    return this.readVersion === this.version;
  }

  /** What the reading thread needs: the root, the unsaved texts, the environment. */
  request(): ProjectReadingRequest {
    return { root: this.root, overlays: [...this.overlays], env: this.env };
  }

  /** A reading made at `version` has come: kept (a reading failed leaves no analysis). */
  accept(version: number, result: { analysis: ProjectAnalysis; truncated: boolean } | undefined): void {
    this.analysis = result?.analysis;
    this.truncated = result?.truncated ?? false;
    this.readVersion = version;
  }

  /** The absolute path of a file as the analysis names it (relative to the root, or absolute). */
  absolute(file: string): string {
    return path.resolve(this.root, file);
  }

  /** The analysis's name for an absolute path: relative to the root, '/'-separated, when inside it. */
  relative(absolute: string): string {
    const relative = path.relative(this.root, absolute);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : absolute;
  }

  read(file: string): string | undefined {
    const absolute = this.absolute(file);
    const open = this.overlays.get(absolute);
    if (open !== undefined) return open;
    const read = fileIncludeHost.readFile(absolute);
    return typeof read === 'string' ? read : undefined;
  }

  /** Where the file's includes resolve as `validate DIR` reads it (neuro-san run from the root), for the hover. */
  includesOf(file: string): IncludeFacts {
    const { env } = this.resolveOptions();
    const document = resolveToolboxFile(file, { host: projectHost(this.root, this.overlays), baseDir: '.', env: env ?? {}, reading: 'neuro-san', neuroSanCwd: '.', withSpec: true });
    const why = isDirectory(path.join(this.root, 'registries')) ? 'registries' : 'file-folder';
    return { includes: includeTargetsOf(document), workingDirectory: { path: this.root, why }, opener: 'Go to Definition' };
  }

  resolveOptions(): ResolveOptions {
    const settings = this.analysis?.settings ?? {};
    return { host: projectHost(this.root, this.overlays), baseDir: '.', env: environmentWith(this.env, settings) };
  }
}
