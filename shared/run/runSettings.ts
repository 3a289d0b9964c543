/**
 * The project's run settings: how its tools are run, in one file committed with the project — the `run` section of
 * `.toolbox-editor.json` (the file that also holds the description checks' settings; docs/testing.md, "Run settings"):
 *
 *   { "run": { "python": ".venv/bin/python", "pythonPath": ["."], "agentToolPath": "coded_tools",
 *              "workingDirectory": ".", "timeoutSeconds": 30, "toolRoot": "coded_tools",
 *              "env": { "LOG_LEVEL": "info", "OPENAI_API_KEY": { "from": ".env" }, "KEY": { "from": "environment", "name": "MY_KEY" } } } }
 *
 * Paths are relative to the file's folder. The app's runs, saved cases, "Check all tools", "Create Python class" and
 * the CLI's `call`, `test`, `check`, `scaffold` all resolve them here, so a case that passes in the app passes in CI.
 * Reading them never runs project code: a JSON file, a `.env` file and a few stats.
 */
import { isCredentialKey } from '../toolbox/index';
import { isRunTimeout, TIMEOUT_RULE } from './runRequest';

/** A variable's value taken from the environment the app or the CLI runs in, or from the project's `.env`. */
export interface EnvReference {
  from: 'environment' | '.env';
  /** The variable to read there, when not the same name. */
  name?: string;
}

/** The `run` section as written. */
export interface RunSettingsSection {
  python?: string;
  pythonPath?: string[];
  agentToolPath?: string;
  workingDirectory?: string;
  env?: Record<string, string | EnvReference>;
  timeoutSeconds?: number;
  /** Where "Create Python class" writes modules (it records the root it wrote to). */
  toolRoot?: string;
}

export const RUN_SECTION_KEYS = ['python', 'pythonPath', 'agentToolPath', 'workingDirectory', 'env', 'timeoutSeconds', 'toolRoot'] as const;

/** The section's settings and, in words, what is wrong in it (a wrong member is left out, the others apply). */
export function readRunSection(value: unknown): { section: RunSettingsSection; problems: string[] } {
  const problems: string[] = [];
  const section: RunSettingsSection = {};
  if (value === undefined) return { section, problems };
  if (!isObject(value)) return { section, problems: ["'run' must be an object"] };
  for (const key of Object.keys(value)) {
    if (!(RUN_SECTION_KEYS as readonly string[]).includes(key)) problems.push(`unknown key 'run.${key}' (known: ${RUN_SECTION_KEYS.join(', ')})`);
  }
  const text = (key: 'python' | 'agentToolPath' | 'workingDirectory' | 'toolRoot') => {
    const v = value[key];
    if (v === undefined) return;
    if (typeof v === 'string' && v.trim() !== '') section[key] = v.trim();
    else problems.push(`'run.${key}' must be a non-empty string`);
  };
  text('python');
  text('agentToolPath');
  text('workingDirectory');
  text('toolRoot');
  const pythonPath = value.pythonPath;
  if (pythonPath !== undefined) {
    if (Array.isArray(pythonPath) && pythonPath.every((p) => typeof p === 'string' && p.trim() !== '')) section.pythonPath = pythonPath.map((p: string) => p.trim());
    else problems.push("'run.pythonPath' must be a list of folders (strings)");
  }
  const timeout = value.timeoutSeconds;
  if (timeout !== undefined) {
    if (typeof timeout === 'number' && isRunTimeout(timeout)) section.timeoutSeconds = timeout;
    else problems.push(`'run.timeoutSeconds' must be ${TIMEOUT_RULE}`);
  }
  const env = value.env;
  if (env !== undefined) {
    if (!isObject(env)) problems.push("'run.env' must be an object of variable → value or {\"from\": \"environment\" | \".env\"}");
    else {
      section.env = {};
      for (const [name, entry] of Object.entries(env)) {
        if (typeof entry === 'string') {
          if (isSecretName(name) && entry !== '') {
            problems.push(`'run.env.${name}' writes a secret's value into a file committed with the project: write {"from": ".env"} (or "environment") instead`);
          }
          section.env[name] = entry;
        } else if (isObject(entry) && (entry.from === 'environment' || entry.from === '.env') && (entry.name === undefined || (typeof entry.name === 'string' && entry.name !== ''))) {
          section.env[name] = { from: entry.from, ...(typeof entry.name === 'string' ? { name: entry.name } : {}) };
        } else {
          problems.push(`'run.env.${name}' must be a string or {"from": "environment" | ".env", "name"?: "VARIABLE"}`);
        }
      }
    }
  }
  return { section, problems };
}

/** A variable whose value is a secret: never written into the file by the app, shown as set or not. */
export function isSecretName(name: string): boolean {
  return isCredentialKey(name);
}

