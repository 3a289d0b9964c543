/**
 * "Copy as CLI": the `toolbox-editor call` line that repeats a run from a shell (POSIX quoting). The run request gives
 * the call; the run settings give the options the CLI would not find by itself in the project's file.
 */
import { layoutIfJson } from '../hocon/index';
import type { RunRequest } from './runRequest';
import { withoutSlyCredentials } from '../mcp/index';

/** Single-quotes a word for sh unless it is plainly safe; a `'` inside becomes `'\''`. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `--name value`, or `--name=value` when the value starts with `-`: the CLI's parser (Node's parseArgs) would take
 * `--args -1` for a missing value.
 */
function option(name: string, value: string): string {
  return value.startsWith('-') ? shellQuote(`${name}=${value}`) : `${name} ${shellQuote(value)}`;
}

/** `settingsOptions`: commandLineOptions() of the run settings the run had (`--name value` pairs). */
export function callCommandLine(file: string, request: RunRequest, settingsOptions: readonly string[] = []): string {
  const { target } = request;
  if (target.kind === 'mcp') return mcpCallCommandLine(target.url, target.tool, request, settingsOptions);
  const options: string[] = [];
  if (target.toolkitTool) options.push(option('--toolkit-tool', target.toolkitTool));
  options.push(...requestOptions(request, settingsOptions));
  const names = [shellQuote(file), shellQuote(target.tool)];
  // A file or tool named `-x` would read as an option: the options go first, then `--` and the names.
  if (file.startsWith('-') || target.tool.startsWith('-')) return ['toolbox-editor', 'call', ...options, '--', ...names].join(' ');
  return ['toolbox-editor', 'call', ...names, ...options].join(' ');
}

/** The options of the request itself, and of the settings, as `call` takes them. */
function requestOptions(request: RunRequest, settingsOptions: readonly string[]): string[] {
  const options: string[] = [];
  // The arguments on one line, every token as it was (1.0 stays 1.0).
  options.push(option('--args', layoutIfJson(request.argsJson)));
  // MCP credentials in sly_data never reach a command line (the info file's ${VAR} is where they belong).
  if (request.slyData && Object.keys(request.slyData).length) options.push(option('--sly-data', JSON.stringify(withoutSlyCredentials(request.slyData).slyData)));
  if (request.sendInvalidArgs) options.push('--send-invalid');
  for (let i = 0; i + 1 < settingsOptions.length; i += 2) {
    const [name, value] = [settingsOptions[i]!, settingsOptions[i + 1]!];
    // The run's own timeout is the one it had.
    if (name === '--timeout' && request.timeoutSeconds !== undefined) continue;
    options.push(option(name, value));
  }
  if (request.timeoutSeconds !== undefined) options.push(option('--timeout', String(request.timeoutSeconds)));
  return options;
}

/**
 * `toolbox-editor call --mcp URL TOOL ...`: the server's credentials come from the MCP info file the CLI finds as the
 * app does (from the folder neuro-san runs in, `--cwd`), so the line holds none. Of the run settings only the
 * working directory and the timeout mean anything to a server's tool.
 */
function mcpCallCommandLine(url: string, tool: string, request: RunRequest, settingsOptions: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 0; i + 1 < settingsOptions.length; i += 2) {
    if (settingsOptions[i] === '--cwd' || settingsOptions[i] === '--timeout') kept.push(settingsOptions[i]!, settingsOptions[i + 1]!);
  }
  const options = [option('--mcp', url), ...requestOptions(request, kept)];
  return tool.startsWith('-') ? ['toolbox-editor', 'call', ...options, '--', shellQuote(tool)].join(' ') : ['toolbox-editor', 'call', ...options, shellQuote(tool)].join(' ');
}
