/**
 * The saved test cases of a toolbox: `<toolbox name without extension>.tests.json` in the toolbox's folder, so the
 * cases travel with the toolbox in version control and `toolbox-editor test FILE` finds them. Format: docs/testing.md,
 * "Saved test cases". A case in the file and the run request it makes are converted in one place
 * (shared/run/savedCase.ts).
 *
 * The file is the user's: a case's `args` keep the text the user wrote (`1.0`, `12345678901234567890`; JSON.parse
 * would make `1.0` an int and round big integers), and a change to one case rewrites that case only — every other
 * case keeps its text as the file had it. Version 1 files are read as they are and stay version 1 unless a case needs
 * what only version 2 has (an expectation other than `content` or `error: true`); the write says when it upgraded.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { ApiError } from '../../shared/api/index';
import { describeJsonSyntaxError, readJsonText, scanJson } from '../../shared/hocon/index';
import {
  caseFileFor,
  caseFromEntry,
  entryOfCase,
  expectationProblems,
  isVersion1Expectation,
  uniqueCaseName,
  type CaseFileEntry,
  type SavedCase,
} from '../../shared/run/index';
import { checkWriteBounds, escapesFolder } from '../files/folderBounds';
import { projectWriteRoot } from '../project/projectFiles';
import { oneAtATime } from '../files/oneAtATime';
import { MAX_SMALL_TEXT_FILE_BYTES, readTextFile, unchangedSinceRead, writeTextFile } from '../files/textFiles';
import { CaseFileT } from './caseFileFormat';

/** A case as its file holds it: `source`, the case's own text there (absent for a case made or changed since). */
export interface StoredCase {
  testCase: SavedCase;
  source?: string;
}

export interface CaseFile {
  version: 1 | 2;
  cases: StoredCase[];
}

/** `/a/toolbox_info.hocon` → `/a/toolbox_info.tests.json`. */
export function testCaseFileFor(toolboxFile: string): string {
  return caseFileFor(toolboxFile);
}

/** A cases file that exists but cannot be used: the message names the file and what is wrong where. */
export class TestCaseFileError extends Error {}

/** A case to save that cannot be saved as it is (arguments that are not JSON, a name taken, a bad expectation). */
export class TestCaseArgsError extends Error {}

/** Checks a file against the format; throws a TestCaseFileError naming the first problems and where they are. */
export function parseCaseFile(text: string, file: string): CaseFile {
  const read = readJsonText(text);
  if (!read.ok) throw new TestCaseFileError(`${file} is not valid JSON: ${describeJsonSyntaxError(read.error)}`);
  const parsed = read.value;
  if (!Value.Check(CaseFileT, parsed)) {
    const problems = [...Value.Errors(CaseFileT, parsed)].slice(0, 5).map((e) => `  ${e.path || '/'}: ${e.message}`);
    throw new TestCaseFileError(`${file} is not a test case file (version 1 or 2):\n${problems.join('\n')}`);
  }
  const names = new Set<string>();
  for (const c of parsed.cases) {
    if (names.has(c.name)) throw new TestCaseFileError(`${file}: two cases are named '${c.name}'`);
    names.add(c.name);
    const problems = expectationProblems(c.expect);
    if (problems.length > 0) throw new TestCaseFileError(`${file}: case '${c.name}': ${problems.join('; ')}`);
  }
  const texts = caseTexts(text);
  return {
    version: parsed.version,
    cases: parsed.cases.map((entry, i) => {
      const own = texts.get(i);
      return { testCase: caseFromEntry(entry as CaseFileEntry, own?.args ?? JSON.stringify(entry.args)), ...(own ? { source: own.source } : {}) };
    }),
  };
}

/**
 * The text of each case (by its index) and of its `args`, as the file writes them, less the indentation the file adds
 * to their continuation lines (that of the line each starts on), so that the texts round-trip through formatCaseFile.
 */
function caseTexts(text: string): Map<number, { source: string; args?: string }> {
  // A repeated "cases" key: JSON.parse keeps the last, so do the texts.
  let texts = new Map<number, { source: string; args?: string }>();
  let reading = new Map<number, { source: string; args?: string }>();
  const args = new Map<number, string>();
  scanJson(text, (where, start, end) => {
    if (where.length === 3 && where[0] === 'cases' && typeof where[1] === 'number' && where[2] === 'args') {
      args.set(where[1], dedented(text, start, end));
    } else if (where.length === 2 && where[0] === 'cases' && typeof where[1] === 'number') {
      const own = args.get(where[1]);
      reading.set(where[1], { source: dedented(text, start, end), ...(own !== undefined ? { args: own } : {}) });
      args.delete(where[1]);
    } else if (where.length === 1 && where[0] === 'cases') {
      texts = reading;
      reading = new Map();
    }
  });
  return texts;
}

