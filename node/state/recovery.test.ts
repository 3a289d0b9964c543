import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RecoveryStore } from './recovery';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('RecoveryStore', () => {
  it('keeps the last snapshot per document until cleared', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'recovery-'));
    dirs.push(dir);
    const store = new RecoveryStore(dir);
    expect(await store.get('/a.hocon')).toEqual({ text: null, savedAt: null });
    await store.save('/a.hocon', 'one');
    await store.save('/a.hocon', 'two');
    await store.save(null, 'untitled');
    expect((await store.get('/a.hocon')).text).toBe('two');
    expect((await store.get('/b.hocon')).text).toBeNull();
    expect((await store.get(null)).text).toBe('untitled');
    await store.clear('/a.hocon');
    expect((await store.get('/a.hocon')).text).toBeNull();
  });
});
