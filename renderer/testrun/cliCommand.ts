/** "Copy as CLI command": the `toolbox-editor call` line that repeats a test run from a shell (POSIX quoting). */
import { layoutIfJson } from '../../shared/hocon/index';

/** Single-quotes a word for sh unless it is plainly safe; a `'` inside becomes `'\''`. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface CliCall {
  file: string;
  tool: string;
  /** The arguments as the run sent them: JSON text, written on one line with every token as it was. */
  argsJson: string;
  slyData?: Record<string, unknown> | null;
  toolkitTool?: string;
  timeoutSeconds?: number;
  sendInvalidArgs?: boolean;
  /** The interpreter, when not the default python3. */
  python?: string;
  /** Every folder the run had on PYTHONPATH, in order (the preferences', then the inherited ones). */
  pythonPath?: string[];
  agentToolPath?: string;
}

/**
 * `--name value`, or `--name=value` when the value starts with `-`: the CLI's parser (Node's parseArgs) would take
 * `--args -1` for a missing value.
 */
function option(name: string, value: string): string {
  return value.startsWith('-') ? shellQuote(`${name}=${value}`) : `${name} ${shellQuote(value)}`;
}

export function cliCommand(call: CliCall): string {
  // The CLI names a toolkit's tools <entry>_<tool>.
  const tool = call.toolkitTool ? `${call.tool}_${call.toolkitTool}` : call.tool;
  const options = [option('--args', layoutIfJson(call.argsJson))];
  if (call.slyData && Object.keys(call.slyData).length) options.push(option('--sly-data', JSON.stringify(call.slyData)));
  if (call.timeoutSeconds !== undefined) options.push(option('--timeout', String(call.timeoutSeconds)));
  if (call.sendInvalidArgs) options.push('--send-invalid');
  if (call.python && call.python !== 'python3') options.push(option('--python', call.python));
  for (const dir of call.pythonPath ?? []) options.push(option('--pythonpath', dir));
  if (call.agentToolPath) options.push(option('--agent-tool-path', call.agentToolPath));
  const names = [shellQuote(call.file), shellQuote(tool)];
  // A file or tool named `-x` would read as an option: the options go first, then `--` and the names.
  if (call.file.startsWith('-') || tool.startsWith('-')) return ['toolbox-editor', 'call', ...options, '--', ...names].join(' ');
  return ['toolbox-editor', 'call', ...names, ...options].join(' ');
}
