/**
 * "Copy as CLI": the `toolbox-editor call` line that repeats a run from a shell (POSIX quoting). The run request gives
 * the call; the run settings give the options the CLI would not find by itself in the project's file.
 */
import { layoutIfJson } from '../hocon/index';
import type { RunRequest } from './runRequest';

/** Single-quotes a word for sh unless it is plainly safe; a `'` inside becomes `'\''`. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `settingsOptions`: commandLineOptions() of the run settings the run had. */
export function callCommandLine(file: string, request: RunRequest, settingsOptions: readonly string[] = []): string {
  const { target } = request;
  const words = ['toolbox-editor', 'call', file, target.tool];
  if (target.toolkitTool) words.push('--toolkit-tool', target.toolkitTool);
  // The arguments on one line, every token as it was (1.0 stays 1.0).
  words.push('--args', layoutIfJson(request.argsJson));
  if (request.slyData && Object.keys(request.slyData).length) words.push('--sly-data', JSON.stringify(request.slyData));
  if (request.sendInvalidArgs) words.push('--send-invalid');
  const options = [...settingsOptions];
  if (request.timeoutSeconds !== undefined) {
    const i = options.indexOf('--timeout');
    if (i !== -1) options.splice(i, 2);
    options.push('--timeout', String(request.timeoutSeconds));
  }
  words.push(...options);
  return words.map((w, i) => (i < 2 ? w : shellQuote(w))).join(' ');
}
