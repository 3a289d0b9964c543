import path from 'node:path';
import { parseHocon, type Diagnostic, type ResolveOptions } from '../../../shared/hocon/index';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { readTextFile as readUserFile, writeTextFile } from '../../files/textFiles';
import type { CliIo } from '../command';

/**
 * Shared by the HOCON subcommands (print, set, unset): files are read and written by the same code as the app's
 * (node/files): strict UTF-8, plain-words errors, atomic replacement read back before it counts.
 */
export interface CliTextFile {
  absolute: string;
  text: string;
  /** The version read: a write refuses to replace a file another program changed meanwhile. */
  mtimeMs: number;
  sha256: string;
}

export async function readTextFile(file: string, io: CliIo): Promise<CliTextFile> {
  const content = await readUserFile(path.resolve(io.cwd, file));
  return { absolute: content.path, text: content.text, mtimeMs: content.mtimeMs, sha256: content.sha256 };
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}

function syntaxErrors(text: string, name: string): Diagnostic[] {
  return parseHocon(text, name).diagnostics.filter((d) => d.severity === 'error');
}

/**
 * Reads a file to edit: one with syntax errors is refused (an edit placed by a guess at what a broken text meant
 * could land anywhere), with those errors and where they are.
 */
export async function readFileToEdit(file: string, io: CliIo): Promise<CliTextFile> {
  const read = await readTextFile(file, io);
  const errors = syntaxErrors(read.text, read.absolute);
  if (errors.length > 0) {
    throw new Error(`${read.absolute} has syntax errors; fix them first (nothing was changed):\n${errors.map(formatDiagnostic).join('\n')}`);
  }
  return read;
}

/**
 * How an edit is checked against what the file resolves to (setValueChecked / removeKeyChecked): the file's
 * includes read from disk, looked up as neuro-san does (next to the file, then from the working directory).
 */
export function resolveOptionsFor(file: CliTextFile, io: CliIo): ResolveOptions {
  return { fileName: file.absolute, host: fileIncludeHost, baseDir: io.cwd, cwd: io.cwd, env: io.env };
}

/**
 * Prints the edited text, or with `write` replaces the file atomically — only when the edited text parses without
 * errors, and only if nobody changed the file since it was read (a file we could not read back is never left in
 * place).
 */
export async function emitEdited(file: CliTextFile, edited: string, write: boolean, io: CliIo): Promise<number> {
  const errors = syntaxErrors(edited, file.absolute);
  if (errors.length > 0) {
    io.stderr(`The edit would make the file invalid; nothing written:\n${errors.map(formatDiagnostic).join('\n')}\n`);
    return 1;
  }
  if (!write) {
    io.stdout(edited);
    return 0;
  }
  await writeTextFile(file.absolute, edited, { expectedSha256: file.sha256 });
  return 0;
}