function dedented(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indentation = /^[ \t]*/.exec(text.slice(lineStart, start))![0];
  const lines = text.slice(start, end).split('\n');
  return lines.map((line, k) => (k > 0 && indentation && line.startsWith(indentation) ? line.slice(indentation.length) : line)).join('\n');
}

/**
 * The file lives beside its toolbox: a link planted in its place must neither send the cases anywhere else nor show
 * another file as cases. (Every change reads the file first, so this guards the writes too.)
 */
async function refuseLinkOut(file: string): Promise<void> {
  const elsewhere = await escapesFolder(file, path.dirname(file));
  if (elsewhere !== undefined) {
    throw new TestCaseFileError(`${file} is a link to ${elsewhere}, outside the toolbox's folder: it is neither read nor written. Remove the link, and the editor creates the file.`);
  }
}

/** The cases of a file, or null when there is no such file. */
export async function readCaseFile(file: string): Promise<CaseFile | null> {
  return (await readCasesToChange(file)).current;
}

/** The cases of a file (null: no file) and the sha256 of the text they were read from (null: no file). */
async function readCasesToChange(file: string): Promise<{ current: CaseFile | null; sha256: string | null }> {
  await refuseLinkOut(file);
  let read;
  try {
    // Bounded and regular files only, as every file is read (a FIFO named like the cases file must not hang us).
    read = await readTextFile(file, MAX_SMALL_TEXT_FILE_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return { current: null, sha256: null };
    throw error;
  }
  return { current: parseCaseFile(read.text, file), sha256: read.sha256 };
}

/**
 * Runs a change of the cases file: read, change, write, one change of a file at a time in this process (two quick
 * saves from the window both land). The write is made only over the text that was read (writeCases).
 */
async function changeCases<T>(file: string, change: (read: { current: CaseFile | null; sha256: string | null }) => Promise<T>): Promise<T> {
  return oneAtATime(`cases:${path.resolve(file)}`, async () => change(await readCasesToChange(file)));
}

const CASE_INDENT = '    ';
const MEMBER_INDENT = '      ';

/** The version a file with these cases needs: 1 as long as every case's expectation is one version 1 knew. */
export function versionFor(cases: readonly StoredCase[], previous: 1 | 2 = 1): 1 | 2 {
  return previous === 2 || cases.some((c) => !isVersion1Expectation(c.testCase.expect)) ? 2 : 1;
}

/**
 * Stable, diff-friendly text: what JSON.stringify(content, null, 2) writes, one trailing newline — except that a case
 * the file already had keeps its own text, and a case's args are their own text, indented to sit in the file.
 */
export function formatCaseFile(content: CaseFile): string {
  if (!content.cases.length) return `${JSON.stringify({ version: content.version, cases: [] }, null, 2)}\n`;
  const cases = content.cases.map(({ testCase, source }) => {
    if (source !== undefined) return `${CASE_INDENT}${source.replace(/\n/g, `\n${CASE_INDENT}`)}`;
    const argsText = testCase.request.argsJson.trim();
    const members = Object.entries(entryOfCase(testCase, null))
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        const text = key === 'args' ? argsText : JSON.stringify(value, null, 2);
        return `${MEMBER_INDENT}${JSON.stringify(key)}: ${text.replace(/\n/g, `\n${MEMBER_INDENT}`)}`;
      });
    return `${CASE_INDENT}{\n${members.join(',\n')}\n${CASE_INDENT}}`;
  });
  return `{\n  "version": ${content.version},\n  "cases": [\n${cases.join(',\n')}\n  ]\n}\n`;
}

/** A case that can be saved: a name, arguments that are JSON, an expectation that can be checked. */
function checkedCase(testCase: SavedCase): SavedCase {
  const name = testCase.name.trim();
  if (name === '') throw new TestCaseArgsError('A test case needs a name.');
  const read = readJsonText(testCase.request.argsJson);
  if (!read.ok) throw new TestCaseArgsError(`The case's arguments are not valid JSON at ${describeJsonSyntaxError(read.error)}`);
  const problems = expectationProblems(testCase.expect);
  if (problems.length > 0) throw new TestCaseArgsError(`The case's expectation ${problems.join('; ')}`);
  return { ...testCase, name, request: { ...testCase.request, argsJson: testCase.request.argsJson.trim() } };
}

