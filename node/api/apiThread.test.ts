import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import { startApiThread, type ApiThread } from './apiThread';
import type { ApiHost } from './handlers';
import { bundleEntry } from '../testSupport/bundleEntry';

// The thread entry as the app ships it: bundled from the current sources (as scripts/build.mjs does).
const here = path.dirname(fileURLToPath(import.meta.url));
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-thread-'));
const entry = path.join(bundleDir, 'api-thread.cjs');

beforeAll(async () => {
  await bundleEntry(path.join(here, 'apiThreadMain.ts'), entry, new URL('../../node/api/x.cjs', import.meta.url));
}, 60_000);

let api: ApiThread | undefined;
afterEach(async () => {
  await api?.dispose();
  api = undefined;
});

function setup(extra: Partial<ApiHost> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-thread-home-'));
  const events: Array<{ event: string; payload: unknown }> = [];
  api = startApiThread(
    {
      mode: 'desktop',
      cwd: dir,
      initialFile: null,
      stateDir: path.join(dir, '.state'),
      emit: (event, payload) => events.push({ event, payload }),
      ...extra,
    },
    entry,
  );
  return { dir, events, api };
}

describe('the API on its own thread', () => {
  it('answers calls as the API does, with the same validation and errors', async () => {
    const { dir, api } = setup();
    const file = path.join(dir, 'toolbox_info.hocon');
    writeFileSync(file, 'search { class = "a.b.Search", description = "Finds", parameters { type = object, required = [q] } }\n');
    const info = await api.dispatch('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { mode: 'desktop', cwd: dir } });

    const analysis = await api.dispatch('toolbox.analyze', { path: file, text: 'search { class = "a.b.Search", description = "Finds", parameters { type = object, required = [q] } }\n', noDefault: true });
    expect(analysis.ok).toBe(true);
    const value = (analysis as { value: ToolboxAnalysis }).value;
    expect(value.tools.map((t) => t.name)).toEqual(['search']);
    expect(value.diagnostics.map((d) => [d.rule, d.line])).toContainEqual(['required-unknown', 1]);

    expect(await api.dispatch('toolbox.analyze', { path: 7 })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await api.dispatch('file.read', { path: path.join(dir, 'missing.hocon') })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('passes events from the thread to the host', async () => {
    const { dir, events, api } = setup();
    const file = path.join(dir, 'watched.hocon');
    writeFileSync(file, 'a = 1\n');
    const read = await api.dispatch('file.read', { path: file });
    expect(read.ok).toBe(true);
    await api.dispatch('file.watch', { path: file, mtimeMs: (read as { value: { mtimeMs: number } }).value.mtimeMs });
    writeFileSync(file, 'a = 22\n');
    await expect.poll(() => events.map((e) => e.event), { timeout: 10_000 }).toContain('file.changed');
    expect(events.find((e) => e.event === 'file.changed')?.payload).toMatchObject({ path: file, deleted: false });
  });

  it('shows native dialogs on the starting side', async () => {
    const { api } = setup({ dialogs: { open: async () => '/chosen/toolbox.hocon', save: async (p) => `${p ?? '/x'}.saved`, openFolder: async () => '/chosen/project' } });
    expect(await api.dispatch('dialog.open', {})).toEqual({ ok: true, value: { path: '/chosen/toolbox.hocon' } });
    expect(await api.dispatch('dialog.openFolder', {})).toEqual({ ok: true, value: { path: '/chosen/project' } });
    expect(await api.dispatch('dialog.save', { defaultPath: '/a/b.hocon' })).toEqual({ ok: true, value: { path: '/a/b.hocon.saved' } });
    expect(await api.dispatch('app.info', {})).toMatchObject({ ok: true, value: { nativeDialogs: true } });
  });

  it('answers with an error, not silence, once shut down', async () => {
    const { api } = setup();
    await api.dispatch('app.info', {});
    await api.dispose();
    expect(await api.dispatch('app.info', {})).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/shut down/) } });
  });
});
