import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import { NotAFileError, readTextFile, readTextFileSync, writeTextFile } from './textFiles';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-files-'));
});

describe('saving a file', () => {
  it('replaces the content, keeps the permissions and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'toolbox.hocon');
    writeFileSync(file, '# old\n');
    chmodSync(file, 0o640);
    await writeTextFile(file, '# new\n');
    expect(readFileSync(file, 'utf8')).toBe('# new\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['toolbox.hocon']);
  });

  it('writes through a symlink instead of replacing the link', async () => {
    const target = path.join(dir, 'real.hocon');
    const link = path.join(dir, 'link.hocon');
    writeFileSync(target, 'a = 1\n');
    symlinkSync(target, link);
    await writeTextFile(link, 'a = 2\n');
    expect(readFileSync(target, 'utf8')).toBe('a = 2\n');
    expect(statSync(link).isFile()).toBe(true);
  });

  it('refuses to overwrite a file another program changed since it was read, unless told to', async () => {
    const file = path.join(dir, 'toolbox.hocon');
    writeFileSync(file, 'a = 1\n');
    const opened = await readTextFile(file);
    writeFileSync(file, 'a = 2 # someone else\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));

    const refused = await writeTextFile(file, 'a = 3\n', { expectedMtimeMs: opened.mtimeMs }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('conflict');
    expect(readFileSync(file, 'utf8')).toBe('a = 2 # someone else\n');

    await writeTextFile(file, 'a = 3\n', { expectedMtimeMs: opened.mtimeMs, overwrite: true });
    expect(readFileSync(file, 'utf8')).toBe('a = 3\n');
  });

  it('says plainly that a path cannot hold a NUL character', async () => {
    const bad = path.join(dir, 'a\u0000b.hocon');
    await expect(writeTextFile(bad, 'a = 1\n')).rejects.toMatchObject({ code: 'invalid_request', message: `A path cannot contain a NUL character: ${JSON.stringify(bad)}.` });
    await expect(readTextFile(bad)).rejects.toMatchObject({ code: 'invalid_request', message: `A path cannot contain a NUL character: ${JSON.stringify(bad)}.` });
  });

  it('says plainly when the folder does not exist', async () => {
    const error = await writeTextFile(path.join(dir, 'nope', 'x.hocon'), 'a = 1').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('not_found');
    expect((error as ApiError).message).toContain('folder');
  });
});

describe('opening a file', () => {
  it('returns the exact text, byte-order mark and line endings included', async () => {
    const file = path.join(dir, 'crlf.hocon');
    writeFileSync(file, '\uFEFFa = 1\r\nb = "é"\r\n');
    const opened = await readTextFile(file);
    expect(opened.text).toBe('\uFEFFa = 1\r\nb = "é"\r\n');
    expect(opened.path).toBe(file);
  });

  it('refuses a file that is not UTF-8 and says where, instead of mangling it', async () => {
    const file = path.join(dir, 'latin1.hocon');
    writeFileSync(file, Buffer.from([0x61, 0x20, 0x3d, 0x20, 0xe9, 0x0a]));
    await expect(readTextFile(file)).rejects.toThrow(/not UTF-8 text \(invalid byte at offset 4\)/);
  });

  it('reports a missing file and a folder in plain words', async () => {
    await expect(readTextFile(path.join(dir, 'missing.hocon'))).rejects.toThrow(`No file at ${path.join(dir, 'missing.hocon')}.`);
    await expect(readTextFile(dir)).rejects.toThrow('is a folder, not a file');
  });

  it('reads synchronously by the same rules and in the same words', async () => {
    const file = path.join(dir, 'latin1.hocon');
    writeFileSync(file, Buffer.from([0x61, 0x20, 0x3d, 0x20, 0xe9, 0x0a]));
    const asyncError = (await readTextFile(file).catch((e: unknown) => e)) as ApiError;
    expect(() => readTextFileSync(file)).toThrow(asyncError.message);
    expect(() => readTextFileSync(path.join(dir, 'missing.hocon'))).toThrow(`No file at ${path.join(dir, 'missing.hocon')}.`);
    expect(() => readTextFileSync(path.join(file, 'under-a-file.hocon'))).toThrow(/^No file at /);
    expect(() => readTextFileSync(dir)).toThrow(NotAFileError);
    expect(() => readTextFileSync(dir)).toThrow(`${dir} is a folder, not a file.`);
    writeFileSync(file, 'b = "é"\n');
    expect(readTextFileSync(file)).toMatchObject({ path: file, text: 'b = "é"\n' });
  });
});
