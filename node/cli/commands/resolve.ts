import path from 'node:path';
import { resolveFile, toJsonText } from '../../../shared/hocon/index';
import { readAsNeuroSan } from '../../../shared/neurosan/index';
import { readTextFileSync } from '../../files/textFiles';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { neuroSanFileHost, neuroSanWorkingDirectory } from '../../neurosan/neuroSanFiles';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { formatDiagnostic } from './hoconCliSupport';
import { readingChoice, readingOptions, readingUsage } from './readingCliSupport';

const usage = [
  'Usage: toolbox-editor resolve FILE... [--as neuro-san|spec] [--cwd DIR]',
  '',
  'Resolves HOCON files (includes, substitutions, environment variables) and prints them as JSON.',
  'One file: its resolved value, pretty-printed (exit 1 and errors on stderr if it does not resolve).',
  'Several files: one JSON line each: {"file", "ok": true, "json"} or {"file", "ok": false, "error": {"message", "line", "column"}}.',
  "With --as spec, includes are found next to the including file, then in each folder up to --cwd, then in --cwd.",
  "With --as neuro-san, the value is what neuro-san's loader returns (pyhocon 0.3.61, then a JSON round trip), or",
  'its failure: a top-level include is found in --cwd only, one inside an included file next to that file.',
  '',
  'Options:',
  ...readingUsage('spec'),
  '  --base-dir DIR       alias of --cwd (default: the working directory, for --as spec)',
].join('\n');

/** One file's answer, as `resolve` prints it. */
export type ResolveOutcome =
  | { ok: true; json: string }
  | { ok: false; message: string; file: string; line: number; column: number; /** neuro-san's: the Python exception */ type?: string };

/** neuro-san's reading of `file` for `resolve` (checkFileName false reads it as if its name ended in .hocon). */
export function resolveAsNeuroSan(
  file: string,
  options: { cwd?: string; base: string; env: Record<string, string | undefined>; indent: number; checkFileName?: boolean },
): ResolveOutcome {
  const absolute = path.resolve(options.base, file);
  let text: string;
  try {
    text = readTextFileSync(absolute).text;
  } catch (error) {
    return { ok: false, message: (error as Error).message, file, line: 1, column: 1 };
  }
  const cwd = neuroSanWorkingDirectory(file, options.cwd, options.base);
  const reading = readAsNeuroSan(text, { file: absolute, cwd, host: neuroSanFileHost, env: options.env, checkFileName: options.checkFileName ?? true });
  if (reading.ok) return { ok: true, json: reading.jsonText(options.indent) };
  const failure = reading.failure;
  const where = failure.span?.file === absolute || failure.span === undefined ? file : failure.span.file;
  const words = failure.message === failure.cause ? `${failure.type}: ${failure.cause}` : `${failure.message} ${failure.type}: ${failure.cause}`;
  const message = failure.hint !== undefined ? `${words} (${failure.hint})` : words;
  return { ok: false, message, file: where, line: failure.line ?? 1, column: failure.column ?? 1, type: failure.type };
}

function report(file: string, outcome: ResolveOutcome, many: boolean, io: CliIo): number {
  if (!many) {
    if (outcome.ok) io.stdout(outcome.json + '\n');
    else io.stderr(`${outcome.file}:${outcome.line}:${outcome.column}: ${outcome.message}\n`);
    return outcome.ok ? 0 : 1;
  }
  if (outcome.ok) io.stdout(`{"file":${JSON.stringify(file)},"ok":true,"json":${outcome.json}}\n`);
  else io.stdout(JSON.stringify({ file, ok: false, error: { message: outcome.message, line: outcome.line, column: outcome.column, file: outcome.file } }) + '\n');
  return outcome.ok ? 0 : 1;
}

export const resolveCommand: CliCommand = {
  name: 'resolve',
  usage,
  async run(args, io) {
    const parsed = parseCommandLine(args, { ...readingOptions, 'base-dir': { type: 'string' } });
    const files = parsed.positionals;
    if (files.length === 0) throw new UsageError('expecting at least one FILE');
    const chosenCwd = parsed.values.cwd ?? parsed.values['base-dir'];
    if (readingChoice(parsed.values.as, 'spec') === 'neuro-san') {
      let exit = 0;
      for (const file of files) {
        const outcome = resolveAsNeuroSan(file, { cwd: chosenCwd, base: io.cwd, env: io.env, indent: files.length === 1 ? 2 : 0 });
        exit = Math.max(exit, report(file, outcome, files.length > 1, io));
      }
      return exit;
    }
    // The spec's reading finds includes next to the file, then up to the base directory (the project root).
    const baseDir = path.resolve(io.cwd, chosenCwd ?? '.');
    let exit = 0;
    for (const file of files) {
      const result = resolveFile(path.resolve(io.cwd, file), {
        host: fileIncludeHost,
        cwd: io.cwd,
        env: io.env,
        baseDir,
      });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      // JSON text, not data: integers beyond 2^53 are printed exactly as written.
      let json = '';
      let conversionError: string | undefined;
      if (errors.length === 0) {
        try {
          json = toJsonText(result.value, { indent: files.length === 1 ? 2 : 0 });
        } catch (error) {
          conversionError = (error as Error).message;
        }
      }
      const first = errors[0];
      if (files.length === 1) {
        if (first !== undefined || conversionError !== undefined) {
          io.stderr(errors.length > 0 ? errors.map(formatDiagnostic).join('\n') + '\n' : `${conversionError}\n`);
          return 1;
        }
        io.stdout(json + '\n');
        return 0;
      }
      if (first !== undefined) {
        exit = 1;
        io.stdout(JSON.stringify({ file, ok: false, error: { message: first.message, line: first.line, column: first.column, file: first.file } }) + '\n');
      } else if (conversionError !== undefined) {
        exit = 1;
        io.stdout(JSON.stringify({ file, ok: false, error: { message: conversionError, line: 1, column: 1 } }) + '\n');
      } else {
        io.stdout(`{"file":${JSON.stringify(file)},"ok":true,"json":${json}}\n`);
      }
    }
    return exit;
  },
};
