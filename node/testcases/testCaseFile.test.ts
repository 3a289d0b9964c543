import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestCase } from '../../shared/api/testRunApi';
import { checkCase } from './checkCase';
import { appendTestCase, caseArgsJson, formatTestCaseFile, parseTestCaseFile, readTestCaseFile, TestCaseArgsError, testCaseFileFor, TestCaseFileError } from './testCaseFile';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-cases-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const greet: TestCase = { name: 'greets Ada', tool: 'greet', args: { name: 'Ada' }, expect: { content: 'Hello, Ada!' } };

describe('the test case file', () => {
  it('lives beside the toolbox, named after it', () => {
    expect(testCaseFileFor('/x/y/toolbox_info.hocon')).toBe(path.join('/x/y', 'toolbox_info.tests.json'));
    expect(testCaseFileFor('/x/fixture_toolbox.json')).toBe(path.join('/x', 'fixture_toolbox.tests.json'));
  });

  it('is created by the first saved case and keeps earlier cases, renaming a duplicate name', async () => {
    const file = path.join(tmp, 'created', 'toolbox_info.tests.json');
    expect(await readTestCaseFile(file)).toBeNull();
    await appendTestCase(file, greet);
    const second = await appendTestCase(file, { ...greet, args: { name: 'Bo' }, expect: { error: true }, sly_data: { user: 'u1' } });
    expect(second.saved.name).toBe('greets Ada (2)');
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      cases: [greet, { name: 'greets Ada (2)', tool: 'greet', args: { name: 'Bo' }, sly_data: { user: 'u1' }, expect: { error: true } }],
    });
  });

  it('refuses to save through a link planted in its place that leads out of the toolbox\'s folder', async () => {
    const folder = path.join(tmp, 'planted');
    mkdirSync(folder);
    const victim = path.join(tmp, 'victim.json');
    writeFileSync(victim, '{"mine": true}\n');
    const file = path.join(folder, 'toolbox_info.tests.json');
    symlinkSync(victim, file);
    await expect(appendTestCase(file, greet)).rejects.toThrow(`${file} is a link to ${victim}, outside the toolbox's folder`);
    expect(readFileSync(victim, 'utf8')).toBe('{"mine": true}\n');
    await expect(readTestCaseFile(file)).rejects.toThrow(/outside the toolbox's folder: it is neither read nor written/);
    // Dangling, it would create the file it names.
    const dangling = path.join(folder, 'other.tests.json');
    symlinkSync(path.join(tmp, 'created-elsewhere.json'), dangling);
    await expect(appendTestCase(dangling, greet)).rejects.toThrow(/outside the toolbox's folder/);
    expect(existsSync(path.join(tmp, 'created-elsewhere.json'))).toBe(false);
  });

  it('refuses a damaged or wrongly shaped file with a message naming the problem, and does not overwrite it', async () => {
    const file = path.join(tmp, 'bad.tests.json');
    writeFileSync(file, '{"version": 1, "cases": [{"name": "x", "tool": "t", "args": {}, "expect": {"contents": "typo"}}]}');
    await expect(appendTestCase(file, greet)).rejects.toThrow(TestCaseFileError);
    expect(readFileSync(file, 'utf8')).toContain('typo');
    expect(() => parseTestCaseFile('{"version": 2, "cases": []}', 'f.json')).toThrow(/f\.json is not a test case file.*\n.*version/);
    expect(() => parseTestCaseFile('nope', 'f.json')).toThrow(/f\.json is not valid JSON/);
    expect(() => parseTestCaseFile(JSON.stringify({ version: 1, cases: [greet, greet] }), 'f.json')).toThrow(/two cases are named 'greets Ada'/);
  });
});

