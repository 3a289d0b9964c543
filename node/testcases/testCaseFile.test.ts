import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolboxTarget, type SavedCase } from '../../shared/run/index';
import {
  deleteCase,
  duplicateCase,
  formatCaseFile,
  parseCaseFile,
  readCaseFile,
  renameToolInCases,
  saveCase,
  TestCaseArgsError,
  testCaseFileFor,
  TestCaseFileError,
} from './testCaseFile';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-cases-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const greet: SavedCase = { name: 'greets Ada', request: { target: toolboxTarget('greet'), argsJson: '{"name": "Ada"}' }, expect: { content: 'Hello, Ada!' } };
const named = (name: string, extra: Partial<SavedCase> = {}): SavedCase => ({ ...greet, name, ...extra });
const names = async (file: string) => (await readCaseFile(file))!.cases.map((c) => c.testCase.name);

describe('the test case file', () => {
  it('lives beside the toolbox, named after it', () => {
    expect(testCaseFileFor('/x/y/toolbox_info.hocon')).toBe(path.join('/x/y', 'toolbox_info.tests.json'));
    expect(testCaseFileFor('/x/fixture_toolbox.json')).toBe(path.join('/x', 'fixture_toolbox.tests.json'));
  });

  it('is created by the first saved case; a name is the case\'s own: one already taken is refused, not renamed', async () => {
    const file = path.join(tmp, 'created', 'toolbox_info.tests.json');
    expect(await readCaseFile(file)).toBeNull();
    await saveCase(file, greet);
    await saveCase(file, named('no name', { request: { target: toolboxTarget('greet'), argsJson: '{}', slyData: { user: 'u1' } }, expect: { error: true } }));
    await expect(saveCase(file, greet)).rejects.toThrow(new TestCaseArgsError("A case named 'greets Ada' exists already: choose another name."));
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      cases: [
        { name: 'greets Ada', tool: 'greet', args: { name: 'Ada' }, expect: { content: 'Hello, Ada!' } },
        { name: 'no name', tool: 'greet', args: {}, sly_data: { user: 'u1' }, expect: { error: true } },
      ],
    });
  });

  it('edits, renames, duplicates and deletes one case, every other case keeping its text as the file had it', async () => {
    const file = path.join(tmp, 'edited.tests.json');
    // Written by hand: its own layout, and args as typed.
    writeFileSync(file, '{"version": 1, "cases": [\n  {"name": "a", "tool": "t", "args": {"x": 1.0},   "expect": {"content": "A"}},\n  {"name": "b", "tool": "t", "args": {}, "expect": {"content": "B"}}\n]}\n');
    await saveCase(file, named('b2', { request: { target: toolboxTarget('t'), argsJson: '{"y": 2.0}' }, expect: { contains: 'B' } }), 'b');
    let text = readFileSync(file, 'utf8');
    expect(text).toContain('{"name": "a", "tool": "t", "args": {"x": 1.0},   "expect": {"content": "A"}}');
    expect(text).toContain('"args": {"y": 2.0}');
    expect(await names(file)).toEqual(['a', 'b2']);

    expect((await duplicateCase(file, 'a')).name).toBe('a (2)');
    expect(await names(file)).toEqual(['a', 'a (2)', 'b2']);
    await deleteCase(file, 'a');
    expect(await names(file)).toEqual(['a (2)', 'b2']);
    text = readFileSync(file, 'utf8');
    expect(text).toContain('"args": {"x": 1.0}');
    await expect(deleteCase(file, 'gone')).rejects.toThrow(TestCaseArgsError);
    await expect(saveCase(file, named('c'), 'gone')).rejects.toThrow("There is no case named 'gone'");
  });

  it('stays version 1 until a case needs what only version 2 has, and says it upgraded', async () => {
    const file = path.join(tmp, 'versions.tests.json');
    expect((await saveCase(file, named('one'))).upgraded).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    expect((await saveCase(file, named('two', { expect: { json_path: { path: '$.n', value: 1 }, max_duration_seconds: 2 } }))).upgraded).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(2);
    expect((await saveCase(file, named('three'))).upgraded).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(2);
  });

  it('moves every case of a tool to its new name', async () => {
    const file = path.join(tmp, 'moved.tests.json');
    await saveCase(file, named('x'));
    await saveCase(file, named('y', { request: { target: toolboxTarget('other'), argsJson: '{}' } }));
    expect(await renameToolInCases(file, 'greet', 'hello')).toBe(1);
    expect((await readCaseFile(file))!.cases.map((c) => c.testCase.request.target.tool)).toEqual(['hello', 'other']);
  });

  it('refuses to save through a link planted in its place that leads out of the toolbox\'s folder', async () => {
    const folder = path.join(tmp, 'planted');
    mkdirSync(folder);
    const victim = path.join(tmp, 'victim.json');
    writeFileSync(victim, '{"mine": true}\n');
    const file = path.join(folder, 'toolbox_info.tests.json');
    symlinkSync(victim, file);
    await expect(saveCase(file, greet)).rejects.toThrow(`${file} is a link to ${victim}, outside the toolbox's folder`);
    expect(readFileSync(victim, 'utf8')).toBe('{"mine": true}\n');
    await expect(readCaseFile(file)).rejects.toThrow(/outside the toolbox's folder: it is neither read nor written/);
    // Dangling, it would create the file it names.
    const dangling = path.join(folder, 'other.tests.json');
    symlinkSync(path.join(tmp, 'created-elsewhere.json'), dangling);
    await expect(saveCase(dangling, greet)).rejects.toThrow(/outside the toolbox's folder/);
    expect(existsSync(path.join(tmp, 'created-elsewhere.json'))).toBe(false);
  });

  it('refuses a damaged or wrongly shaped file with a message naming the problem, and does not overwrite it', async () => {
    const file = path.join(tmp, 'bad.tests.json');
    writeFileSync(file, '{"version": 1, "cases": [{"name": "x", "tool": "t", "args": {}, "expect": {"contents": "typo"}}]}');
    await expect(saveCase(file, greet)).rejects.toThrow(TestCaseFileError);
    expect(readFileSync(file, 'utf8')).toContain('typo');
    expect(() => parseCaseFile('{"version": 3, "cases": []}', 'f.json')).toThrow(/f\.json is not a test case file.*\n.*version/);
    expect(() => parseCaseFile('nope', 'f.json')).toThrow(/f\.json is not valid JSON/);
    expect(() => parseCaseFile(JSON.stringify({ version: 1, cases: [{ name: 'a', tool: 't', args: {}, expect: { content: '' } }, { name: 'a', tool: 't', args: {}, expect: { content: '' } }] }), 'f.json')).toThrow(/two cases are named 'a'/);
    expect(() => parseCaseFile(JSON.stringify({ version: 2, cases: [{ name: 'a', tool: 't', args: {}, expect: { matches: '(' } }] }), 'f.json')).toThrow(/case 'a': matches is not a regular expression/);
    expect(() => parseCaseFile(JSON.stringify({ version: 2, cases: [{ name: 'a', tool: 't', args: {}, expect: { error: true, content: 'x' } }] }), 'f.json')).toThrow(/expects an error and also content/);
  });
});

