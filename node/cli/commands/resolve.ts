import path from 'node:path';
import { resolveFile, toJsonText } from '../../../shared/hocon/index';
import { fileIncludeHost } from '../../hocon/file-include-host';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { formatDiagnostic } from './hocon-cli-support';

const usage = `Usage: toolbox-editor resolve FILE... [--base-dir DIR]

Resolves HOCON files (includes, substitutions, environment variables) and prints them as JSON.
One file: its resolved value, pretty-printed (exit 1 and errors on stderr if it does not resolve).
Several files: one JSON line each: {"file", "ok": true, "json"} or {"file", "ok": false, "error": {"message", "line", "column"}}.
Includes are found as neuro-san (and tools, validate, catalog) finds them: next to the including file, then in
each folder up to the base directory, then in the base directory.
  --base-dir DIR  the base directory: the project root neuro-san runs in (default: the working directory)`;

export const resolveCommand: CliCommand = {
  name: 'resolve',
  summary: 'print HOCON files resolved (includes, substitutions) as JSON',
  usage,
  async run(args, io) {
    const parsed = parseCommandLine(args, { 'base-dir': { type: 'string' } });
    const files = parsed.positionals;
    if (files.length === 0) throw new UsageError('expecting at least one FILE');
    // neuro-san resolves includes against its working directory, the project root: so do tools and validate.
    const baseDir = path.resolve(io.cwd, parsed.values['base-dir'] ?? '.');
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
