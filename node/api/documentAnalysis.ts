import path from 'node:path';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { neuroSanWorkingDirectoryOf, type WorkingDirectory } from '../neurosan/neuroSanFiles';
import type { LoadedClassInfo, Reading, ToolboxDiagnostic, ToolEntry } from '../../shared/toolbox/index';
import type { PreferencesStore } from '../state/preferences';
import { NeuroSanEntryCache } from '../../shared/neurosan/index';
import { loadFileFromDisk, outerRootChosen, toolboxOf, type LoadedFile } from '../workspace/toolboxOnDisk';
import { documentPath } from './documentPath';
import { projectFactsOnDisk, type ProjectFactsOnDisk } from '../project/projectFactsOnDisk';
import { projectRootOf } from '../project/projectSettingsOnDisk';
import type { UrlIncludeStore } from '../project/urlIncludes';
import { ReviewCaches } from '../review/reviewToolbox';
import { RecentlyUsed } from './recentlyUsed';
import { projectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import { analysisOf, type DocumentLoad } from './analysisOfLoad';

/** How long, and how many, loads are reused (see DocumentAnalysis.loads). */
const LOAD_CACHE_MS = 2000;
// A keystroke loads the text up to three times (the analysis; the catalog from each reading), and the saved text too.
const LOAD_CACHE_SIZE = 6;
/**
 * Files whose keystroke caches are kept (entryCacheFor, reviewCachesFor), the ones typed in last: each holds its
 * file's entry texts and what was read of them, so a window or two typed in alternately keep theirs, and a file
 * analysed once (every file of a project opened in turn) is dropped instead of kept for the life of the process.
 */
const CACHED_FILES = 4;

export interface DocumentRef {
  /** Absolute path, or null for a document never saved. */
  path: string | null;
  /** The editor's current text (may differ from the disk). */
  text: string;
  noDefault?: boolean;
  /** Whose reading (default neuro-san's: what the LLM gets). */
  reading?: Reading;
  /**
   * The text is one entry of the file's, alone (entryEdits.ts): read with an entry cache of its own, so that the
   * file's keeps the entries of the whole text.
   */
  entryAlone?: boolean;
}

/**
 * A document read as the API's methods read it: its unsaved text layered over the disk, from the folder neuro-san
 * runs in, with what loading classes revealed; and the API's analysis of it. The catalog (catalogService.ts), runs
 * (toolRuns.ts) and the neuro-san check (neuroSanCheckService.ts) ask it for their loads.
 */
export class DocumentAnalysis {
  /** What loading classes revealed, per document and tool: feeds tool kinds and the catalog. */
  private readonly classInfo = new Map<string, Map<string, LoadedClassInfo>>();
  /** Bumped whenever classInfo changes (a cached load made before it is stale). */
  private classInfoGeneration = 0;
  /** neuro-san's reading of each open document, entry by entry, kept between keystrokes. */
  private readonly entryCaches = new RecentlyUsed<string, NeuroSanEntryCache>(CACHED_FILES);
  /** What the settings files said for a file lately (settingsOf). */
  private readonly fileSettings = new Map<string, { at: number; prefs: string; generation: number; workingDirectory: WorkingDirectory; interpreter: VersionLookup['interpreter'] }>();
  /** The facts of the projects analysed lately, by root (factsOf). */
  private readonly projectFacts = new Map<string, { at: number; prefs: string; generation: number; version: string; facts: ProjectFactsOnDisk }>();
  /** The checks' caches of the files analysed last (a few: each holds its file's entry texts). */
  private readonly reviewCaches = new RecentlyUsed<string, ReviewCaches>(CACHED_FILES);
  /**
   * The last few loads, by document and text: a keystroke asks for the analysis and the catalog of the same text, and
   * opening a file renders the same text twice (current and saved). Kept briefly, since includes and the default
   * toolbox are read from the disk.
   */
  private readonly loads: Array<{
    file: string;
    text: string;
    noDefault: boolean;
    reading: Reading;
    generation: number;
    entryAlone: boolean;
    at: number;
    loaded: LoadedFile;
    workingDirectory: WorkingDirectory;
    env: Record<string, string | undefined>;
  }> = [];

  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string | undefined>,
    private readonly preferences: PreferencesStore,
    /**
     * The neuro-san the Python of `file`'s runs said it has (ToolRuns.interpreterNeuroSan), the version a saved file
     * is checked for; undefined before any worker said so.
     */
    private readonly interpreterNeuroSan: (file: string) => VersionLookup['interpreter'] = () => undefined,
    /** Includes by URL, fetched when the user allowed it for the project (node/project/urlIncludes.ts). */
    private readonly urlIncludes?: UrlIncludeStore,
  ) {}

  documentPath(doc: DocumentRef): string {
    return documentPath(this.cwd, doc.path);
  }

  load(doc: DocumentRef): { file: string; loaded: LoadedFile; workingDirectory: WorkingDirectory; env: Record<string, string | undefined> } {
    const file = this.documentPath(doc);
    const noDefault = doc.noDefault ?? false;
    const reading = doc.reading ?? 'neuro-san';
    // Where neuro-san finds a top-level include (the run settings' working directory, else the preference, else the
    // project's root, else the file's folder); the spec's reading looks up to there too.
    const now = Date.now();
    const prefs = JSON.stringify(this.preferences.current());
    const { workingDirectory, interpreter } = this.settingsOf(file, doc.path !== null, now, prefs);
    const cached = this.loads.find(
      (c) =>
        c.file === file &&
        c.noDefault === noDefault &&
        c.reading === reading &&
        c.workingDirectory.path === workingDirectory.path &&
        c.workingDirectory.why === workingDirectory.why &&
        c.generation === this.classInfoGeneration &&
        now - c.at < LOAD_CACHE_MS &&
        c.entryAlone === (doc.entryAlone ?? false) &&
        c.text === doc.text,
    );
    if (cached) return { file, loaded: cached.loaded, workingDirectory: cached.workingDirectory, env: cached.env };
    // A file of a neuro-san project is read as neuro-san runs it: from the project's root, with its settings.
    // The preference naming a project around the file's own (tests/registries/ inside a project): a file of that one,
    // as `validate --cwd` reads it (loadFileFromDisk's outer root), its settings and environment from there.
    const outer = doc.path && workingDirectory.why === 'chosen' ? outerRootChosen(file, workingDirectory.path) : undefined;
    const root = doc.path ? projectRootOf(outer !== undefined ? path.join(outer, 'registries') : file) : undefined;
    // Its facts (the environment it runs with, from the root: projectFactsOnDisk.ts), taken once for the load.
    const facts = root !== undefined ? this.factsOf(root, interpreter, now, prefs) : undefined;
    const env = facts?.env ?? this.env;
    const loaded = loadFileFromDisk(file, {
      cwd: facts?.root ?? this.cwd,
      // The process's: the reading fills the project's settings in itself, as validate FILE's does (projectFactsOnDisk.ts).
      env: this.env,
      projectRoot: facts?.root ?? null,
      ...(facts !== undefined ? { facts } : {}),
      noDefault,
      reading,
      baseDir: workingDirectory.path,
      ...(reading === 'neuro-san' ? { neuroSanCwd: workingDirectory.path, neuroSanEntryCache: this.entryCacheFor(doc.entryAlone ? `${file}\u0000entry` : file) } : {}),
      ...(workingDirectory.why === 'chosen' || workingDirectory.why === 'project-file' ? { workingDirectoryChosen: true } : {}),
      overlays: new Map([[file, doc.text]]),
      offersCache: this.reviewCachesFor(file).offers,
      classInfo: this.classInfo.get(file),
      ...(interpreter ? { versionLookup: { interpreter } } : {}),
      ...(this.urlIncludes?.isAllowed(facts?.root ?? path.dirname(file)) ? { readUrl: this.urlIncludes.read, urlsFetched: true } : {}),
    });
    this.loads.unshift({ file, text: doc.text, noDefault, reading, generation: this.classInfoGeneration, entryAlone: doc.entryAlone ?? false, at: now, loaded, workingDirectory, env });
    this.loads.length = Math.min(this.loads.length, LOAD_CACHE_SIZE);
    return { file, loaded, workingDirectory, env };
  }

  /**
   * What a load takes from the settings files for `file`: where neuro-san runs, and which neuro-san its runs' Python
   * has (when one said so). Read again after LOAD_CACHE_MS, or at once when the preferences or what is known of the
   * Pythons change: a keystroke loads up to three times, and reading the run settings takes about a millisecond.
   */
  private settingsOf(file: string, saved: boolean, now: number, prefs: string): { workingDirectory: WorkingDirectory; interpreter: VersionLookup['interpreter'] } {
    const known = this.fileSettings.get(file);
    if (known && known.prefs === prefs && known.generation === this.classInfoGeneration && now - known.at < LOAD_CACHE_MS) return known;
    const read = { at: now, prefs, generation: this.classInfoGeneration, workingDirectory: this.workingDirectoryFor(file), interpreter: saved ? this.interpreterNeuroSan(file) : undefined };
    this.fileSettings.set(file, read);
    if (this.fileSettings.size > LOAD_CACHE_SIZE) this.fileSettings.delete(this.fileSettings.keys().next().value as string);
    return read;
  }

  /**
   * The facts of the project at `root` (projectFactsOnDisk.ts: its `.env`, settings, version for `interpreter`...), as
   * the settings are kept (settingsOf): taken again after LOAD_CACHE_MS, or at once when the preferences or what is
   * known of the Pythons change, so that a changed `.env` reaches the analysis within about 2 s. A keystroke took them
   * twice (the environment, then the reader's facts), reading the `.env` each time. Taken without `noDefault`: the
   * reading leaves the default toolbox out itself when asked. The version is found at every load, as before they were
   * kept (a pin changed in requirements.txt reaches the next keystroke: node/api/preflightHandlers.test.ts), and the
   * facts are taken again when it moved: their default toolbox and class finder are the version's.
   */
  private factsOf(root: string, interpreter: VersionLookup['interpreter'], now: number, prefs: string): ProjectFactsOnDisk {
    const version = projectVersionFacts(root, interpreter ? { interpreter } : undefined);
    const asked = JSON.stringify(version.neuroSan);
    const known = this.projectFacts.get(root);
    if (known && known.prefs === prefs && known.generation === this.classInfoGeneration && known.version === asked && now - known.at < LOAD_CACHE_MS) return known.facts;
    const facts = projectFactsOnDisk(root, { env: this.env, version });
    this.projectFacts.delete(root);
    this.projectFacts.set(root, { at: now, prefs, generation: this.classInfoGeneration, version: asked, facts });
    if (this.projectFacts.size > LOAD_CACHE_SIZE) this.projectFacts.delete(this.projectFacts.keys().next().value as string);
    return facts;
  }

  /** Forgets the loads and project facts kept briefly: what a reading reads changed (includes by URL fetched). */
  forgetLoads(): void {
    this.loads.length = 0;
    this.projectFacts.clear();
  }

  /** The preference "neuro-san's working directory" ('' = the default). */
  private chosenWorkingDirectory(): string {
    return this.preferences.current().neuroSanCwd ?? '';
  }

  /**
   * The folder neuro-san is taken to run in for `file` (absolute), and why: see neuroSanWorkingDirectoryOf. The same
   * folder as the run settings' `workingDirectory` (ToolRuns.runContext), where the file's tools run.
   */
  workingDirectoryFor(file: string): WorkingDirectory {
    return neuroSanWorkingDirectoryOf(file, this.chosenWorkingDirectory());
  }

  /** What the description and similarity checks keep between keystrokes in `file` (node/review/reviewToolbox.ts). */
  reviewCachesFor(file: string): ReviewCaches {
    return this.reviewCaches.get(file, () => new ReviewCaches());
  }

  private entryCacheFor(file: string): NeuroSanEntryCache {
    return this.entryCaches.get(file, () => new NeuroSanEntryCache());
  }

  /** The files whose keystroke caches are kept, least recently used first (for tests). */
  cachedFiles(): { entries: string[]; review: string[] } {
    return { entries: this.entryCaches.keys(), review: this.reviewCaches.keys() };
  }

  /** `review`: the description checks' findings (node/review/), merged into the diagnostics in position order. */
  analyze(doc: DocumentRef & { detail?: string | null }, review: readonly ToolboxDiagnostic[] = [], read: DocumentLoad = this.load(doc)): ToolboxAnalysis {
    const added = [...this.addedDiagnostics(read.file, toolboxOf(read.loaded).tools, read.loaded.neuroSan.version), ...review];
    return analysisOf(read, doc.detail, added, this.env);
  }

  /**
   * Diagnostics other checks add to the analysis (the last preflight's, see preflightHandlers.ts), placed in the
   * current entries of the document's file, which was read for neuro-san `neuroSanVersion`.
   */
  addedDiagnostics: (file: string, tools: readonly ToolEntry[], neuroSanVersion: string) => ToolboxDiagnostic[] = () => [];

  /** Changes whenever what loading classes revealed, or the Pythons' neuro-san, changed (loads made before are stale). */
  get generation(): number {
    return this.classInfoGeneration;
  }

  /** Whether other checks may add diagnostics to `file`'s analysis (addedDiagnostics): a check of it is kept. */
  addsDiagnostics: (file: string) => boolean = () => false;

  /** What loading classes revealed of `file`'s tools, by tool (for the catalog). */
  classInfoFor(file: string): ReadonlyMap<string, LoadedClassInfo> | undefined {
    return this.classInfo.get(file);
  }

  /** Loading `tool`'s class revealed `info` (ToolRuns.describe): loads made before are stale. */
  recordClassInfo(file: string, tool: string, info: LoadedClassInfo): void {
    const known = this.classInfo.get(file) ?? new Map<string, LoadedClassInfo>();
    known.set(tool, info);
    this.classInfo.set(file, known);
    this.classInfoGeneration++;
  }

  /** What the files are read as changed (a Python said which neuro-san it has): loads and settings read before are stale. */
  invalidate(): void {
    this.classInfoGeneration++;
  }
}
