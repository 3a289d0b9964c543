import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { toolboxTarget, type SavedCase } from '../../shared/run/index';
import { readCaseFile, saveCase } from '../testcases/testCaseFile';
import { SettingsFileError, updateRunSection } from '../run/runSettingsWrite';

/** What another program does to a file right after the editor has read it (once), to test the window in between. */
const afterRead = new Map<string, () => void>();
vi.mock('./textFiles', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./textFiles')>();
  return {
    ...actual,
    readTextFile: async (file: string, maxBytes?: number) => {
      try {
        return await actual.readTextFile(file, maxBytes);
      } finally {
        const edit = afterRead.get(path.resolve(file));
        afterRead.delete(path.resolve(file));
        edit?.();
      }
    },
  };
});

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-changes-from-read-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => afterRead.clear());

const greet = (name: string): SavedCase => ({ name, request: { target: toolboxTarget('greet'), argsJson: '{"name": "Ada"}' }, expect: { content: 'Hello, Ada!' } });
const casesText = (...names: string[]) => `${JSON.stringify({ version: 2, cases: names.map((name) => ({ name, tool: 'greet', args: {}, expect: { error: true } })) }, null, 2)}\n`;

describe('a change made from what was read of a file keeps another program\'s edit made meanwhile', () => {
  it('saving a case over a cases file changed since it was read writes nothing and says so', async () => {
    const file = path.join(tmp, 'tb.tests.json');
    writeFileSync(file, casesText('mine'));
    const theirs = casesText('mine', 'added by a teammate');
    afterRead.set(file, () => writeFileSync(file, theirs));
    await expect(saveCase(file, greet('new'))).rejects.toThrow(
      `${file} was changed by another program while the cases were being changed: nothing was written, and the file keeps that change. Try again to make yours over it.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    // Trying again makes the change over it: both are kept.
    await saveCase(file, greet('new'));
    expect((await readCaseFile(file))!.cases.map((c) => c.testCase.name)).toEqual(['mine', 'added by a teammate', 'new']);
  });

  it('a cases file another program created since the editor found none is not overwritten', async () => {
    const file = path.join(tmp, 'created.tests.json');
    const theirs = casesText('theirs');
    afterRead.set(file, () => writeFileSync(file, theirs));
    await expect(saveCase(file, greet('new'))).rejects.toThrow(`${file} was created by another program`);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });

  it('two saves of cases at once both land (one change of a file at a time)', async () => {
    const file = path.join(tmp, 'both.tests.json');
    await Promise.all([saveCase(file, greet('one')), saveCase(file, greet('two')), saveCase(file, greet('three'))]);
    expect((await readCaseFile(file))!.cases.map((c) => c.testCase.name)).toEqual(['one', 'two', 'three']);
  });

  it('writing the run settings over a .toolbox-editor.json changed since it was read writes nothing and says so', async () => {
    const file = path.join(tmp, '.toolbox-editor.json');
    writeFileSync(file, '{\n  "review": {}\n}\n');
    const theirs = '{\n  "review": { "similarityThreshold": 0.9 }\n}\n';
    afterRead.set(file, () => writeFileSync(file, theirs));
    const change = updateRunSection(file, (run) => ({ ...run, timeoutSeconds: 5 }));
    await expect(change).rejects.toThrow(SettingsFileError);
    await expect(change).rejects.toThrow(`${file} was changed by another program while the run settings were being written: nothing was written, and the file keeps that change.`);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    expect(await updateRunSection(file, (run) => ({ ...run, timeoutSeconds: 5 }))).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ review: { similarityThreshold: 0.9 }, run: { timeoutSeconds: 5 } });
  });

  it('two changes of the run settings at once both land', async () => {
    const file = path.join(tmp, 'settings-both', '.toolbox-editor.json');
    await Promise.all([updateRunSection(file, (run) => ({ ...run, timeoutSeconds: 5 })), updateRunSection(file, (run) => ({ ...run, toolRoot: 'src' }))]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ run: { timeoutSeconds: 5, toolRoot: 'src' } });
  });
});
