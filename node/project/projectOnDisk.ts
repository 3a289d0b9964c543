import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { IncludeHost } from '../../shared/hocon/index';
import { analyzeProject, type ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { FileKind } from '../../shared/project/fileKind';
import type { McpListing } from '../../shared/mcp/index';
import type { SettingName } from '../../shared/project/settings';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { defaultToolboxFileOf, projectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import { projectSettingsOf, readDotEnv, type DotEnv } from './projectSettingsOnDisk';

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
  /** What the project's MCP servers answered when asked (their problems are reported then). */
  mcpListings?: ReadonlyMap<string, McpListing>;
  /** How to find the neuro-san version: one from the command line, what the interpreter said (node/neurosan/projectVersion.ts). */
  versionLookup?: VersionLookup;
}

/** Reads files relative to the project root (absolute paths as they are), unsaved text first. */
export function projectHost(root: string, overlays?: ReadonlyMap<string, string>): IncludeHost {
  return {
    readFile(p) {
      const absolute = path.resolve(root, p);
      return overlays?.get(absolute) ?? fileIncludeHost.readFile(absolute);
    },
  };
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

/** AGENT_TOOL_PATH_ONLY as neuro-san would get it (the environment's, else the project's .env's), and the .env's text. */
function dotEnvOf(dotEnv: DotEnv, env: Record<string, string | undefined>): { agentToolPathOnly?: string; dotEnv?: { file: string; text: string } } {
  const value = env.AGENT_TOOL_PATH_ONLY ?? dotEnv.values.AGENT_TOOL_PATH_ONLY;
  return { ...(value !== undefined ? { agentToolPathOnly: value } : {}), ...(dotEnv.text !== undefined ? { dotEnv: { file: '.env', text: dotEnv.text } } : {}) };
}

/** Opens the folder as a neuro-san project and reads every file of it by its kind. */
export function loadProjectFromDisk(root: string, options: ProjectLoadOptions): LoadedProject {
  const absolute = path.resolve(root);
  const warnings: string[] = [];
  const dotEnv = readDotEnv(absolute);
  const settings = projectSettingsOf(absolute, { ...options, problems: warnings, dotEnv });
  const files = listProjectFiles(absolute);
  const version = projectVersionFacts(absolute, options.versionLookup);
  const defaultFile = options.noDefault ? undefined : defaultToolboxFileOf(version.facts);
  const analysis = analyzeProject({
    files,
    host: projectHost(absolute, options.overlays),
    env: options.env,
    settings,
    ...(defaultFile ? { defaultFile } : {}),
    ...(options.kindOverrides ? { kindOverrides: options.kindOverrides } : {}),
    ...(options.mcpListings ? { mcpListings: options.mcpListings } : {}),
    neuroSan: version.facts,
    ...dotEnvOf(dotEnv, options.env),
  });
  return { root: absolute, analysis, truncated: files.truncated === true, neuroSan: version.neuroSan, warnings };
}
