import { codedClassFinderFor } from '../python/codedClassFinder';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { McpListing } from '../../shared/mcp/index';
import type { IncludeHost } from '../../shared/hocon/index';
import { analysisOf, type ProjectAnalysis, type ProjectExtras } from '../../shared/project/analyzeProject';
import { ProjectReader } from '../../shared/project/projectReader';
import { environmentWith } from '../../shared/project/settings';
import type { FileKind } from '../../shared/project/fileKind';
import type { SettingName } from '../../shared/project/settings';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { reviewProject } from '../review/reviewToolbox';
import { defaultToolboxFileOf, projectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import { isDirectory, projectRootOf, projectSettingsOf, readDotEnv, type DotEnv } from './projectSettingsOnDisk';

/** Folders that hold no project files of ours (and can be huge). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__', 'dist', 'build', '.tox', '.mypy_cache']);

/**
 * How far a project walk goes: a folder opened by mistake (a home folder, `/`) must not stall the app. A project
 * with more is read up to here, and says so.
 */
export const PROJECT_WALK_LIMITS = { entries: 100_000, files: 5_000 };

/** Every .hocon file under the root, relative and '/'-separated, in a stable order (up to PROJECT_WALK_LIMITS). */
export function listProjectFiles(root: string): string[] & { truncated?: boolean } {
  const out: string[] & { truncated?: boolean } = [];
  let visited = 0;
  const walk = (dir: string, relative: string) => {
    if (out.truncated) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++visited > PROJECT_WALK_LIMITS.entries || out.length >= PROJECT_WALK_LIMITS.files) {
        out.truncated = true;
        return;
      }
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) walk(path.join(dir, entry.name), rel);
      } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.hocon')) {
        out.push(rel);
      }
    }
  };
  walk(root, '');
  return out;
}

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

/**
 * Reads files relative to the project root (absolute paths as they are), unsaved text first; an include by URL as
 * `readUrl` has it (fetched beforehand, when the user allowed it: urlIncludes.ts).
 */
export function projectHost(root: string, overlays?: ReadonlyMap<string, string>, readUrl?: (url: string) => string | undefined): IncludeHost {
  return {
    readFile(p) {
      const absolute = path.resolve(root, p);
      return overlays?.get(absolute) ?? fileIncludeHost.readFile(absolute);
    },
    ...(readUrl !== undefined ? { readUrl } : {}),
  };
}

/** How long a project's list of files is reused by the reading of one file (a keystroke in the app). */
const LISTING_REUSE_MS = 2000;
const listings = new Map<string, { at: number; files: string[] }>();

/**
 * The project's files, listed again at most every LISTING_REUSE_MS: one file read within its project (the app, at
 * each keystroke) needs the list to tell its kind, and a folder walk per keystroke is wasted work.
 */
export function listProjectFilesCached(root: string): string[] {
  const now = Date.now();
  const cached = listings.get(root);
  if (cached !== undefined && now - cached.at < LISTING_REUSE_MS) return [...cached.files];
  const files = listProjectFiles(root);
  listings.set(root, { at: now, files });
  if (listings.size > 8) listings.delete(listings.keys().next().value!);
  return [...files];
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

/** AGENT_TOOL_PATH_ONLY as neuro-san would get it: the environment's, else the project's .env's. */
export function agentToolPathOnlyOf(dotEnv: DotEnv, env: Record<string, string | undefined>): { agentToolPathOnly?: string } {
  const value = env.AGENT_TOOL_PATH_ONLY ?? dotEnv.values.AGENT_TOOL_PATH_ONLY;
  return value !== undefined ? { agentToolPathOnly: value } : {};
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
    env: environmentWith(options.env, settings, dotEnv.values),
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

/**
 * neuro-san's own package (a checkout of neuro-san or a fork: its `registries/` lie in `neuro_san/`) ships its default
 * toolbox beside its restorer; read as a project, that file is the default its networks get, whatever the version.
 */
export function packageDefaultToolbox(root: string): string | undefined {
  const file = path.join(root, 'internals', 'run_context', 'langchain', 'toolbox', 'toolbox_info.hocon');
  return path.basename(root) === 'neuro_san' && existsSync(file) ? file : undefined;
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
