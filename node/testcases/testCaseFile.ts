/**
 * The saved test cases of a toolbox: `<toolbox name without extension>.tests.json` in the toolbox's folder, so the
 * cases travel with the toolbox in version control and `toolbox-editor test FILE` finds them. Format: README
 * "Saved test cases".
 *
 * A case's `args` are kept as the user wrote them: the file holds their text (`1.0`, `12345678901234567890`, as
 * typed), reading gives that text back (`argsJson`), and a run sends it to Python as it is — JSON.parse would make
 * `1.0` an int and round big integers.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { TestCaseFileT, type TestCase } from '../../shared/api/index';
import { describeJsonSyntaxError, readJsonText, scanJson } from '../../shared/hocon/index';
import { ApiError } from '../../shared/api/index';
import { writeFileAtomic } from '../files/atomicWrite';
import { escapesFolder } from '../files/folderBounds';
import { MAX_SMALL_TEXT_FILE_BYTES, readTextFile } from '../files/textFiles';

/** A case as its file holds it: `argsJson` is its `args` exactly as written there. */
export type StoredCase = TestCase & { argsJson?: string };

export interface StoredCaseFile {
  version: 1;
  cases: StoredCase[];
}

/** `/a/toolbox_info.hocon` → `/a/toolbox_info.tests.json`. */
export function testCaseFileFor(toolboxFile: string): string {
  const parsed = path.parse(toolboxFile);
  return path.join(parsed.dir, `${parsed.name}.tests.json`);
}

/** A cases file that exists but cannot be used: the message names the file and what is wrong where. */
export class TestCaseFileError extends Error {}

/** A case to save whose arguments are not JSON. */
export class TestCaseArgsError extends Error {}

/** What a run of the case sends: its args as written in the file (`{}` when they are null, as ever). */
export function caseArgsJson(testCase: StoredCase): string {
  if (testCase.args === null || testCase.args === undefined) return '{}';
  return testCase.argsJson ?? JSON.stringify(testCase.args);
}

/** Checks a file against the format; throws a TestCaseFileError naming the first problems and where they are. */
export function parseTestCaseFile(text: string, file: string): StoredCaseFile {
  const read = readJsonText(text);
  if (!read.ok) throw new TestCaseFileError(`${file} is not valid JSON: ${describeJsonSyntaxError(read.error)}`);
  const parsed = read.value;
  if (!Value.Check(TestCaseFileT, parsed)) {
    const problems = [...Value.Errors(TestCaseFileT, parsed)].slice(0, 5).map((e) => `  ${e.path || '/'}: ${e.message}`);
    throw new TestCaseFileError(`${file} is not a test case file (version 1):\n${problems.join('\n')}`);
  }
  const names = new Set<string>();
  for (const c of parsed.cases) {
    if (names.has(c.name)) throw new TestCaseFileError(`${file}: two cases are named '${c.name}'`);
    names.add(c.name);
  }
  const texts = argsTexts(text);
  return { version: 1, cases: parsed.cases.map((c, i) => ({ ...c, argsJson: texts.get(i) ?? JSON.stringify(c.args) })) };
}

/**
 * The text of each case's `args` (by the case's index) as the file writes it, less the indentation the file adds to
 * its continuation lines (that of the line `args` starts on; formatTestCaseFile adds it, so text round-trips).
 */
function argsTexts(text: string): Map<number, string> {
  // A repeated "cases" key: JSON.parse keeps the last, so do the texts.
  let texts = new Map<number, string>();
  let reading = new Map<number, string>();
  scanJson(text, (where, start, end) => {
    if (where.length === 3 && where[0] === 'cases' && typeof where[1] === 'number' && where[2] === 'args') {
      const lineStart = text.lastIndexOf('\n', start - 1) + 1;
      const indentation = /^[ \t]*/.exec(text.slice(lineStart, start))![0];
      const lines = text.slice(start, end).split('\n');
      reading.set(where[1], lines.map((line, k) => (k > 0 && indentation && line.startsWith(indentation) ? line.slice(indentation.length) : line)).join('\n'));
    } else if (where.length === 1 && where[0] === 'cases') {
      texts = reading;
      reading = new Map();
    }
  });
  return texts;
}

