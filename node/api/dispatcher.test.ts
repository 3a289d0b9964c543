import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from './dispatcher';
import type { ApiService } from './handlers';
import { browserModeService } from '../testSupport/apiCalls';

let service: ApiService | undefined;
afterEach(() => service?.dispose());

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-'));
  const events: unknown[] = [];
  service = browserModeService(dir, {
    emit: (event, payload) => events.push({ event, payload }),
  });
  return { dir, events, dispatch: createDispatcher(service.handlers), watcher: service.watcher };
}

describe('the API dispatcher', () => {
  it('refuses unknown methods and payloads that do not match the schema, before any handler runs', async () => {
    const { dispatch } = setup();
    expect(await dispatch('file.delete', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await dispatch('file.read', { path: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch('file.read', { path: 'a', extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch('file.read', null)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('resolves relative paths against the working folder, and remembers opened files as recent', async () => {
    const { dir, dispatch } = setup();
    writeFileSync(path.join(dir, 'a.hocon'), 'a = 1\n');
    const read = await dispatch('file.read', { path: 'a.hocon' });
    expect(read).toMatchObject({ ok: true, value: { path: path.join(dir, 'a.hocon'), text: 'a = 1\n' } });
    expect(await dispatch('recent.list', {})).toEqual({ ok: true, value: { files: [path.join(dir, 'a.hocon')] } });
  });

  it('answers too_large, naming the limit, where an answer would be too long to serialise', async () => {
    setup();
    // 200 times the same megabyte: 200 M characters as JSON (the string itself is made once).
    const megabyte = 'x'.repeat(1 << 20);
    const dispatch = createDispatcher({ ...service!.handlers, 'recent.list': async () => ({ files: new Array<string>(200).fill(megabyte) }) });
    expect(await dispatch('recent.list', {})).toEqual({
      ok: false,
      error: { code: 'too_large', message: 'The answer to recent.list would be more than 192 M characters of JSON, the most one answer may carry: it was not sent.' },
    });
    // A file read whole, as large as a toolbox may be (128 MB), is within it.
    const file = 'y'.repeat(128 * 1024 * 1024);
    const big = createDispatcher({ ...service!.handlers, 'recent.list': async () => ({ files: [file] }) });
    expect(await big('recent.list', {})).toMatchObject({ ok: true });
  });

  it('carries a handler error code to the caller unchanged', async () => {
    const { dir, dispatch } = setup();
    const file = path.join(dir, 'a.hocon');
    writeFileSync(file, 'a = 1\n');
    const result = await dispatch('file.write', { path: file, text: 'a = 2\n', expectedMtimeMs: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(readFileSync(file, 'utf8')).toBe('a = 1\n');
  });

  it('says in plain words that a path cannot hold a NUL character, whatever the method', async () => {
    const { dir, dispatch } = setup();
    const bad = path.join(dir, 'a\u0000b.hocon');
    for (const [method, payload] of [
      ['file.watch', { path: bad, mtimeMs: 1 }],
      ['file.read', { path: bad }],
      ['file.write', { path: bad, text: 'a = 1\n' }],
      ['file.unwatch', { path: bad }],
    ] as const) {
      const result = await dispatch(method, payload);
      expect(result).toEqual({ ok: false, error: { code: 'invalid_request', message: `A path cannot contain a NUL character: ${JSON.stringify(bad)}.` } });
    }
  });

  it('pushes file.changed for a watched file changed by someone else, but not for our own save', async () => {
    const { dir, dispatch, events, watcher } = setup();
    const file = path.join(dir, 'w.hocon');
    writeFileSync(file, 'a = 1\n');
    const read = (await dispatch('file.read', { path: file })) as { ok: true; value: { mtimeMs: number } };
    await dispatch('file.watch', { path: file, mtimeMs: read.value.mtimeMs });
    await dispatch('file.write', { path: file, text: 'a = 2\n', expectedMtimeMs: read.value.mtimeMs });
    await watcher.pollNow(file);
    expect(events).toEqual([]);
    writeFileSync(file, 'a = 3 # elsewhere\n');
    await watcher.pollNow(file);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'file.changed', payload: { path: file, deleted: false } });
  });
});
