import { codedClassFinderFor } from '../python/codedClassFinder';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { McpListing } from '../../shared/mcp/index';
import { analysisOf, type ProjectAnalysis, type ProjectExtras } from '../../shared/project/analyzeProject';
import { ProjectReader } from '../../shared/project/projectReader';
import type { FileKind } from '../../shared/project/fileKind';
import type { SettingName } from '../../shared/project/settings';
import { reviewProject } from '../review/reviewToolbox';
import { defaultToolboxFileOf, projectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import { isDirectory, projectRootOf, projectSettingsOf, readDotEnv, readingEnvironment } from './projectSettingsOnDisk';
import { agentToolPathOnlyOf, listProjectFiles, packageDefaultToolbox, projectHost } from './projectFolder';

// What reads a project's folder without reading it as a project (toolboxOnDisk needs it below this module).
export { agentToolPathOnlyOf, listProjectFiles, listProjectFilesCached, packageDefaultToolbox, PROJECT_WALK_LIMITS, projectHost } from './projectFolder';

export interface ProjectLoadOptions {
  env: Record<string, string | undefined>;
  projectSettings?: Partial<Record<SettingName, string>>;
  kindOverrides?: Readonly<Record<string, FileKind>>;
  /** Unsaved editor text by absolute path. */
  overlays?: ReadonlyMap<string, string>;
  noDefault?: boolean;
  /** How to find the neuro-san version: one from the command line, what the interpreter said (node/neurosan/projectVersion.ts). */
  versionLookup?: VersionLookup;
  /** The project's files (relative to the root), when the caller listed them: a folder of several projects. */
  files?: string[] & { truncated?: boolean };
  /** Includes by `http(s)` URL fetched beforehand (the user allowed it), by URL. */
  readUrl?: (url: string) => string | undefined;
  /** Whether a network name is served by a manifest of any project in the folder validated. */
  knownAgent?: (name: string) => boolean;
  /** Read as a project although no `registries/` marks it: the files of a folder outside its projects. */
  inProject?: boolean;
  /** What the project's MCP servers answered when asked (their problems are reported then). */
  mcpListings?: ReadonlyMap<string, McpListing>;
}

export interface LoadedProject {
  root: string;
  analysis: ProjectAnalysis;
  /** The folder held more than PROJECT_WALK_LIMITS: only part of it was read. */
  truncated: boolean;
  /** The neuro-san version the project was checked for, and why. */
  neuroSan: ProjectNeuroSan;
  /** Files of the project's settings that were not read, and why (a `.env` that is a FIFO). */
  warnings: string[];
}

/**
 * Opens the folder as a neuro-san project and reads every file of it by its kind, with the description review of its
 * toolboxes: each file's problems are those `validate FILE` says of it (and `validate DIR` of the project).
 */
export async function loadProjectFromDisk(root: string, options: ProjectLoadOptions): Promise<LoadedProject> {
  const absolute = path.resolve(root);
  const { reader, neuroSan, warnings, extras } = projectReaderOnDisk(absolute, options);
  const truncated = (reader.files as { truncated?: boolean }).truncated === true;
  const review = await reviewProject(reader, absolute);
  return { root: absolute, analysis: analysisOf(reader, reader.options.settings, { ...extras, review }), truncated, neuroSan, warnings };
}

/**
 * The reader of a project on disk (paths relative to its root, see shared/project/projectReader.ts), for the
 * neuro-san version it runs, with what its analysis needs besides.
 */
export function projectReaderOnDisk(root: string, options: ProjectLoadOptions): { reader: ProjectReader; neuroSan: ProjectNeuroSan; warnings: string[]; extras: ProjectExtras } {
  const warnings: string[] = [];
  const dotEnv = readDotEnv(root);
  const settings = projectSettingsOf(root, { ...options, problems: warnings, dotEnv });
  const files = options.files ?? listProjectFiles(root);
  // A toolbox the settings name in JSON (neuro-san reads .json too) is a file of the project like the others.
  const toolbox = settings.AGENT_TOOLBOX_INFO_FILE?.value;
  if (toolbox !== undefined && toolbox.endsWith('.json') && !path.isAbsolute(toolbox) && !toolbox.startsWith('..') && !files.includes(toolbox) && existsSync(path.join(root, toolbox))) {
    files.push(toolbox);
  }
  // The version every file of the project is checked for: the one every other surface gives its files (projectVersion.ts).
  const version = projectVersionFacts(root, options.versionLookup);
  const defaultFile = options.noDefault ? undefined : (packageDefaultToolbox(root) ?? defaultToolboxFileOf(version.facts));
  const reader = new ProjectReader({
    files,
    root: '.',
    host: projectHost(root, options.overlays, options.readUrl),
    env: readingEnvironment(options.env, settings),
    settings,
    ...(defaultFile ? { defaultFile } : {}),
    ...(options.kindOverrides ? { kindOverrides: options.kindOverrides } : {}),
    ...(options.readUrl ? { urlsFetched: true } : {}),
    ...(options.knownAgent ? { knownAgent: options.knownAgent } : {}),
    ...(options.inProject !== undefined ? { inProject: options.inProject } : {}),
    neuroSan: version.facts,
    ...agentToolPathOnlyOf(dotEnv, options.env),
    // The coded classes its networks use, looked for as its neuro-san would, by reading its Python files.
    ...(options.inProject !== false ? { codedClasses: codedClassFinderFor(root, options.env, version.facts) } : {}),
  });
  return { reader, neuroSan: version.neuroSan, warnings, extras: { ...(dotEnv.text !== undefined ? { dotEnv: { file: '.env', text: dotEnv.text } } : {}), ...(options.mcpListings ? { mcpListings: options.mcpListings } : {}) } };
}

/** The projects a folder holds: each folder holding `registries/` with the files below it that are its own. */
export interface ProjectGroup {
  /** Absolute. */
  root: string;
  /** Relative to the root, '/'-separated. */
  files: string[];
  /** No `registries/` marks it: the folder's files outside its projects. */
  loose: boolean;
}

/**
 * The neuro-san projects under `dir` (or the one it lies in): each file belongs to the nearest folder upward that
 * holds `registries/`; files under none form one more group read from `dir`. A folder of several projects (each
 * with its own registries/) is so read as each project is run, from its own root with its own settings.
 */
export function projectsUnder(dir: string): { groups: ProjectGroup[]; truncated: boolean } {
  const start = path.resolve(dir);
  const enclosing = projectRootOf(path.join(start, 'x'));
  const files = listProjectFiles(start);
  const rootOf = new Map<string, string | undefined>();
  const nearestRoot = (folder: string): string | undefined => {
    if (rootOf.has(folder)) return rootOf.get(folder);
    const parent = path.dirname(folder);
    const found = isDirectory(path.join(folder, 'registries')) ? folder : folder === start || folder === enclosing || parent === folder ? enclosing : nearestRoot(parent);
    rootOf.set(folder, found);
    return found;
  };
  const groups = new Map<string, ProjectGroup>();
  for (const file of files) {
    const absolute = path.join(start, file);
    const root = nearestRoot(path.dirname(absolute));
    const key = root ?? start;
    let group = groups.get(key);
    if (group === undefined) {
      group = { root: key, files: [], loose: root === undefined };
      groups.set(key, group);
    }
    group.files.push(path.relative(key, absolute).split(path.sep).join('/'));
  }
  // The project DIR lies in is read whole: its files outside DIR give the context (its toolbox, what includes what).
  if (enclosing !== undefined && enclosing !== start) {
    const whole = groups.get(enclosing);
    if (whole !== undefined) whole.files = listProjectFiles(enclosing).filter((f) => nearestRoot(path.dirname(path.join(enclosing, f))) === enclosing);
  }
  return { groups: [...groups.values()], truncated: files.truncated === true };
}
