/**
 * The saved test cases of a toolbox: `<toolbox name without extension>.tests.json` in the toolbox's folder, so the
 * cases travel with the toolbox in version control and `toolbox-editor test FILE` finds them. Format: README
 * "Saved test cases".
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { TestCaseFileT, type TestCase, type TestCaseFile } from '../../shared/api/testRunApi';
import { writeFileAtomic } from '../files/atomicWrite';

/** `/a/toolbox_info.hocon` → `/a/toolbox_info.tests.json`. */
export function testCaseFileFor(toolboxFile: string): string {
  const parsed = path.parse(toolboxFile);
  return path.join(parsed.dir, `${parsed.name}.tests.json`);
}

/** A cases file that exists but cannot be used: the message names the file and what is wrong where. */
export class TestCaseFileError extends Error {}

/** Checks a parsed file against the format; throws a TestCaseFileError listing the first problems. */
export function parseTestCaseFile(text: string, file: string): TestCaseFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TestCaseFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(TestCaseFileT, parsed)) {
    const problems = [...Value.Errors(TestCaseFileT, parsed)].slice(0, 5).map((e) => `  ${e.path || '/'}: ${e.message}`);
    throw new TestCaseFileError(`${file} is not a test case file (version 1):\n${problems.join('\n')}`);
  }
  const names = new Set<string>();
  for (const c of parsed.cases) {
    if (names.has(c.name)) throw new TestCaseFileError(`${file}: two cases are named '${c.name}'`);
    names.add(c.name);
  }
  return parsed;
}

/** The cases of a file, or null when there is no such file. */
export async function readTestCaseFile(file: string): Promise<TestCaseFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parseTestCaseFile(text, file);
}

/** Stable, diff-friendly text: two-space indent, one trailing newline. */
export function formatTestCaseFile(content: TestCaseFile): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** A name not yet used in `cases`: `wanted`, else `wanted (2)`, `wanted (3)`... */
export function uniqueCaseName(cases: readonly TestCase[], wanted: string): string {
  const taken = new Set(cases.map((c) => c.name));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

/**
 * Appends a case (renamed if its name is taken) and writes the file atomically; a missing file is created.
 * A damaged file is not overwritten: the error says why, so the user's cases are never lost.
 */
export async function appendTestCase(file: string, testCase: TestCase): Promise<{ saved: TestCase; content: TestCaseFile }> {
  const current = (await readTestCaseFile(file)) ?? { version: 1 as const, cases: [] };
  const saved = { ...testCase, name: uniqueCaseName(current.cases, testCase.name) };
  const content: TestCaseFile = { version: 1, cases: [...current.cases, saved] };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, formatTestCaseFile(content));
  return { saved, content };
}
