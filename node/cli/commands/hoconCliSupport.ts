import path from 'node:path';
import { parseHocon, parsePath, resolveHocon, type Diagnostic, type ResolveOptions } from '../../../shared/hocon/index';
import { definitionLines, keySourceOf, type FieldSource, type FieldSourceDefinition } from '../../../shared/toolbox/index';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { readTextFile as readUserFile, writeTextFile } from '../../files/textFiles';
import { checkWriteBounds } from '../../files/folderBounds';
import { projectWriteRoot } from '../../project/projectFiles';
import { projectRootOf } from '../../project/projectSettingsOnDisk';
import { environmentFrom, projectEnvironmentOnDisk } from '../../project/projectFactsOnDisk';
import { fromDotEnv } from '../../../shared/project/settings';
import { UsageError, type CliIo } from '../command';

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
 * includes read from disk, looked up as neuro-san does (next to the file, then from the working directory), in the
 * environment the file is read and its tools run with (its project's `.env` under this one's): what the app's form has.
 */
export function resolveOptionsFor(file: CliTextFile, io: CliIo): ResolveOptions {
  return { fileName: file.absolute, host: fileIncludeHost, baseDir: io.cwd, cwd: io.cwd, env: fileEnvironment(file, io) };
}

/** The environment of the file's project as validate FILE reads it from `io.cwd` (projectFactsOnDisk.ts); else this one. */
function fileEnvironment(file: CliTextFile, io: CliIo): Record<string, string | undefined> {
  const root = projectRootOf(file.absolute);
  return root === undefined ? io.env : environmentFrom(projectEnvironmentOnDisk(root, io.env), io.cwd);
}

/**
 * Prints the edited text, or with `write` replaces the file atomically — only when the edited text parses without
 * errors, only if nobody changed the file since it was read (a file we could not read back is never left in place),
 * and only inside the file's project once symlinks are resolved (node/files/folderBounds.ts).
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
  // Only inside the file's project, links resolved: a committed link must not take the write elsewhere.
  await checkWriteBounds(file.absolute, { ...projectWriteRoot(file.absolute), finalLink: 'follow', what: 'an edited file' });
  await writeTextFile(file.absolute, edited, { expectedSha256: file.sha256 });
  return 0;
}

/** Every definition of PATH in the file (and the files it includes), with what each does now (`set`, `unset`). */
export function keySourceFor(file: CliTextFile, keys: readonly string[], io: CliIo): FieldSource | undefined {
  const resolve = resolveOptionsFor(file, io);
  const read = resolveHocon(file.text, resolve);
  const env = resolve.env ?? io.env;
  return keySourceOf(file.text, keys, { userRoot: read.value, userFile: file.absolute, env, fromDotEnv: fromDotEnv(io.env, env) });
}

export function pathKeys(pathText: string): string[] {
  try {
    return parsePath(pathText);
  } catch (error) {
    throw new UsageError(`PATH is not a HOCON path: ${(error as Error).message}`);
  }
}

/** The definitions as the refusals list them: `  1. toolbox.hocon:6  5  written here — overridden`. */
export function listedDefinitions(source: FieldSource, io: CliIo): string {
  const placeOf = (d: FieldSourceDefinition) => (d.where === 'default' ? 'default toolbox' : `${path.relative(io.cwd, d.file) || d.file}:${d.range.start.line}${d.where === 'include' ? ' (included)' : ''}`);
  return definitionLines(source, placeOf).join('\n');
}

/** `--definition N` (1-based, as listed) as an index into the definitions; a usage error when N is not one of them. */
export function definitionIndex(text: string | undefined, source: FieldSource | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  const count = source?.definitions.length ?? 0;
  if (!Number.isInteger(n) || n < 1 || n > count) throw new UsageError(`--definition takes the number of a definition as listed: 1${count > 1 ? ` to ${count}` : ''}, not ${text}${count === 0 ? ' (PATH has no definition)' : ''}`);
  return n - 1;
}
