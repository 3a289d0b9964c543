/**
 * Writing the project's run settings: the `run` member of `.toolbox-editor.json` is replaced (or added); every other
 * byte of the file (the description checks' settings) stays as it is. The new text is read back before it is written:
 * a file that would not read as intended is never written, nor one another program changed since it was read.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readJsonText, scanJson } from '../../shared/hocon/index';
import { deepEqual, readRunSection, type ResolvedRunSettings } from '../../shared/run/index';
import { agentToolFolder } from './agentToolFolder';
import { checkWriteBounds } from '../files/folderBounds';
import { oneAtATime } from '../files/oneAtATime';
import { projectWriteRoot } from '../project/projectFiles';
import { readTextFile, MAX_SMALL_TEXT_FILE_BYTES, unchangedSinceRead, writeTextFile } from '../files/textFiles';
import { ApiError } from '../../shared/api/index';
import { slashed } from '../files/slashedPaths';

/** The settings file cannot take the change (it is not a JSON object): the user's file is left as it is. */
export class SettingsFileError extends Error {}

export type RawRunSection = Record<string, unknown>;

/**
 * Changes the `run` member of the settings file `file` (created when missing) with `change`, which gets the member as
 * written (unknown keys kept) and returns the new one. Returns whether the file changed.
 */
export async function updateRunSection(file: string, change: (run: RawRunSection) => RawRunSection): Promise<boolean> {
  // One change of the file at a time in this process; another program's edit is caught by the content check below.
  return oneAtATime(`settings:${path.resolve(file)}`, () => changeRunSection(file, change));
}

async function changeRunSection(file: string, change: (run: RawRunSection) => RawRunSection): Promise<boolean> {
  let text: string | undefined;
  let sha256: string | null = null;
  try {
    ({ text, sha256 } = await readTextFile(file, MAX_SMALL_TEXT_FILE_BYTES));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
  }
  const before = text === undefined ? {} : parsedObject(text, file);
  const current = before.run;
  if (current !== undefined && (current === null || typeof current !== 'object' || Array.isArray(current))) {
    throw new SettingsFileError(`${file}: 'run' is not an object; fix it first (nothing was written).`);
  }
  const next = change({ ...((current as RawRunSection | undefined) ?? {}) });
  if (current !== undefined && deepEqual(current, next)) return false;
  const problems = readRunSection(next).problems;
  if (problems.length > 0) throw new SettingsFileError(`${file}: the settings would not be valid (${problems.join('; ')}); nothing was written.`);
  const newText = text === undefined ? `{\n  "run": ${memberText(next)}\n}\n` : withRunMember(text, next);
  // Read back before writing: the whole file must mean what it did, with the new `run`.
  const reread = parsedObject(newText, file);
  if (!deepEqual(reread, { ...before, run: next })) throw new SettingsFileError(`${file}: the change would not read back as intended; nothing was written.`);
  // Inside the project (or the toolbox's folder), links resolved, and never through a link in the file's place: a
  // settings file committed as a link is read, but the editor does not change the file it names.
  await checkWriteBounds(file, { ...projectWriteRoot(file), finalLink: 'refuse', what: 'the run settings' });
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // Only over the text read, as `file.write` saves: an edit made meanwhile (the user's editor) is kept.
    await writeTextFile(file, newText, unchangedSinceRead(sha256));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
    throw new SettingsFileError(
      `${file} was ${sha256 === null ? 'created' : 'changed'} by another program while the run settings were being written: nothing was written, and the file keeps that change. Try again to write them over it.`,
    );
  }
  return true;
}

function parsedObject(text: string, file: string): Record<string, unknown> {
  const read = readJsonText(text);
  if (!read.ok || read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) {
    throw new SettingsFileError(`${file} is not a JSON object; fix it first (nothing was written).`);
  }
  return read.value as Record<string, unknown>;
}

/** The member's value as the file writes it: two-space indentation, nested one level. */
function memberText(value: RawRunSection): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
}

