import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { errorMessage } from '../../shared/errorMessage';
import { readRegularFileSync } from '../files/regularFile';
import { projectRelative } from '../../shared/project/analyzeProject';
import { environmentWith, resolveProjectSettings, SETTING_NAMES, type ProjectSettings, type SettingName } from '../../shared/project/settings';

/* Where a neuro-san project is and what its settings are, as neuro-san would find them (no files of it read). */

/**
 * The project a path belongs to, by neuro-san's working-directory rule: the nearest folder upward that holds
 * `registries/`, else the folder itself (for a file, its folder).
 */
export function findProjectRoot(start: string): string {
  const absolute = path.resolve(start);
  const from = isDirectory(absolute) ? absolute : path.dirname(absolute);
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (isDirectory(path.join(dir, 'registries'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

/** Whether `p` is a folder (false when it is absent or unreadable). */
export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The project's `.env`: its values, its text when it was read, and why it was not read or parsed. */
export interface DotEnv {
  values: Record<string, string>;
  text?: string;
  problem?: string;
}

/** A `.env` is a few lines; a larger one is not read (a device or a planted file must not fill memory). */
const DOT_ENV_MAX_BYTES = 1024 * 1024;

/**
 * The project's `.env` as neuro-san-studio's scripts read it (Node's own dotenv parser); empty when absent. It is
 * read as every project file is (a regular file only, bounded): a FIFO or a device named `.env` is not read, and
 * `problem` says why.
 */
export function readDotEnv(root: string): DotEnv {
  const file = path.join(root, '.env');
  let text: string;
  try {
    text = new TextDecoder().decode(readRegularFileSync(file, DOT_ENV_MAX_BYTES).bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { values: {} };
    return { values: {}, problem: `The project's .env was not read, so its settings are not used: ${errorMessage(error)}` };
  }
  try {
    return { values: parseEnv(text) as Record<string, string>, text };
  } catch (error) {
    return { values: {}, text, problem: `The project's .env could not be read as a .env file: ${errorMessage(error)}` };
  }
}

/**
 * The project's settings as neuro-san would get them, paths made relative to the root where they lie inside it.
 * Why a file of them was not read (the `.env`) goes to `problems`.
 */
export function projectSettingsOf(
  root: string,
  options: { env: Record<string, string | undefined>; projectSettings?: Partial<Record<SettingName, string>>; problems?: string[]; dotEnv?: DotEnv },
): ProjectSettings {
  const dotEnv = options.dotEnv ?? readDotEnv(root);
  if (dotEnv.problem !== undefined) options.problems?.push(dotEnv.problem);
  const settings = resolveProjectSettings({
    env: options.env,
    dotEnv: dotEnv.values,
    exists: (p) => existsSync(path.join(root, p)),
    ...(options.projectSettings ? { projectSettings: options.projectSettings } : {}),
  });
  for (const name of SETTING_NAMES) {
    const setting = settings[name];
    if (setting) settings[name] = { ...setting, value: projectRelative(setting.value.split(path.sep).join('/'), root.split(path.sep).join('/')) };
  }
  return settings;
}

/**
 * How neuro-san would run a file that lies in a project (a folder upward holds `registries/`): from the project's
 * root, with its settings (.env, conventional toolbox) filled into the environment and the `.env`'s other variables
 * under it (environmentWith). Undefined outside a project.
 */
export function projectContextOf(file: string, env: Record<string, string | undefined>): { cwd: string; env: Record<string, string | undefined> } | undefined {
  const root = projectRootOf(file);
  if (root === undefined) return undefined;
  const dotEnv = readDotEnv(root);
  return { cwd: root, env: environmentWith(env, projectSettingsOf(root, { env, dotEnv }), dotEnv.values) };
}

/**
 * The environment for reading one file as neuro-san would run it: when the file lies in a project (`root`, from
 * projectRootOf; undefined outside one), the project's `.env` under the environment (environmentWith), and, when the
 * environment names no toolbox, the project's settings (.env, conventional places) filled in, as paths that hold from
 * the working directory `cwd` (relative under it, as a user would write them; else absolute).
 */
export function projectEnvironmentOf(root: string | undefined, env: Record<string, string | undefined>, cwd: string, dotEnv?: DotEnv): Record<string, string | undefined> {
  if (root === undefined) return env;
  const read = dotEnv ?? readDotEnv(root);
  const settings: ProjectSettings = {};
  if (!env.AGENT_TOOLBOX_INFO_FILE) {
    for (const [name, setting] of Object.entries(projectSettingsOf(root, { env, dotEnv: read }))) {
      if (!setting) continue;
      const absolute = path.resolve(root, setting.value);
      const relative = path.relative(cwd, absolute);
      settings[name as SettingName] = { ...setting, value: relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : absolute };
    }
  }
  return environmentWith(env, settings, read.values);
}

/** The root of the neuro-san project a file lies in (a folder upward holds `registries/`), else undefined. */
export function projectRootOf(file: string): string | undefined {
  const root = findProjectRoot(file);
  return isDirectory(path.join(root, 'registries')) ? root : undefined;
}