describe('the args of a saved case', () => {
  const typed = ['{"x": 1.0, "big": 12345678901234567890}', '{\n  "x": 1.0,\n  "list": [\n    2.0\n  ]\n}', '[]', '"a\\n b"'];

  it('are kept as the user wrote them: written into the file as typed and read back the same', async () => {
    const file = path.join(tmp, 'typed', 'toolbox_info.tests.json');
    for (const [i, text] of typed.entries()) await appendTestCase(file, { ...greet, name: `case ${i}`, args: null }, `\n${text}  `);
    const read = (await readTestCaseFile(file))!;
    expect(read.cases.map((c) => c.argsJson)).toEqual(typed);
    expect(read.cases.map((c) => c.args)).toEqual(typed.map((t) => JSON.parse(t)));
    expect(read.cases.map(caseArgsJson)).toEqual(typed);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('      "args": {\n        "x": 1.0,\n        "list": [\n          2.0\n        ]\n      },\n');
    // Appending another case leaves the earlier ones' text alone.
    await appendTestCase(file, { ...greet, name: 'last' });
    expect(readFileSync(file, 'utf8')).toContain(text.slice(text.indexOf('"cases": [') , text.lastIndexOf('}\n  ]')));
  });

  it('of a file written by hand are read as written there, whatever its indentation', () => {
    const text = '{"version": 1,\n\t"cases": [{"name": "a", "tool": "t", "expect": {"error": true},\n\t\t"args": {\n\t\t\t"x": 1.0\n\t\t}}],\n"cases": [{"name": "b", "tool": "t", "args": 1E400, "expect": {"error": true}}, {"name": "c", "tool": "t", "args": null, "expect": {"error": true}}]}';
    const read = parseTestCaseFile(text, 'f.json');
    // The last "cases" counts, as JSON.parse has it; null args send {} as they always did.
    expect(read.cases.map((c) => [c.name, c.argsJson, caseArgsJson(c)])).toEqual([
      ['b', '1E400', '1E400'],
      ['c', 'null', '{}'],
    ]);
    const first = parseTestCaseFile(text.slice(0, text.indexOf(',\n"cases"')) + '}', 'f.json');
    expect(first.cases[0]!.argsJson).toBe('{\n\t"x": 1.0\n}');
    expect(formatTestCaseFile(first)).toBe('{\n  "version": 1,\n  "cases": [\n    {\n      "name": "a",\n      "tool": "t",\n      "expect": {\n        "error": true\n      },\n      "args": {\n      \t"x": 1.0\n      }\n    }\n  ]\n}\n');
  });

  it('must be JSON to be saved', async () => {
    const file = path.join(tmp, 'refused', 'toolbox_info.tests.json');
    await expect(appendTestCase(file, greet, '{"x": 1.0')).rejects.toThrow(new TestCaseArgsError("The case's arguments are not valid JSON at line 1, column 10: Expecting ',' delimiter"));
    expect(await readTestCaseFile(file)).toBeNull();
  });
});

describe('checkCase', () => {
  it('passes on the same content, or the same JSON value written differently', () => {
    expect(checkCase({ content: 'Hello, Ada!' }, { content: 'Hello, Ada!', isError: false })).toEqual({ pass: true });
    expect(checkCase({ content: '{"a": 1, "b": [1, 2]}' }, { content: '{"b":[1,2],"a":1}', isError: false })).toEqual({ pass: true });
  });

  it('fails on other content, on an error where content was expected, and on a result where an error was', () => {
    expect(checkCase({ content: 'Hello, Ada!' }, { content: 'Hi, Ada!', isError: false })).toEqual({ pass: false, reason: 'expected "Hello, Ada!", got "Hi, Ada!"' });
    expect(checkCase({ content: '{"a": 1}' }, { content: '{"a": 2}', isError: false }).pass).toBe(false);
    expect(checkCase({ content: 'Hello' }, { content: 'Hello', isError: true })).toMatchObject({ pass: false, reason: expect.stringContaining('got an error') });
    expect(checkCase({ error: true }, { content: 'boom', isError: true })).toEqual({ pass: true });
    expect(checkCase({ error: true }, { content: 'fine', isError: false })).toMatchObject({ pass: false, reason: 'expected an error, got a result: "fine"' });
  });
});
