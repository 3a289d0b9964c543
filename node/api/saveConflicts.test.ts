import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult, FileContent } from '../../shared/api/contract';
import { startScratchServer } from '../testSupport/rawHttp';

// Two windows (two browser-mode clients) saving the file they both opened: one is saved, the other is told
// `conflict`; no save is ever reported while its text is not on disk.
type Server = Awaited<ReturnType<typeof startScratchServer>>;
let server: Server;
beforeAll(async () => {
  server = await startScratchServer();
});
afterAll(async () => server.close());

async function call<T>(method: string, payload: unknown): Promise<ApiResult<T>> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: 'Bearer test-token-0123456789', 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as ApiResult<T>;
}

/** What the renderer sends on save: the version it read. */
const save = (opened: FileContent, text: string) =>
  call<{ sha256: string }>('file.write', { path: opened.path, text, expectedMtimeMs: opened.mtimeMs, expectedSha256: opened.sha256 });

describe('two windows saving the same file', () => {
  it('one is saved and the other gets conflict, in each of 30 races', async () => {
    const file = path.join(server.dir, 'raced.hocon');
    for (let trial = 0; trial < 30; trial++) {
      writeFileSync(file, `start = ${trial}\n`);
      const opened = await call<FileContent>('file.read', { path: file });
      if (!opened.ok) throw new Error(opened.error.message);
      const texts = [`a = ${trial} # window A\n`, `b = ${trial} # window B\n`];
      const results = await Promise.all(texts.map((text) => save(opened.value, text)));
      const saved = results.flatMap((r, i) => (r.ok ? [texts[i]] : []));
      expect(saved).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'conflict' } });
      expect(readFileSync(file, 'utf8')).toBe(saved[0]);
    }
  });

  it('refuses a save over a change that put the mtime back', async () => {
    const file = path.join(server.dir, 'touched.hocon');
    writeFileSync(file, 'a = 1\n');
    // A whole second, which every file system keeps exactly, so that putting it back gives the same mtime.
    const when = Math.floor(Date.now() / 1000) - 60;
    utimesSync(file, when, when);
    const opened = await call<FileContent>('file.read', { path: file });
    if (!opened.ok) throw new Error(opened.error.message);
    writeFileSync(file, 'a = 2 # another program\n');
    utimesSync(file, when, when);
    expect(statSync(file).mtimeMs).toBe(opened.value.mtimeMs);

    expect(await save(opened.value, 'a = 3\n')).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(readFileSync(file, 'utf8')).toBe('a = 2 # another program\n');
  });

  it('saves over a file whose mtime changed but whose content did not (a touch is no conflict)', async () => {
    const file = path.join(server.dir, 'same.hocon');
    writeFileSync(file, 'a = 1\n');
    const opened = await call<FileContent>('file.read', { path: file });
    if (!opened.ok) throw new Error(opened.error.message);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const saved = await save(opened.value, 'a = 3\n');
    expect(saved).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe('a = 3\n');
    // The stamp a save answers is the next save's expectation.
    const again = await call('file.write', { path: file, text: 'a = 4\n', expectedSha256: (saved as { value: { sha256: string } }).value.sha256 });
    expect(again).toMatchObject({ ok: true });
  });
});
