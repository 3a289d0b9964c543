/**
 * A neuro-san project's folder as files: which HOCON files it holds, how they are read (unsaved text first), and the
 * few settings read without reading the project (AGENT_TOOL_PATH_ONLY, neuro-san's own default toolbox). Split from
 * projectOnDisk.ts so that a toolbox read alone (node/workspace/toolboxOnDisk.ts) needs nothing that reads a project:
 * the two imported each other through the review (issue #34's import cycles).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { IncludeHost } from '../../shared/hocon/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import type { DotEnv } from './projectSettingsOnDisk';
import { keptBriefly } from './keptBriefly';

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

const listings = keptBriefly<string[]>(LISTING_REUSE_MS, 8);

/**
 * The project's files, listed again at most every LISTING_REUSE_MS: one file read within its project (the app, at
 * each keystroke) needs the list to tell its kind, and a folder walk per keystroke is wasted work.
 */
export function listProjectFilesCached(root: string): string[] {
  return [...listings.get(root, () => listProjectFiles(root))];
}

/** AGENT_TOOL_PATH_ONLY as neuro-san would get it: the environment's, else the project's .env's. */
export function agentToolPathOnlyOf(dotEnv: DotEnv, env: Record<string, string | undefined>): { agentToolPathOnly?: string } {
  const value = env.AGENT_TOOL_PATH_ONLY ?? dotEnv.values.AGENT_TOOL_PATH_ONLY;
  return value !== undefined ? { agentToolPathOnly: value } : {};
}

/**
 * neuro-san's own package (a checkout of neuro-san or a fork: its `registries/` lie in `neuro_san/`) ships its default
 * toolbox beside its restorer; read as a project, that file is the default its networks get, whatever the version.
 */
export function packageDefaultToolbox(root: string): string | undefined {
  const file = path.join(root, 'internals', 'run_context', 'langchain', 'toolbox', 'toolbox_info.hocon');
  return path.basename(root) === 'neuro_san' && existsSync(file) ? file : undefined;
}
