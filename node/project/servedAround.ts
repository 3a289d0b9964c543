import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ProjectReader } from '../../shared/project/projectReader';
import { listProjectFilesCached, projectHost } from './projectFolder';
import { isDirectory } from './projectPlacement';
import { projectEnvironmentOnDisk } from './projectFactsOnDisk';

/** How far up from a file outside every project its projects are looked for (tests/fixtures/NAME/case.hocon: 3). */
const LEVELS_UP = 4;
/** Readers kept this long: the app asks at each keystroke in a test case. */
const KEPT_MS = 2000;
const kept = new Map<string, { at: number; readers: ProjectReader[] }>();

/**
 * Whether a network name is served by the projects beside a file that lies in none (a saved test case in a
 * repository's tests/, its networks in neuro_san/registries/): the first folder upward (at most LEVELS_UP, not above
 * the top of a git repository) that is a project or holds one directly below it. `validate DIR` looks for a test
 * case's agent in the projects of DIR (folderProjects.ts) and here too, so that `validate FILE`, the app and the
 * language server say the same of it (issue #34). Read only when first asked.
 */
export function servedAround(folder: string, env: Record<string, string | undefined>): (name: string) => boolean {
  let readers: ProjectReader[] | undefined;
  return (name) => {
    readers ??= readersAround(path.resolve(folder), env);
    return readers.some((r) => r.servesAgent(name));
  };
}

function readersAround(folder: string, env: Record<string, string | undefined>): ProjectReader[] {
  const roots = projectRootsAround(folder);
  const key = JSON.stringify([roots, env]);
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < KEPT_MS) return hit.readers;
  const readers = roots.map((root) => servingReader(root, env));
  kept.clear();
  kept.set(key, { at: now, readers });
  return readers;
}

/**
 * A project read for what its manifests serve, nothing more (projectOnDisk.ts reads it whole; this module sits below
 * it, for toolboxOnDisk.ts).
 */
function servingReader(root: string, env: Record<string, string | undefined>): ProjectReader {
  const { settings, env: projectEnv } = projectEnvironmentOnDisk(root, env);
  return new ProjectReader({ files: listProjectFilesCached(root), root: '.', host: projectHost(root), env: projectEnv, settings, inProject: true, pathDelimiter: path.delimiter });
}

/** The project roots of the first folder upward that is one or holds some directly below it. */
export function projectRootsAround(folder: string): string[] {
  let at = folder;
  for (let level = 0; level <= LEVELS_UP; level++) {
    const roots = [at, ...children(at)].filter((dir) => isDirectory(path.join(dir, 'registries')));
    if (roots.length > 0) return roots;
    const parent = path.dirname(at);
    if (parent === at || isDirectory(path.join(at, '.git'))) return [];
    at = parent;
  }
  return [];
}

function children(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => path.join(folder, e.name));
  } catch {
    return [];
  }
}
