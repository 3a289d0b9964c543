import { statSync } from 'node:fs';
import path from 'node:path';
import { runContextOf } from '../../shared/project/runContext';
import { REVIEW_SETTINGS_FILE } from '../../shared/toolbox/index';
import { readSettingsFile } from '../run/settingsFileText';
import { readDotEnv } from './dotEnvFile';
import { keptBriefly } from './keptBriefly';
import { shippedRunsOf } from './shippedRunsOnDisk';
import { slashed } from '../files/slashedPaths';

/**
 * Which project a folder belongs to: the folder neuro-san runs in for its files (issue #33). By neuro-san-studio's
 * layout that is the nearest folder upward holding `registries/`. A `registries/` inside another project
 * (`tests/registries/` of a project) is that project's when it says it runs neuro-san with a manifest there: its
 * `.env`, CI, Makefile or Dockerfile names one (shippedRuns.ts), or the inner folder's `.toolbox-editor.json` sets
 * `run.workingDirectory` to it. It is a project of its own when it ships something of its own (a `.env`, a run, a
 * `.toolbox-editor.json` whose `run.workingDirectory` is itself). Else nothing says where neuro-san runs for it:
 * `alsoFrom` names the outer project, and its files are judged from both (unknownWorkingDirectory.ts).
 */
export interface ProjectPlacement {
  /** Absolute: the project's root, the folder neuro-san runs in. */
  root: string;
  /** The outer project's root, where neuro-san may run as well: set only when nothing says which. */
  alsoFrom?: string;
}

/** The placement of the project `folder` (absolute) lies in; undefined when no folder upward holds `registries/`. */
export function projectPlacementOf(folder: string): ProjectPlacement | undefined {
  const absolute = path.resolve(folder);
  // Kept by folder: one keystroke in the app asks for the same folder several times, and each asking walks to `/`.
  return placements.get(absolute, () => placementOf(absolute)).placement;
}

function placementOf(folder: string): { placement: ProjectPlacement | undefined } {
  const inner = nearestProject(folder);
  if (inner === undefined) return { placement: undefined };
  const outer = nearestProject(path.dirname(inner));
  // A nested project's placement reads its settings, .env and runs: decided once for all its folders.
  return { placement: outer === undefined ? { root: inner } : decided.get(inner, () => placeInside(inner, outer)) };
}

/** How long a folder's placement is reused: the app and the language server ask at every keystroke. */
const REUSE_MS = 2000;
const placements = keptBriefly<{ placement: ProjectPlacement | undefined }>(REUSE_MS, 64);
const decided = keptBriefly<ProjectPlacement>(REUSE_MS, 16);

/** The placement of `inner`, a project inside the project `outer`. */
function placeInside(inner: string, outer: string): ProjectPlacement {
  const chosen = settingsWorkingDirectory(inner);
  const outerRoot = () => (projectPlacementOf(outer) ?? { root: outer }).root;
  if (chosen === outer || (chosen === undefined && runsManifestIn(outer, inner))) return { root: outerRoot() };
  if (chosen !== undefined || shipsItsOwn(inner)) return { root: inner };
  return { root: inner, alsoFrom: outerRoot() };
}

/** The nearest folder upward from `folder` (itself included) that holds `registries/`. */
function nearestProject(folder: string): string | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (isDirectory(path.join(dir, 'registries'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Whether the project at `outer` starts neuro-san with a manifest under `inner`: its `.env`'s AGENT_MANIFEST_FILE or a
 * run it ships (split at every separator any release uses: runContext.ts).
 */
function runsManifestIn(outer: string, inner: string): boolean {
  const prefix = `${slashed(path.relative(outer, inner))}/`;
  const dotEnv = readDotEnv(outer).values.AGENT_MANIFEST_FILE;
  const runs = [...shippedRunsOf(outer), ...(dotEnv ? [{ source: '.env', cwd: '.', env: { AGENT_MANIFEST_FILE: dotEnv } }] : [])];
  return runs.some((run) => runContextOf(run).manifests.some((m) => m.startsWith(prefix)));
}

/** Whether `inner` ships a `.env` or a run of its own (files inside it, not its repository's workflows above it). */
function shipsItsOwn(inner: string): boolean {
  if (isFile(path.join(inner, '.env'))) return true;
  return shippedRunsOf(inner).some((run) => !run.source.startsWith('../'));
}

/** `run.workingDirectory` of the folder's own `.toolbox-editor.json`, absolute, when it sets one. */
function settingsWorkingDirectory(folder: string): string | undefined {
  const set = readSettingsFile(path.join(folder, REVIEW_SETTINGS_FILE)).section.workingDirectory;
  return set === undefined ? undefined : path.resolve(folder, set);
}

/** Whether `p` is a folder (false when it is absent or unreadable). */
export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
