import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { readDotEnv, type DotEnv } from './dotEnvFile';
import { slashed } from '../files/slashedPaths';
import { isDirectory, projectPlacementOf } from './projectPlacement';
import { projectRelative } from '../../shared/project/analyzeProject';
import { environmentWith, resolveProjectSettings, SETTING_NAMES, type ProjectSettings } from '../../shared/project/settings';

/* Where a neuro-san project is and what its settings are, as neuro-san would find them (no files of it read). */

export { readDotEnv, type DotEnv } from './dotEnvFile';
export { isDirectory } from './projectPlacement';

/**
 * The project a path belongs to: the folder neuro-san runs in for it (projectPlacement.ts: the nearest folder upward
 * holding `registries/`, unless a project around it runs it), else the folder itself (for a file, its folder).
 */
export function findProjectRoot(start: string): string {
  const absolute = path.resolve(start);
  const from = isDirectory(absolute) ? absolute : path.dirname(absolute);
  return projectPlacementOf(from)?.root ?? from;
}

/**
 * The project's settings as neuro-san would get them, paths made relative to the root where they lie inside it.
 * Why a file of them was not read (the `.env`) goes to `problems`.
 */
export function projectSettingsOf(
  root: string,
  options: { env: Record<string, string | undefined>; problems?: string[]; dotEnv?: DotEnv },
): ProjectSettings {
  const dotEnv = options.dotEnv ?? readDotEnv(root);
  if (dotEnv.problem !== undefined) options.problems?.push(dotEnv.problem);
  const settings = resolveProjectSettings({
    env: options.env,
    dotEnv: dotEnv.values,
    exists: (p) => existsSync(path.join(root, p)),
  });
  for (const name of SETTING_NAMES) {
    const setting = settings[name];
    if (!setting) continue;
    const value = slashed(setting.value);
    settings[name] = { ...setting, value: name === 'AGENT_MANIFEST_FILE' ? relativeInList(value, slashed(root)) : inProjectTerms(value, root) };
  }
  return settings;
}

/**
 * A path a setting names, as the project's files are named: relative to the root where it lies inside it, however it
 * was written (absolute, as deployments set AGENT_TOOLBOX_INFO_FILE; through a symbolic link to the project or from
 * it), else as written. One file known by two names was two files to every surface (issue #34).
 */
export function inProjectTerms(value: string, root: string): string {
  const written = projectRelative(slashed(value), slashed(root));
  if (!path.isAbsolute(written)) return written;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const realRoot = real(root);
  const realValue = real(written) ?? (real(path.dirname(written)) !== undefined ? path.join(real(path.dirname(written))!, path.basename(written)) : undefined);
  if (realRoot === undefined || realValue === undefined) return written;
  const inside = projectRelative(slashed(realValue), slashed(realRoot));
  return path.isAbsolute(inside) ? written : inside;
}

/**
 * The environment a project's files are read with: the process's, its settings filled in, and a setting the
 * environment gives named as the project's files are (inProjectTerms), so that a network finding its toolbox through
 * AGENT_TOOLBOX_INFO_FILE finds the same file the project reads; the project's other `.env` variables under it
 * (environmentWith).
 */
export function readingEnvironment(env: Record<string, string | undefined>, settings: ProjectSettings, dotEnv: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const named = { ...env };
  for (const name of SETTING_NAMES) {
    const setting = settings[name];
    if (setting?.from === 'environment') named[name] = setting.value;
  }
  return environmentWith(named, settings, dotEnv);
}

/**
 * AGENT_MANIFEST_FILE may be a list (shared/project/manifestList.ts), split by the release the project runs, which is
 * not known here: each absolute path of it, after a separator any release uses, is put in project terms as any other
 * setting is (inProjectTerms: through a symbolic link to the project too, which the list missed: issue #34).
 */
function relativeInList(value: string, root: string): string {
  return eachPathInList(value, (file) => (path.isAbsolute(file) ? inProjectTerms(file, root) : file));
}

/** `value`, a list of paths split as any release splits AGENT_MANIFEST_FILE, with `change` applied to each path. */
export function eachPathInList(value: string, change: (file: string) => string): string {
  return value
    .split(/(?<=^|[:; ])/)
    .map((part) => {
      const separator = /[:; ]$/.test(part) ? part.slice(-1) : '';
      const file = part.slice(0, part.length - separator.length);
      return file === '' ? part : change(file) + separator;
    })
    .join('');
}

/** The root of the neuro-san project a file lies in (findProjectRoot, when one holds `registries/`), else undefined. */
export function projectRootOf(file: string): string | undefined {
  const absolute = path.resolve(file);
  return projectPlacementOf(isDirectory(absolute) ? absolute : path.dirname(absolute))?.root;
}
