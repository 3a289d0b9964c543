import { existsSync } from 'node:fs';
import path from 'node:path';
import type { McpListing } from '../../shared/mcp/index';
import { analysisOf, type ProjectAnalysis, type ProjectExtras } from '../../shared/project/analyzeProject';
import { ProjectReader } from '../../shared/project/projectReader';
import type { FileKind } from '../../shared/project/fileKind';
import { reviewProject } from '../review/reviewToolbox';
import type { VersionLookup } from '../neurosan/projectVersion';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import { inProjectTerms } from './projectSettingsOnDisk';
import { listProjectFiles, projectHost } from './projectFolder';
import { projectFactsOnDisk } from './projectFactsOnDisk';
import { projectPlacementOf, type ProjectPlacement } from './projectPlacement';
import { analysisFromEitherOnDisk } from './unknownWorkingDirectoryOnDisk';
import { slashed } from '../files/slashedPaths';

// What reads a project's folder without reading it as a project (toolboxOnDisk needs it below this module).
export { listProjectFiles, PROJECT_WALK_LIMITS, projectHost } from './projectFolder';

export interface ProjectLoadOptions {
  /** The process's environment: the project's settings are filled in by projectFactsOnDisk. */
  env: Record<string, string | undefined>;
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
  const analysis = analysisOf(reader, reader.options.settings, { ...extras, review });
  // Inside another project, neither saying it runs it: each file judged from either folder.
  const placement = projectPlacementOf(absolute);
  const alsoFrom = placement?.root === absolute ? placement.alsoFrom : undefined;
  const settled = alsoFrom !== undefined ? analysisFromEitherOnDisk(absolute, alsoFrom, reader, outerReaderOf(alsoFrom, options), analysis) : analysis;
  return { root: absolute, analysis: settled, truncated, neuroSan, warnings };
}

/**
 * The reader of the project around one placed with `alsoFrom` (projectPlacement.ts), read whole (the inner project's
 * files with its own), as it would be started from its root: the inner files' other reading.
 */
export function outerReaderOf(alsoFrom: string, options: ProjectLoadOptions): ProjectReader {
  const { files: _files, inProject: _inProject, ...rest } = options;
  return projectReaderOnDisk(alsoFrom, { ...rest, files: listProjectFiles(alsoFrom) }).reader;
}

/**
 * The reader of a project on disk (paths relative to its root, see shared/project/projectReader.ts), for the
 * neuro-san version it runs, with what its analysis needs besides.
 */
export function projectReaderOnDisk(root: string, options: ProjectLoadOptions): { reader: ProjectReader; neuroSan: ProjectNeuroSan; warnings: string[]; extras: ProjectExtras } {
  // What the project is run with, from the one owner loadFileFromDisk's reader takes it from too (projectFactsOnDisk.ts).
  const facts = projectFactsOnDisk(root, { env: options.env, ...(options.versionLookup ? { versionLookup: options.versionLookup } : {}), ...(options.noDefault ? { noDefault: true } : {}) });
  const { settings, dotEnv } = facts;
  const files = options.files ?? listProjectFiles(root);
  // A toolbox the settings name in JSON (neuro-san reads .json too) is a file of the project like the others.
  const toolbox = settings.AGENT_TOOLBOX_INFO_FILE?.value;
  if (toolbox !== undefined && toolbox.endsWith('.json') && !path.isAbsolute(toolbox) && !toolbox.startsWith('..') && !files.includes(toolbox) && existsSync(path.join(root, toolbox))) {
    files.push(toolbox);
  }
  const reader = new ProjectReader({
    files,
    root: '.',
    host: projectHost(root, options.overlays, options.readUrl),
    env: facts.env,
    settings,
    ...(facts.defaultFile ? { defaultFile: facts.defaultFile } : {}),
    ...(options.kindOverrides ? { kindOverrides: options.kindOverrides } : {}),
    ...(options.readUrl ? { urlsFetched: true } : {}),
    ...(options.knownAgent ? { knownAgent: options.knownAgent } : {}),
    ...(options.inProject !== undefined ? { inProject: options.inProject } : {}),
    // Read as a project only because the folder was given: nothing says how neuro-san runs its files.
    ...(options.inProject === true ? { loose: true } : {}),
    neuroSan: facts.version.facts,
    ...facts.agentToolPathOnly,
    ...(options.inProject !== false ? { codedClasses: facts.codedClasses, runs: facts.runs } : {}),
    pathDelimiter: path.delimiter,
    projectPath: (p) => inProjectTerms(p, root),
  });
  return { reader, neuroSan: facts.version.neuroSan, warnings: facts.warnings, extras: { ...(dotEnv.text !== undefined ? { dotEnv: { file: '.env', text: dotEnv.text } } : {}), ...(options.mcpListings ? { mcpListings: options.mcpListings } : {}) } };
}

/** The projects a folder holds: each folder holding `registries/` with the files below it that are its own. */
export interface ProjectGroup {
  /** Absolute. */
  root: string;
  /** Relative to the root, '/'-separated. */
  files: string[];
  /** No `registries/` marks it: the folder's files outside its projects. */
  loose: boolean;
  /** The project around it, where neuro-san may run as well: nothing says which (projectPlacement.ts). */
  alsoFrom?: string;
}

/**
 * The neuro-san projects under `dir` (or the one it lies in): each file belongs to the project its folder is placed
 * in (projectPlacement.ts: the nearest folder upward holding `registries/`, or a project around it that runs it);
 * files under none form one more group read from `dir`. A folder of several projects (each with its own registries/)
 * is so read as each project is run, from its own root with its own settings.
 */
export function projectsUnder(dir: string): { groups: ProjectGroup[]; truncated: boolean } {
  const start = path.resolve(dir);
  const files = listProjectFiles(start);
  const placed = new Map<string, ProjectPlacement | undefined>();
  const placementOf = (folder: string): ProjectPlacement | undefined => {
    if (!placed.has(folder)) placed.set(folder, projectPlacementOf(folder));
    return placed.get(folder);
  };
  const groups = new Map<string, ProjectGroup>();
  for (const file of files) {
    const absolute = path.join(start, file);
    const placement = placementOf(path.dirname(absolute));
    const key = placement?.root ?? start;
    let group = groups.get(key);
    if (group === undefined) {
      group = { root: key, files: [], loose: placement === undefined, ...(placement?.alsoFrom !== undefined ? { alsoFrom: placement.alsoFrom } : {}) };
      groups.set(key, group);
    }
    group.files.push(slashed(path.relative(key, absolute)));
  }
  // A project whose root lies above DIR (the project DIR lies in, or one that runs a registries/ in DIR) is read
  // whole: its files outside DIR give the context (its toolbox, what includes what, its manifests).
  for (const group of groups.values()) {
    if (group.loose || isInside(group.root, start)) continue;
    group.files = listProjectFiles(group.root).filter((f) => placementOf(path.dirname(path.join(group.root, f)))?.root === group.root);
  }
  return { groups: [...groups.values()], truncated: files.truncated === true };
}

/** Whether `folder` is `start` or lies below it. */
function isInside(folder: string, start: string): boolean {
  const relative = path.relative(start, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
