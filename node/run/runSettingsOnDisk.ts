/**
 * The run settings of a toolbox as this machine has them: the project's settings file (`.toolbox-editor.json`, its
 * `run` section), its `.env`, the environment, the preferences or the command line, and neuro-san-studio's layout —
 * resolved by shared/run/runSettings.ts, and turned into what starts a worker and what loads the toolbox. The app
 * (node/api/toolRuns.ts) and the CLI (`call`, `test`, `check`, `scaffold`) both come here, so they run a tool alike.
 *
 * Nothing here runs project code: one small JSON file, one `.env` file and a few stats.
 */
import path from 'node:path';
import {
  commandLineOptions,
  resolveRunSettings,
  variablesOf,
  type ResolvedRunSettings,
  type RunSettingsSources,
} from '../../shared/run/index';
import { layoutWorkingDirectoryOf } from '../neurosan/neuroSanFiles';
import { readSettingsFile, settingsFileFor } from './settingsFile';
import { projectRootOf, projectSettingsOf, readDotEnv, type DotEnv } from '../project/projectSettingsOnDisk';
import { environmentWith } from '../../shared/project/settings';
import type { ToolRunnerOptions } from '../python/index';

export { SETTINGS_FILE, settingsFileFor, readSettingsFile } from './settingsFile';

/** What this side adds to the file: the app's preferences, or the CLI's options. */
export type RunSettingsOverrides = Pick<RunSettingsSources, 'preferences' | 'commandLine'>;

export interface RunContext {
  settings: ResolvedRunSettings;
  /** The options "Copy as CLI" adds for the CLI to run as this side does. */
  commandLineOptions: string[];
  /** How to start the worker. */
  runner: ToolRunnerOptions;
  /** The neuro-san project the toolbox lies in, if any. */
  projectRoot: string | undefined;
}

/** A `.env` the caller read already (a project's facts: projectFactsOnDisk.ts), with the folder it lies in. */
export interface DotEnvRead {
  folder: string;
  dotEnv: DotEnv;
}

/**
 * The run settings of `toolboxFile` (absolute) and what a worker is started with. `read`: the `.env` of a folder the
 * caller read already, used instead of reading it again (a coded-class finder's, made with the project's facts).
 */
export function runContextFor(toolboxFile: string, env: Record<string, string | undefined>, overrides: RunSettingsOverrides = {}, read?: DotEnvRead): RunContext {
  const located = settingsFileFor(toolboxFile);
  const file = readSettingsFile(located.path);
  const projectRoot = projectRootOf(toolboxFile);
  const baseDir = path.dirname(located.path);
  const dotEnvOf = (folder: string) => (read !== undefined && path.resolve(read.folder) === path.resolve(folder) ? read.dotEnv : readDotEnv(folder));
  const dotEnv = dotEnvOf(baseDir);
  const projectDotEnv = projectRoot === undefined ? undefined : projectRoot === baseDir ? dotEnv : dotEnvOf(projectRoot);
  const layout = layoutWorkingDirectoryOf(toolboxFile);
  // In a project, AGENT_TOOL_PATH as neuro-san-studio sets it: its `.env`, else its `coded_tools/` (the environment's
  // own value is taken first by the resolver).
  const projectAgentToolPath = projectRoot !== undefined ? projectSettingsOf(projectRoot, { env: {}, ...(projectDotEnv ? { dotEnv: projectDotEnv } : {}) }).AGENT_TOOL_PATH : undefined;
  // A `.env` that could not be read (a FIFO, too big) is said apart from the settings file's problems (it is not the
  // file's): its variables are not used.
  const notRead = [...new Set([dotEnv.problem, projectDotEnv?.problem].filter((p): p is string => p !== undefined))];
  const sources: RunSettingsSources = {
    file: { path: located.path, exists: file.exists, section: file.section, problems: file.problems },
    ...(notRead.length > 0 ? { notRead } : {}),
    baseDir,
    layoutWorkingDirectory: layout.path,
    ...(projectAgentToolPath ? { layoutAgentToolPath: { value: projectAgentToolPath.value, from: projectAgentToolPath.from === '.env' ? '.env' : 'layout' } } : {}),
    env,
    dotEnv: dotEnv.values,
    ...overrides,
    resolvePath: (base, p) => path.resolve(base, p),
    pathDelimiter: path.delimiter,
  };
  const settings = resolveRunSettings(sources);
  return {
    settings,
    commandLineOptions: commandLineOptions(settings),
    runner: runnerOptionsOf(settings, workerEnvironment(env, projectRoot, projectDotEnv?.values ?? {}, sources)),
    projectRoot,
  };
}

/**
 * The environment a worker gets: this process's; in a neuro-san project, with its `.env` under it (as
 * neuro-san-studio loads it, never over a variable already set) and its settings (toolbox, manifest) filled in; then
 * the variables the settings file sets.
 */
function workerEnvironment(
  env: Record<string, string | undefined>,
  projectRoot: string | undefined,
  projectDotEnv: Record<string, string>,
  sources: RunSettingsSources,
): Record<string, string | undefined> {
  let base = env;
  if (projectRoot !== undefined) base = environmentWith(env, projectSettingsOf(projectRoot, { env, dotEnv: { values: projectDotEnv } }), projectDotEnv);
  return { ...base, ...variablesOf(sources.file.section, sources) };
}

function runnerOptionsOf(settings: ResolvedRunSettings, env: Record<string, string | undefined>): ToolRunnerOptions {
  return {
    python: settings.python.value,
    // What the environment brings stays in the inherited PYTHONPATH, after these.
    pythonPath: settings.pythonPath.filter((p) => p.from !== 'environment').map((p) => p.value),
    ...(settings.agentToolPath ? { agentToolPath: settings.agentToolPath.value } : {}),
    cwd: settings.workingDirectory.value,
    env,
    defaultTimeoutMs: settings.timeoutSeconds.value * 1000,
  };
}