/**
 * Writes the cases atomically, after checking that the text reads back as these cases (a file that would not is never
 * written), and only over the text they were made from (`read`'s sha256, null when there was no file), as `file.write`
 * saves: another program's edit made meanwhile is a `conflict` and is kept. `previous`: the version the file had.
 * Returns whether it moved to version 2.
 */
async function writeCases(file: string, cases: StoredCase[], read: { current: CaseFile | null; sha256: string | null }): Promise<{ upgraded: boolean }> {
  const previous = read.current?.version;
  const version = versionFor(cases, previous ?? 1);
  const text = formatCaseFile({ version, cases });
  const back = parseCaseFile(text, file);
  const same = back.cases.length === cases.length && back.cases.every((c, i) => JSON.stringify(c.testCase) === JSON.stringify(cases[i]!.testCase));
  if (!same) throw new TestCaseFileError(`${file}: the cases would not read back as saved; nothing was written.`);
  // Inside the project (or the toolbox's folder), links resolved, and never through a link in the file's place.
  await checkWriteBounds(file, { ...projectWriteRoot(file), finalLink: 'refuse', what: 'saved test cases' });
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeTextFile(file, text, unchangedSinceRead(read.sha256));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
    throw new ApiError(
      'conflict',
      `${file} was ${read.sha256 === null ? 'created' : 'changed'} by another program while the cases were being changed: nothing was written, and the file keeps that change. Try again to make yours over it.`,
    );
  }
  return { upgraded: version === 2 && previous !== 2 && previous !== undefined };
}

/**
 * Saves a case under its name: a new one at the end (a name already taken is refused), or with `replaces` in place of
 * the case of that name (an edit or a rename). A damaged file is not overwritten: the error says why, so the user's
 * cases are never lost.
 */
export async function saveCase(file: string, testCase: SavedCase, replaces?: string): Promise<{ saved: SavedCase; upgraded: boolean }> {
  const saved = checkedCase(testCase);
  return changeCases(file, async (read) => {
    const cases = [...(read.current?.cases ?? [])];
    const at = replaces === undefined ? -1 : cases.findIndex((c) => c.testCase.name === replaces);
    if (replaces !== undefined && at === -1) throw new TestCaseArgsError(`There is no case named '${replaces}' in ${path.basename(file)} any more.`);
    if (cases.some((c, i) => i !== at && c.testCase.name === saved.name)) throw new TestCaseArgsError(`A case named '${saved.name}' exists already: choose another name.`);
    if (at === -1) cases.push({ testCase: saved });
    else cases[at] = { testCase: saved };
    const { upgraded } = await writeCases(file, cases, read);
    return { saved, upgraded };
  });
}

export async function deleteCase(file: string, name: string): Promise<void> {
  await changeCases(file, async (read) => {
    const cases = read.current?.cases ?? [];
    if (!cases.some((c) => c.testCase.name === name)) throw new TestCaseArgsError(`There is no case named '${name}' in ${path.basename(file)}.`);
    await writeCases(file, cases.filter((c) => c.testCase.name !== name), read);
  });
}

/** A copy of a case, right after it, under a free name. */
export async function duplicateCase(file: string, name: string): Promise<SavedCase> {
  return changeCases(file, async (read) => {
    const cases = [...(read.current?.cases ?? [])];
    const at = cases.findIndex((c) => c.testCase.name === name);
    if (at === -1) throw new TestCaseArgsError(`There is no case named '${name}' in ${path.basename(file)}.`);
    const copy = { ...cases[at]!.testCase, name: uniqueCaseName(cases.map((c) => c.testCase), name) };
    cases.splice(at + 1, 0, { testCase: copy });
    await writeCases(file, cases, read);
    return copy;
  });
}

/** Moves every case of `tool` to `newName` (its toolkit tool, arguments and expectation unchanged); how many moved. */
export async function renameToolInCases(file: string, tool: string, newName: string): Promise<number> {
  return changeCases(file, async (read) => {
    if (!read.current) return 0;
    let moved = 0;
    const cases = read.current.cases.map((c) => {
      if (c.testCase.request.target.tool !== tool) return c;
      moved++;
      return { testCase: { ...c.testCase, request: { ...c.testCase.request, target: { ...c.testCase.request.target, tool: newName } } } };
    });
    if (moved > 0) await writeCases(file, cases, read);
    return moved;
  });
}