/**
 * The file lives beside its toolbox: a link planted in its place must neither send the cases anywhere else nor show
 * another file as cases.
 */
async function refuseLinkOut(file: string): Promise<void> {
  const elsewhere = await escapesFolder(file, path.dirname(file));
  if (elsewhere !== undefined) {
    throw new TestCaseFileError(`${file} is a link to ${elsewhere}, outside the toolbox's folder: it is neither read nor written. Remove the link, and the editor creates the file.`);
  }
}

/** The cases of a file, or null when there is no such file. */
export async function readTestCaseFile(file: string): Promise<StoredCaseFile | null> {
  await refuseLinkOut(file);
  let text: string;
  try {
    // Bounded and regular files only, as every file is read (a FIFO named like the cases file must not hang us).
    text = (await readTextFile(file, MAX_SMALL_TEXT_FILE_BYTES)).text;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
  return parseTestCaseFile(text, file);
}

const CASE_INDENT = '    ';
const MEMBER_INDENT = '      ';

/**
 * Stable, diff-friendly text: what JSON.stringify(content, null, 2) writes, one trailing newline — except that a
 * case's args are their own text (argsJson), its continuation lines indented to sit in the file.
 */
export function formatTestCaseFile(content: { version: 1; cases: readonly StoredCase[] }): string {
  if (!content.cases.length) return `${JSON.stringify({ version: 1, cases: [] }, null, 2)}\n`;
  const cases = content.cases.map(({ argsJson, ...testCase }) => {
    const members = Object.entries(testCase)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        const text = key === 'args' && argsJson !== undefined ? argsJson : JSON.stringify(value, null, 2);
        return `${MEMBER_INDENT}${JSON.stringify(key)}: ${text.replace(/\n/g, `\n${MEMBER_INDENT}`)}`;
      });
    return `${CASE_INDENT}{\n${members.join(',\n')}\n${CASE_INDENT}}`;
  });
  return `{\n  "version": 1,\n  "cases": [\n${cases.join(',\n')}\n  ]\n}\n`;
}

/** A name not yet used in `cases`: `wanted`, else `wanted (2)`, `wanted (3)`... */
export function uniqueCaseName(cases: readonly TestCase[], wanted: string): string {
  const taken = new Set(cases.map((c) => c.name));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

/**
 * Appends a case (renamed if its name is taken) and writes the file atomically; a missing file is created.
 * `argsJson`, when given, is the case's arguments as the user wrote them: the file keeps that text (surrounding
 * whitespace aside) and `args` becomes its value. Earlier cases keep their args' text as the file had it.
 * A damaged file is not overwritten: the error says why, so the user's cases are never lost.
 */
export async function appendTestCase(file: string, testCase: TestCase, argsJson?: string): Promise<{ saved: TestCase; content: StoredCaseFile }> {
  let stored: StoredCase = testCase;
  if (argsJson !== undefined) {
    const read = readJsonText(argsJson);
    if (!read.ok) throw new TestCaseArgsError(`The case's arguments are not valid JSON at ${describeJsonSyntaxError(read.error)}`);
    stored = { ...testCase, args: read.value, argsJson: argsJson.trim() };
  }
  const current = (await readTestCaseFile(file)) ?? { version: 1 as const, cases: [] };
  stored = { ...stored, name: uniqueCaseName(current.cases, testCase.name) };
  const content: StoredCaseFile = { version: 1, cases: [...current.cases, stored] };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, formatTestCaseFile(content));
  const { argsJson: _text, ...saved } = stored;
  return { saved, content };
}