export type SettingSource = 'command line' | 'project file' | 'preference' | 'environment' | '.env' | 'layout' | 'default';

export interface Sourced<T> {
  value: T;
  from: SettingSource;
}

export interface ResolvedEnvEntry {
  name: string;
  /** `project file` for a value written there; `environment` or `.env` for a reference. */
  from: SettingSource;
  /** Whether the variable has a value (a reference may find none). */
  set: boolean;
  /** The value when the file writes it; a reference's value (often a secret) is never shown, only whether it is set. */
  value?: string;
}

export interface ResolvedRunSettings {
  /** The settings file (absolute), whether it exists, and what is wrong with it. */
  file: { path: string; exists: boolean; problems: string[] };
  /** Other files of the project's settings that were not read, and why (a `.env` that is a FIFO): not the file's. */
  notRead?: string[];
  /** The interpreter: `python3`, a path, or a virtualenv folder (absolute when a path). */
  python: Sourced<string>;
  /** Every PYTHONPATH folder a run has, in order, absolute; what the environment brings comes last. */
  pythonPath: Sourced<string>[];
  /** A module path, or a folder (absolute); null when none is set (neuro-san's default applies). */
  agentToolPath: Sourced<string> | null;
  workingDirectory: Sourced<string>;
  /** The variables the file sets (the rest of the environment is inherited). */
  env: ResolvedEnvEntry[];
  timeoutSeconds: Sourced<number>;
  toolRoot: Sourced<string> | null;
}

/** What resolving needs, gathered by the caller (node/run/runSettingsOnDisk.ts): no file or process access here. */
export interface RunSettingsSources {
  file: { path: string; exists: boolean; section: RunSettingsSection; problems: string[] };
  /** Other files of the project's settings that were not read, and why (a `.env` that is a FIFO). */
  notRead?: string[];
  /** The settings file's folder: relative paths in it start there. */
  baseDir: string;
  /** neuro-san's working directory by the layout (the folder upward holding `registries/`, else the toolbox's). */
  layoutWorkingDirectory: string;
  /** AGENT_TOOL_PATH as a neuro-san project gets it (its `.env`, its `coded_tools/`), relative to the project root. */
  layoutAgentToolPath?: { value: string; from: SettingSource };
  /** The environment the app or the CLI runs in. */
  env: Record<string, string | undefined>;
  /** The `.env` beside the settings file. */
  dotEnv: Record<string, string | undefined>;
  /** The user's preferences (the app only): machine-specific values. */
  preferences?: { python?: string; pythonPath?: readonly string[]; agentToolPath?: string; timeoutSeconds?: number; workingDirectory?: string };
  /** The command line's options (the CLI only). */
  commandLine?: { python?: string; pythonPath?: readonly string[]; agentToolPath?: string; workingDirectory?: string; timeoutSeconds?: number };
  /** `path.resolve` and the PYTHONPATH separator of the platform. */
  resolvePath(base: string, p: string): string;
  pathDelimiter: string;
}

export const DEFAULT_PYTHON = 'python3';
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * Each setting from the first place that has it. The interpreter is machine-specific: a preference overrides the
 * file's. Everything else the file says wins over the environment and the preferences, which only fill in what it
 * leaves out; without a file, neuro-san-studio's layout: the project root as working directory and on PYTHONPATH, its
 * `coded_tools` as AGENT_TOOL_PATH. The command line overrides all.
 */
