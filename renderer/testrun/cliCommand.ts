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

export function cliCommand(call: CliCall): string {
  // The CLI names a toolkit's tools <entry>_<tool>.
  const tool = call.toolkitTool ? `${call.tool}_${call.toolkitTool}` : call.tool;
  const words = ['toolbox-editor', 'call', shellQuote(call.file), shellQuote(tool), '--args', shellQuote(layoutIfJson(call.argsJson))];
  if (call.slyData && Object.keys(call.slyData).length) words.push('--sly-data', shellQuote(JSON.stringify(call.slyData)));
  if (call.timeoutSeconds !== undefined) words.push('--timeout', String(call.timeoutSeconds));
  if (call.sendInvalidArgs) words.push('--send-invalid');
  if (call.python && call.python !== 'python3') words.push('--python', shellQuote(call.python));
  for (const dir of call.pythonPath ?? []) words.push('--pythonpath', shellQuote(dir));
  if (call.agentToolPath) words.push('--agent-tool-path', shellQuote(call.agentToolPath));
  return words.join(' ');
}
