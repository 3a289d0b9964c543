import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import { bundleEntry } from '../testSupport/bundleEntry';
import { workspace } from '../testSupport/cliRun';
import { parseStat, readProcessTable } from '../python/processTree';
import { fixturesPythonDir } from '../python/testFixtures';
import { startApiThread, type ApiThread } from './apiThread';

// A Python worker started for the API thread is reaped whatever becomes of the thread: a child is waited for only by
// the event loop that spawned it, so workers the thread itself spawned stayed <defunct> once it died.
const here = path.dirname(fileURLToPath(import.meta.url));
const toolbox = [
  'greet { class = "fixture_tools.echo.Greet", description = "Greets.", parameters { type = object, properties { name { type = string } } } }',
  'sleeping { class = "fixture_tools.sleeping.Sleeping", description = "Sleeps." }',
  'exit { class = "fixture_tools.dying.Exit", description = "Exits." }',
].join('\n');
const dir = workspace({ 'toolbox_info.hocon': `${toolbox}\n` }, 'tbe-thread-workers-');
const entry = path.join(dir, 'api-thread.cjs');
let api: ApiThread;

beforeAll(async () => {
  await bundleEntry(path.join(here, 'apiThreadMain.ts'), entry, new URL('../../node/api/x.cjs', import.meta.url));
  api = startApiThread(
    { mode: 'desktop', cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), env: { PATH: process.env.PATH, HOME: os.homedir(), PYTHONPATH: fixturesPythonDir() }, emit: () => undefined },
    entry,
  );
}, 60_000);
afterAll(async () => api?.dispose());

/** This process's children that are Python workers, with their state (Z: exited, never reaped). */
function workerChildren(): { pid: number; state: string }[] {
  const table = readProcessTable() ?? new Map();
  return [...table]
    .filter(([pid, stat]) => stat.ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('toolbox_worker.py'))
    .map(([pid, stat]) => ({ pid, state: stat.state }));
}

const run = (runId: string, tool = 'greet', extra: object = {}) =>
  api.dispatch('tool.run', { path: path.join(dir, 'toolbox_info.hocon'), text: toolbox, runId, run: { target: { kind: 'toolbox', tool }, argsJson: '{"name": "Ada"}', ...extra } });

describe.skipIf(process.platform !== 'linux')('Python workers of an API thread that dies', () => {
  it('are ended and reaped, and the next thread runs tools again', async () => {
    expect(await run('r1')).toMatchObject({ ok: true, value: { isError: false } as Partial<ToolRunResultDto> });
    const workers = workerChildren();
    expect(workers.length).toBeGreaterThan(0);

    // The thread dies as a crash would end it: no dispose, no goodbye.
    await (api as unknown as { worker: Worker }).worker.terminate();

    await expect.poll(() => workers.filter((w) => readProcessTable()?.has(w.pid)).map((w) => `${w.pid} ${parseStat(readFileSync(`/proc/${w.pid}/stat`, 'latin1'))?.state}`), { timeout: 10_000, interval: 100 }).toEqual([]);
    expect(await run('r2')).toMatchObject({ ok: true, value: { isError: false } });
  });

  it('time out, die and restart through the relay as they do in one thread', async () => {
    const slept = await run('t1', 'sleeping', { timeoutSeconds: 0.5 });
    expect(slept).toMatchObject({ ok: true, value: { isError: true, errorKind: 'timeout' } });
    const exited = await run('t2', 'exit');
    expect(exited).toMatchObject({ ok: true, value: { isError: true } });
    expect((exited as { value: ToolRunResultDto }).value.content).toMatch(/exited with code 3[^]*about to exit hard|about to exit hard[^]*exited with code 3/);
    expect(await run('t3')).toMatchObject({ ok: true, value: { isError: false, content: expect.stringContaining('Ada') } });
  });
});
