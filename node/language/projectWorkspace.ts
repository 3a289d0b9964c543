import { statSync } from 'node:fs';
import path from 'node:path';
import type { ResolveOptions } from '../../shared/hocon/index';
import type { ProjectReadingRequest, ProjectReadingResult, ReadAnalysis } from './projectReadingMessages';
import type { PublishedFile } from './publishedDiagnostics';
import type { ToolboxDiagnostic } from '../../shared/toolbox/index';
import type { IncludeFacts, LanguageWorld, WorkingDirectoryFacts } from '../../shared/language/index';
import { includeTargetsOf, resolveToolboxFile, type IncludeTarget } from '../../shared/toolbox/index';
import { dirnameOf, normalizePath } from '../../shared/hocon/index';
import { includersOf } from '../../shared/project/includeIndex';
import { readAsInclude } from '../../shared/project/projectReader';
import { isDirectory, readDotEnv, readingEnvironment } from '../project/projectSettingsOnDisk';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { projectHost } from '../project/projectOnDisk';
import { slashedWithin } from '../files/slashedPaths';

/**
 * One neuro-san project as the language server sees it: its root, the editor's unsaved texts, and the analysis
 * `validate DIR` makes of it (loadProjectFromDisk, read off the request path: projectReadings.ts), so that the
 * diagnostics are the ones validate prints. Each change counts a version; a reading says which version it read.
 */
export class ProjectWorkspace implements LanguageWorld {
  analysis: ReadAnalysis | undefined;
  /** The analysis's diagnostics that offer a quick fix. */
  fixes: readonly ToolboxDiagnostic[] = [];
  /** Its diagnostics as the language server publishes them (when it asked for them: `request(true)`). */
  published: readonly PublishedFile[] | undefined;
  truncated = false;
  /** Counts the changes to the project's texts (an edit, a save, a file changed on disk). */
  version = 0;
  /** The version the analysis was read at (-1: none read yet). */
  readVersion = -1;

  /** The files other project files include, as of `readVersion` (what tells a file neuro-san reads only as an include). */
  private included: { version: number; files: Set<string> } | undefined;
  /** The `.env`'s values and when they were read (dotEnvValues). */
  private dotEnv: { stamp: string; values: Record<string, string> } | undefined;

  constructor(
    readonly root: string,
    private readonly overlays: ReadonlyMap<string, string>,
    readonly env: Record<string, string | undefined>,
    /**
     * The folder neuro-san runs in, when the editor decides it (the app: its run settings or Preferences, as its
     * analysis of the file takes it, node/api/documentAnalysis.ts). Absent (the language server): the root, as `validate
     * DIR` and the diagnostics take it.
     */
    private readonly workingDirectory?: WorkingDirectoryFacts,
  ) {}

  /** Whether the analysis is of the texts as they are now. */
  get current(): boolean {
    return this.readVersion === this.version;
  }

  /** What the reading thread needs: the root, the unsaved texts, the environment; with `publish`, what to publish. */
  request(publish = false): ProjectReadingRequest {
    return { root: this.root, overlays: [...this.overlays], env: this.env, ...(publish ? { publish } : {}) };
  }

  /** A reading made at `version` has come: kept (a reading failed leaves no analysis). */
  accept(version: number, result: ProjectReadingResult | undefined): void {
    this.analysis = result?.analysis;
    this.fixes = result?.fixes ?? [];
    this.published = result?.published;
    this.truncated = result?.truncated ?? false;
    this.readVersion = version;
  }

  /** The absolute path of a file as the analysis names it (relative to the root, or absolute). */
  absolute(file: string): string {
    return path.resolve(this.root, file);
  }

  /** The analysis's name for an absolute path: relative to the root, '/'-separated, when inside it. */
  relative(absolute: string): string {
    return slashedWithin(this.root, absolute);
  }

  read(file: string): string | undefined {
    const absolute = this.absolute(file);
    const open = this.overlays.get(absolute);
    if (open !== undefined) return open;
    const read = fileIncludeHost.readFile(absolute);
    return typeof read === 'string' ? read : undefined;
  }

  /**
   * Where the file's includes resolve in neuro-san's reading (and the specification's), for the hover and Go to
   * Definition on an include: from the editor's working directory when it gave one (what the app's analysis reads);
   * else as the diagnostics read the file (`validate DIR`: neuro-san run from the root, and a file it reads only as an
   * include, ProjectReader's readAsInclude, has its includes looked for next to it).
   */
  includesOf(file: string): IncludeFacts {
    const { env } = this.resolveOptions();
    const options = { host: projectHost(this.root, this.overlays), env: env ?? {}, reading: 'neuro-san' as const, withSpec: true };
    if (this.workingDirectory) {
      const cwd = this.workingDirectory.path;
      const document = resolveToolboxFile(file, { ...options, baseDir: cwd, neuroSanCwd: cwd });
      return { includes: includeTargetsOf(document), workingDirectory: this.workingDirectory, opener: 'Go to Definition' };
    }
    if (this.readAsInclude(file)) {
      const document = resolveToolboxFile(file, { ...options, baseDir: '.', neuroSanCwd: dirnameOf(file) });
      return { includes: includeTargetsOf(document).map(nextToTheFile), opener: 'Go to Definition' };
    }
    const document = resolveToolboxFile(file, { ...options, baseDir: '.', neuroSanCwd: '.' });
    const why = isDirectory(path.join(this.root, 'registries')) ? 'registries' : 'file-folder';
    return { includes: includeTargetsOf(document), workingDirectory: { path: this.root, why }, opener: 'Go to Definition' };
  }

  /** Whether the analysis reads `file` only as an include of other project files (readAsInclude). */
  private readAsInclude(file: string): boolean {
    const here = normalizePath(file);
    const kind = this.analysis?.files.find((f) => f.path === here)?.kind;
    if (kind === undefined) return false;
    return readAsInclude(kind, () => this.includedFiles().has(here));
  }

  private includedFiles(): Set<string> {
    if (this.included?.version !== this.readVersion) {
      const files = (this.analysis?.files ?? []).map((f) => f.path);
      this.included = { version: this.readVersion, files: new Set([...includersOf(files, '.', (f) => this.read(f)).keys()].map(normalizePath)) };
    }
    return this.included.files;
  }

  resolveOptions(): ResolveOptions {
    const settings = this.analysis?.settings ?? {};
    return { host: projectHost(this.root, this.overlays), baseDir: '.', env: readingEnvironment(this.env, settings, this.dotEnvValues()) };
  }

  /**
   * The project's `.env`, read again only when it changed: every hover asked for it, and read it whole. A change is
   * seen by its file event (which counts a version) or, for a client that watches no `.env`, by its mtime and size.
   */
  private dotEnvValues(): Record<string, string> {
    const stats = statSync(path.join(this.root, '.env'), { throwIfNoEntry: false });
    const stamp = `${this.version}:${stats?.mtimeMs ?? -1}:${stats?.size ?? -1}`;
    if (this.dotEnv?.stamp !== stamp) this.dotEnv = { stamp, values: readDotEnv(this.root).values };
    return this.dotEnv.values;
  }
}

/** An include of a file read only as an include: pyhocon looks next to that file, whatever folder neuro-san runs in. */
function nextToTheFile(include: IncludeTarget): IncludeTarget {
  return include.neuroSan ? { ...include, neuroSan: { ...include.neuroSan, dependsOnCwd: false } } : include;
}
