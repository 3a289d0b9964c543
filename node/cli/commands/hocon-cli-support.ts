import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHocon, type Diagnostic } from '../../../shared/hocon/index';
import { writeFileAtomic } from '../../hocon/atomic-write';
import type { CliIo } from '../command';

/** Shared by the HOCON subcommands (resolve, print, set, unset): reading files and writing edits safely. */
export function readTextFile(file: string, io: CliIo): { absolute: string; text: string } {
  const absolute = path.resolve(io.cwd, file);
  return { absolute, text: readFileSync(absolute, 'utf8') };
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}

/**
 * Prints the edited text, or with `write` replaces the file atomically — but only after the written bytes were
 * read back and parsed without errors (a file we could not read back is never left in place).
 */
export function emitEdited(absolute: string, edited: string, write: boolean, io: CliIo): number {
  const check = parseHocon(edited, absolute);
  const errors = check.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    io.stderr(`The edit would make the file invalid; nothing written:\n${errors.map(formatDiagnostic).join('\n')}\n`);
    return 1;
  }
  if (!write) {
    io.stdout(edited);
    return 0;
  }
  writeFileAtomic(absolute, edited, (readBack) => {
    if (readBack !== edited) throw new Error('The written file reads back differently; nothing replaced.');
    const reparsed = parseHocon(readBack, absolute);
    if (reparsed.diagnostics.some((d) => d.severity === 'error')) throw new Error('The written file does not parse; nothing replaced.');
  });
  return 0;
}
