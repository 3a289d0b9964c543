/**
 * The project's settings as neuro-san would get them: the environment first, then the project's `.env`, then
 * neuro-san-studio's conventional locations, then what the user set for the project in the editor.
 */
export const SETTING_NAMES = ['AGENT_TOOLBOX_INFO_FILE', 'AGENT_MANIFEST_FILE', 'AGENT_TOOL_PATH', 'AGENT_MCP_INFO_FILE', 'MCP_SERVERS_INFO_FILE'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const isSettingName = (name: string): name is SettingName => (SETTING_NAMES as readonly string[]).includes(name);

export type SettingSource = 'environment' | '.env' | 'convention' | 'project setting';

export interface ResolvedSetting {
  /** As written where it came from (a path relative to the project root, or absolute). */
  value: string;
  from: SettingSource;
}

export type ProjectSettings = Partial<Record<SettingName, ResolvedSetting>>;

/** neuro-san-studio's layout: where each file lives when nothing says otherwise (first that exists wins). */
export const CONVENTIONAL_LOCATIONS: Record<SettingName, readonly string[]> = {
  AGENT_TOOLBOX_INFO_FILE: ['neuro_san_studio/toolbox/toolbox_info.hocon', 'toolbox/toolbox_info.hocon'],
  AGENT_MANIFEST_FILE: ['registries/manifest.hocon'],
  AGENT_TOOL_PATH: ['coded_tools', 'neuro_san_studio/coded_tools'],
  // neuro-san reads AGENT_MCP_INFO_FILE first; neuro-san-studio's deployment still names its file with the old name.
  AGENT_MCP_INFO_FILE: [],
  MCP_SERVERS_INFO_FILE: ['neuro_san_studio/mcp/mcp_info.hocon', 'mcp/mcp_info.hocon'],
};

export interface SettingSources {
  env: Record<string, string | undefined>;
  /** The project's `.env`, parsed (empty when there is none). */
  dotEnv: Record<string, string | undefined>;
  /** Whether a path relative to the project root exists. */
  exists(relativePath: string): boolean;
  /** What the user chose for this project in the editor. */
  projectSettings?: Partial<Record<SettingName, string>>;
}

export function resolveProjectSettings(sources: SettingSources): ProjectSettings {
  const settings: ProjectSettings = {};
  for (const name of SETTING_NAMES) {
    const found = resolveSetting(name, sources);
    if (found) settings[name] = found;
  }
  return settings;
}

function resolveSetting(name: SettingName, sources: SettingSources): ResolvedSetting | undefined {
  const fromEnv = sources.env[name];
  if (fromEnv) return { value: fromEnv, from: 'environment' };
  const fromDotEnv = sources.dotEnv[name];
  if (fromDotEnv) return { value: fromDotEnv, from: '.env' };
  const conventional = CONVENTIONAL_LOCATIONS[name].find((p) => sources.exists(p));
  if (conventional) return { value: conventional, from: 'convention' };
  const chosen = sources.projectSettings?.[name];
  if (chosen) return { value: chosen, from: 'project setting' };
  return undefined;
}

/**
 * Whether `projectEnv` (environmentWith of `processEnv`) has `name` from the project's `.env`: beyond the process's
 * environment it adds only the settings (named apart) and the `.env`'s variables.
 */
export function fromDotEnv(processEnv: Record<string, string | undefined>, projectEnv: Record<string, string | undefined>): (name: string) => boolean {
  return (name) => processEnv[name] === undefined && projectEnv[name] !== undefined && !isSettingName(name);
}

/** "neuro_san_studio/toolbox/toolbox_info.hocon (from .env)": for the status bar and the CLI. */
export function describeSetting(setting: ResolvedSetting): string {
  return `${setting.value} (from ${setting.from})`;
}

/**
 * The environment neuro-san would run with: the process's, with the project's settings filled in, then (given
 * `dotEnv`) the project's other `.env` variables under it. neuro-san-studio loads the `.env` with python-dotenv before
 * neuro-san reads a file, never over a variable already set: so a `${?VAR}` finds what the `.env` says, in a reading
 * as in a run. One rule for the reading, the form's field sources, `set`/`unset` and a tool run's worker.
 */
export function environmentWith(env: Record<string, string | undefined>, settings: ProjectSettings, dotEnv: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const out = { ...env };
  for (const name of SETTING_NAMES) {
    const setting = settings[name];
    if (setting && !out[name]) out[name] = setting.value;
  }
  // The settings' own variables come from `settings` alone: they hold the `.env`'s paths as they apply from the root.
  for (const [name, value] of Object.entries(dotEnv)) if (out[name] === undefined && value !== undefined && !isSettingName(name)) out[name] = value;
  return out;
}
