import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFolder } from './listFolder';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('listFolder', () => {
  it('lists sub-folders first, then toolbox files, hidden and other files left out', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'list-folder-'));
    for (const name of ['b.hocon', 'A.json', 'notes.txt', '.secret.hocon']) writeFileSync(path.join(dir, name), '{}');
    for (const name of ['zeta', 'alpha', '.git']) mkdirSync(path.join(dir, name));
    const listing = await listFolder(dir);
    expect(listing.path).toBe(dir);
    expect(listing.parent).toBe(path.dirname(dir));
    expect(listing.entries).toEqual([
      { name: 'alpha', kind: 'folder' },
      { name: 'zeta', kind: 'folder' },
      { name: 'A.json', kind: 'file' },
      { name: 'b.hocon', kind: 'file' },
    ]);
  });
  it('refuses a file, a missing folder and a NUL, saying which', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'list-folder-'));
    writeFileSync(path.join(dir, 'a.hocon'), '{}');
    await expect(listFolder(path.join(dir, 'a.hocon'))).rejects.toThrow(`${path.join(dir, 'a.hocon')} is a file, not a folder.`);
    await expect(listFolder(path.join(dir, 'nope'))).rejects.toThrow(`No folder at ${path.join(dir, 'nope')}.`);
    await expect(listFolder(`${dir}\0x`)).rejects.toThrow('NUL');
  });
  it('the root has no parent', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'list-folder-'));
    expect((await listFolder('/')).parent).toBeNull();
  });
});