describe('the args of a saved case', () => {
  const typed = ['{"x": 1.0, "big": 12345678901234567890}', '{\n  "x": 1.0,\n  "list": [\n    2.0\n  ]\n}', '[]', '"a\\n b"'];

  it('are kept as the user wrote them: written into the file as typed and read back the same', async () => {
    const file = path.join(tmp, 'typed', 'toolbox_info.tests.json');
    for (const [i, text] of typed.entries()) await saveCase(file, named(`case ${i}`, { request: { target: toolboxTarget('greet'), argsJson: `\n${text}  ` } }));
    const read = (await readCaseFile(file))!;
    expect(read.cases.map((c) => c.testCase.request.argsJson)).toEqual(typed);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('      "args": {\n        "x": 1.0,\n        "list": [\n          2.0\n        ]\n      },\n');
    // Saving another case leaves the earlier ones' text alone.
    await saveCase(file, named('last'));
    expect(readFileSync(file, 'utf8')).toContain(text.slice(text.indexOf('"cases": ['), text.lastIndexOf('}\n  ]')));
  });

  it('of a file written by hand are read as written there, whatever its indentation', () => {
    const text = '{"version": 1,\n\t"cases": [{"name": "a", "tool": "t", "expect": {"error": true},\n\t\t"args": {\n\t\t\t"x": 1.0\n\t\t}}],\n"cases": [{"name": "b", "tool": "t", "args": 1E400, "expect": {"error": true}}, {"name": "c", "tool": "t", "args": null, "expect": {"error": true}}]}';
    const read = parseCaseFile(text, 'f.json');
    // The last "cases" counts, as JSON.parse has it; null args send {} as they always did.
    expect(read.cases.map((c) => [c.testCase.name, c.testCase.request.argsJson])).toEqual([
      ['b', '1E400'],
      ['c', '{}'],
    ]);
    const first = parseCaseFile(text.slice(0, text.indexOf(',\n"cases"')) + '}', 'f.json');
    expect(first.cases[0]!.testCase.request.argsJson).toBe('{\n\t"x": 1.0\n}');
    // Rewritten, the case keeps its own text (members in its order), set in the file's indentation.
    expect(formatCaseFile(first)).toBe('{\n  "version": 1,\n  "cases": [\n    {"name": "a", "tool": "t", "expect": {"error": true},\n    \t"args": {\n    \t\t"x": 1.0\n    \t}}\n  ]\n}\n');
    expect(parseCaseFile(formatCaseFile(first), 'f.json').cases[0]!.testCase).toEqual(first.cases[0]!.testCase);
  });

  it('must be JSON to be saved', async () => {
    const file = path.join(tmp, 'refused', 'toolbox_info.tests.json');
    await expect(saveCase(file, named('x', { request: { target: toolboxTarget('greet'), argsJson: '{"x": 1.0' } }))).rejects.toThrow(
      new TestCaseArgsError("The case's arguments are not valid JSON at line 1, column 10: Expecting ',' delimiter"),
    );
    expect(await readCaseFile(file)).toBeNull();
  });
});