/** The text with the top-level `run` member's value replaced, or the member added after the last one. */
function withRunMember(text: string, run: RawRunSection): string {
  let runAt: { start: number; end: number } | undefined;
  let lastEnd = -1;
  scanJson(text, (where, start, end) => {
    if (where.length !== 1) return;
    if (where[0] === 'run') runAt = { start, end };
    lastEnd = Math.max(lastEnd, end);
  });
  if (runAt) return text.slice(0, runAt.start) + memberText(run) + text.slice(runAt.end);
  if (lastEnd === -1) {
    const open = text.indexOf('{');
    const close = text.lastIndexOf('}');
    return `${text.slice(0, open + 1)}\n  "run": ${memberText(run)}\n${text.slice(close)}`;
  }
  return `${text.slice(0, lastEnd)},\n  "run": ${memberText(run)}${text.slice(lastEnd)}`;
}

/** A path as the settings file writes it: relative to the file's folder, with `/` (the file is shared across systems). */
export function pathInSettings(baseDir: string, absolute: string): string {
  const relative = path.relative(baseDir, absolute);
  if (relative === '') return '.';
  return path.isAbsolute(relative) ? absolute : slashed(relative);
}

/**
 * The settings in use, written out so the CLI and CI use them too: PYTHONPATH (without what this machine's
 * environment adds), AGENT_TOOL_PATH, the working directory, the timeout and where modules are created. What the file
 * already says is kept; the interpreter and anything outside the project's folder are this machine's, not written.
 */
export function settingsToWrite(settings: ResolvedRunSettings): RawRunSection {
  const base = path.dirname(settings.file.path);
  const inside = (p: string) => !path.relative(base, p).startsWith('..') && !path.isAbsolute(path.relative(base, p));
  const out: RawRunSection = {};
  const pythonPath = settings.pythonPath.filter((p) => p.from !== 'environment' && p.from !== 'command line' && inside(p.value)).map((p) => pathInSettings(base, p.value));
  if (pythonPath.length > 0) out.pythonPath = pythonPath;
  const agent = settings.agentToolPath;
  if (agent && agent.from !== 'environment' && agent.from !== 'command line') {
    if (!path.isAbsolute(agent.value)) out.agentToolPath = agent.value;
    else if (inside(agent.value)) out.agentToolPath = `${pathInSettings(base, agent.value)}/`;
  }
  if (inside(settings.workingDirectory.value)) out.workingDirectory = pathInSettings(base, settings.workingDirectory.value);
  out.timeoutSeconds = settings.timeoutSeconds.value;
  if (settings.toolRoot && inside(settings.toolRoot.value)) out.toolRoot = pathInSettings(base, settings.toolRoot.value);
  return out;
}

/** Writes the settings in use into the file (the app's "Write settings file"); what the file says is kept. */
export async function writeSettingsInUse(settings: ResolvedRunSettings): Promise<boolean> {
  const defaults = settingsToWrite(settings);
  return updateRunSection(settings.file.path, (run) => ({ ...defaults, ...run }));
}

/**
 * Records the root "Create Python class" wrote a module under: `toolRoot`, and the root on `pythonPath` when a run
 * would not find the module otherwise (the root is neither on the project's PYTHONPATH nor its AGENT_TOOL_PATH
 * folder). A file without `pythonPath` gets the one in use written out first, so nothing it had is lost.
 */
export async function recordToolRoot(settings: ResolvedRunSettings, root: string): Promise<{ addedToPythonPath: boolean }> {
  const base = path.dirname(settings.file.path);
  const shared = settings.pythonPath.filter((p) => p.from === 'project file' || p.from === 'layout' || p.from === 'command line');
  const agentFolder = agentToolFolder(settings, { withEnvironment: false });
  const addedToPythonPath = !shared.some((p) => p.value === root) && path.resolve(root) !== agentFolder;
  await updateRunSection(settings.file.path, (run) => {
    const next: RawRunSection = { ...run, toolRoot: pathInSettings(base, root) };
    if (addedToPythonPath) {
      const written = Array.isArray(run.pythonPath) ? (run.pythonPath as string[]) : shared.filter((p) => p.from !== 'command line').map((p) => pathInSettings(base, p.value));
      next.pythonPath = [...written, pathInSettings(base, root)];
    }
    return next;
  });
  return { addedToPythonPath };
}