export function resolveRunSettings(sources: RunSettingsSources): ResolvedRunSettings {
  const { file, baseDir, preferences: prefs = {}, commandLine: cli = {} } = sources;
  const section = file.section;
  const inFile = (p: string) => sources.resolvePath(baseDir, p);
  /** A command, not a path, stays as written (`python3`); a path is made absolute. */
  const interpreter = (p: string, base: string) => (/[\\/]/.test(p) ? sources.resolvePath(base, p) : p);
  const prefPython = prefs.python?.trim();

  const python: Sourced<string> = cli.python
    ? { value: cli.python, from: 'command line' }
    : prefPython && prefPython !== DEFAULT_PYTHON
      ? { value: prefPython, from: 'preference' }
      : section.python
        ? { value: interpreter(section.python, baseDir), from: 'project file' }
        : { value: DEFAULT_PYTHON, from: 'default' };

  const workingDirectory: Sourced<string> = cli.workingDirectory
    ? { value: cli.workingDirectory, from: 'command line' }
    : section.workingDirectory
      ? { value: inFile(section.workingDirectory), from: 'project file' }
      : prefs.workingDirectory?.trim()
        ? { value: sources.resolvePath(sources.layoutWorkingDirectory, prefs.workingDirectory.trim()), from: 'preference' }
        : { value: sources.layoutWorkingDirectory, from: 'layout' };

  const pythonPath: Sourced<string>[] = [];
  const add = (value: string, from: SettingSource) => {
    if (!pythonPath.some((p) => p.value === value)) pythonPath.push({ value, from });
  };
  for (const p of cli.pythonPath ?? []) add(p, 'command line');
  if (section.pythonPath) for (const p of section.pythonPath) add(inFile(p), 'project file');
  else add(workingDirectory.value, 'layout');
  for (const p of prefs.pythonPath ?? []) if (p.trim() !== '') add(sources.resolvePath(workingDirectory.value, p.trim()), 'preference');
  for (const p of (sources.env.PYTHONPATH ?? '').split(sources.pathDelimiter)) if (p !== '') add(p, 'environment');

  const agentFolder = (value: string, base: string) => (/[\\/]/.test(value) ? sources.resolvePath(base, value) : value);
  const agentToolPath: Sourced<string> | null = cli.agentToolPath
    ? { value: cli.agentToolPath, from: 'command line' }
    : section.agentToolPath
      ? { value: agentFolder(section.agentToolPath, baseDir), from: 'project file' }
      : sources.env.AGENT_TOOL_PATH
        ? { value: sources.env.AGENT_TOOL_PATH, from: 'environment' }
        : sources.layoutAgentToolPath
          ? { value: agentFolder(sources.layoutAgentToolPath.value, sources.layoutWorkingDirectory), from: sources.layoutAgentToolPath.from }
          : prefs.agentToolPath?.trim()
            ? { value: prefs.agentToolPath.trim(), from: 'preference' }
            : null;

  const timeoutSeconds: Sourced<number> =
    cli.timeoutSeconds !== undefined
      ? { value: cli.timeoutSeconds, from: 'command line' }
      : section.timeoutSeconds !== undefined
        ? { value: section.timeoutSeconds, from: 'project file' }
        : prefs.timeoutSeconds !== undefined
          ? { value: prefs.timeoutSeconds, from: 'preference' }
          : { value: DEFAULT_TIMEOUT_SECONDS, from: 'default' };

  const env: ResolvedEnvEntry[] = Object.entries(section.env ?? {}).map(([name, entry]) =>
    typeof entry === 'string'
      ? { name, from: 'project file', set: true, value: entry }
      : { name, from: entry.from, set: referencedValue(entry, name, sources) !== undefined },
  );

  return {
    file: { path: file.path, exists: file.exists, problems: file.problems },
    ...(sources.notRead !== undefined && sources.notRead.length > 0 ? { notRead: sources.notRead } : {}),
    python,
    pythonPath,
    agentToolPath,
    workingDirectory,
    env,
    timeoutSeconds,
    toolRoot: section.toolRoot ? { value: inFile(section.toolRoot), from: 'project file' } : null,
  };
}

/** The variables the file sets, with their values (references looked up): what a run's environment adds. */
export function variablesOf(section: RunSettingsSection, sources: Pick<RunSettingsSources, 'env' | 'dotEnv'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(section.env ?? {})) {
    const value = typeof entry === 'string' ? entry : referencedValue(entry, name, sources);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function referencedValue(entry: EnvReference, name: string, sources: Pick<RunSettingsSources, 'env' | 'dotEnv'>): string | undefined {
  return (entry.from === '.env' ? sources.dotEnv : sources.env)[entry.name ?? name];
}

/**
 * What a Python environment is made of, as one string: "Check all tools" findings made under other settings (another
 * interpreter, PYTHONPATH, AGENT_TOOL_PATH, working directory or variables) are about another environment.
 */
export function runSettingsKeyOf(settings: ResolvedRunSettings): string {
  return JSON.stringify([
    settings.python.value,
    settings.pythonPath.map((p) => p.value),
    settings.agentToolPath?.value ?? null,
    settings.workingDirectory.value,
    settings.env.map((v) => [v.name, v.set, v.value ?? null]),
  ]);
}

/**
 * The options `toolbox-editor call` (or `test`) needs to run as the app did: the settings it would not find by itself
 * in the project file (a preference, the app's command line or environment), as words of a command line.
 */
export function commandLineOptions(settings: ResolvedRunSettings): string[] {
  const own = (from: SettingSource) => from === 'preference' || from === 'command line' || from === 'environment';
  const words: string[] = [];
  if (own(settings.python.from)) words.push('--python', settings.python.value);
  for (const p of settings.pythonPath) if (own(p.from)) words.push('--pythonpath', p.value);
  if (settings.agentToolPath && own(settings.agentToolPath.from)) words.push('--agent-tool-path', settings.agentToolPath.value);
  if (own(settings.workingDirectory.from)) words.push('--cwd', settings.workingDirectory.value);
  if (own(settings.timeoutSeconds.from)) words.push('--timeout', String(settings.timeoutSeconds.value));
  return words;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
