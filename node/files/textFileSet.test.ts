import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTextFilesAllOrNone, type FileChange } from './textFileSet';

function threeFiles(): FileChange[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-file-set-'));
  return ['a', 'b', 'c'].map((name) => {
    const absolute = path.join(dir, `${name}.hocon`);
    writeFileSync(absolute, `${name} = 1\n`);
    return { absolute, before: `${name} = 1\n`, after: `${name} = 2\n` };
  });
}

const onDisk = (changes: FileChange[]) => changes.map((c) => readFileSync(c.absolute, 'utf8'));
const temporaries = (changes: FileChange[]) => readdirSync(path.dirname(changes[0]!.absolute)).filter((n) => n.endsWith('.tmp'));

describe('writing a set of files all or none', () => {
  it('writes every file', async () => {
    const changes = threeFiles();
    await writeTextFilesAllOrNone(changes);
    expect(onDisk(changes)).toEqual(['a = 2\n', 'b = 2\n', 'c = 2\n']);
    expect(temporaries(changes)).toEqual([]);
  });

  it('changes no file when one is read-only', async () => {
    const changes = threeFiles();
    chmodSync(changes[2]!.absolute, 0o444);
    await expect(writeTextFilesAllOrNone(changes)).rejects.toThrow(/c\.hocon is read-only .* No file was changed\./);
    expect(onDisk(changes)).toEqual(['a = 1\n', 'b = 1\n', 'c = 1\n']);
    expect(temporaries(changes)).toEqual([]);
  });

  it('puts back the files already replaced when a later one changed meanwhile', async () => {
    const changes = threeFiles();
    writeFileSync(changes[1]!.absolute, 'b = 1 # changed by another program\n');
    await expect(writeTextFilesAllOrNone(changes)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('No file was changed.') });
    expect(onDisk(changes)).toEqual(['a = 1\n', 'b = 1 # changed by another program\n', 'c = 1\n']);
    expect(temporaries(changes)).toEqual([]);
  });
});
