import path from 'node:path';
import type { ResolveOptions } from '../../shared/hocon/index';
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { LanguageWorld } from '../../shared/language/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { loadProjectFromDisk, projectHost } from '../project/projectOnDisk';
import { environmentWith } from '../../shared/project/settings';

/**
 * One neuro-san project as the language server sees it: its root, the editor's unsaved texts, and the analysis
 * `validate DIR` makes of it (the same function: loadProjectFromDisk, so the diagnostics are the ones validate
 * prints). `analyzeProject` below is the one place the server asks for them: re-point it there when validate's entry
 * point changes.
 */
export function analyzeProject(root: string, overlays: ReadonlyMap<string, string>, env: Record<string, string | undefined>): { analysis: ProjectAnalysis; truncated: boolean } {
  const { analysis, truncated } = loadProjectFromDisk(root, { env, overlays });
  return { analysis, truncated };
}

export class ProjectWorkspace implements LanguageWorld {
  analysis: ProjectAnalysis | undefined;
  truncated = false;
  /** The analysis is of older texts than the overlays now hold. */
  stale = true;

  constructor(
    readonly root: string,
    private readonly overlays: ReadonlyMap<string, string>,
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** Reads the project again, unsaved texts first. Never throws: a failure leaves no analysis and says why. */
  refresh(): string | undefined {
    try {
      const { analysis, truncated } = analyzeProject(this.root, this.overlays, this.env);
      this.analysis = analysis;
      this.truncated = truncated;
      this.stale = false;
      return undefined;
    } catch (error) {
      this.analysis = undefined;
      this.stale = false;
      return error instanceof Error ? error.message : String(error);
    }
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

  resolveOptions(): ResolveOptions {
    const settings = this.analysis?.settings ?? {};
    return { host: projectHost(this.root, this.overlays), baseDir: '.', env: environmentWith(this.env, settings) };
  }
}
