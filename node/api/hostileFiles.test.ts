import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../shared/api/contract';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import { bundleEntry } from '../testSupport/bundleEntry';
import { startApiThread, type ApiThread } from './apiThread';

// Through the API on its own thread, as the app runs it: a file that hangs or floods a read must neither block the
// thread (app.info answers meanwhile) nor take it down.
const here = path.dirname(fileURLToPath(import.meta.url));
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'tbe-hostile-thread-'));
const entry = path.join(bundleDir, 'api-thread.cjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-hostile-'));
const fifo = path.join(dir, 'pipe.conf');
let api: ApiThread;

beforeAll(async () => {
  await bundleEntry(path.join(here, 'apiThreadMain.ts'), entry, new URL('../../node/api/x.cjs', import.meta.url));
  api = startApiThread({ mode: 'desktop', cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), emit: () => undefined }, entry);
  // A first analysis warms the thread (its modules, the compiler): the 2 s the cases allow app.info are for the
  // hostile reading, not for the thread's start (which took longer at a load of 11 on 2 cores).
  await api.dispatch('toolbox.analyze', { path: path.join(dir, 'warm.hocon'), text: 'tool { class = "a.B" }\n', noDefault: true });
  if (process.platform !== 'win32') execFileSync('mkfifo', [fifo]);
  // The include bomb: 12 files of 10 includes each, 10^11 include statements in all.
  for (let i = 0; i < 12; i++) {
    const body = i < 11 ? Array.from({ length: 10 }, (_, j) => `k${j} { include "bomb${i + 1}.conf" }`) : Array.from({ length: 10 }, (_, j) => `v${j} = ${j}`);
    writeFileSync(path.join(dir, `bomb${i}.conf`), body.join('\n') + '\n');
  }
}, 60_000);
afterAll(async () => api?.dispose());

/** Resolves with the call's result, or 'timed out' after `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timed out'> {
  return Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);
}

/** Analyses `text` as a toolbox in the scratch folder, expecting an answer within 5 s, while app.info still answers. */
async function analyze(text: string): Promise<ToolboxAnalysis> {
  const analysis = api.dispatch('toolbox.analyze', { path: path.join(dir, 'toolbox_info.hocon'), text, noDefault: true });
  const info = await within(2000, api.dispatch('app.info', {}));
  expect(info).toMatchObject({ ok: true });
  const result = (await within(5000, analysis)) as ApiResult<ToolboxAnalysis> | 'timed out';
  expect(result).not.toBe('timed out');
  expect(result).toMatchObject({ ok: true });
  return (result as { value: ToolboxAnalysis }).value;
}

// What one reading may add to the process. The process's own size depends on what else the test worker has loaded
// (CI measured 546 MB before this reading began); an unbounded read of /dev/zero or of 10^11 includes adds gigabytes.
const MEMORY_GROWTH_LIMIT = 200 * 1024 * 1024;
function grownSince(rssBefore: number): number {
  return process.memoryUsage().rss - rssBefore;
}

function includeError(analysis: ToolboxAnalysis, line: number) {
  return analysis.diagnostics.find((d) => d.severity === 'error' && d.line === line && d.column === 1);
}

describe.skipIf(process.platform === 'win32')('reading files that are not files, or too much of them', () => {
  it('refuses an include of /dev/zero with a positioned error, quickly and within memory', async () => {
    const before = process.memoryUsage().rss;
    const analysis = await analyze('include file("/dev/zero")\ntool { class = "a.B" }\n');
    expect(includeError(analysis, 1)?.message).toContain('/dev/zero is not a regular file');
    expect(grownSince(before)).toBeLessThan(MEMORY_GROWTH_LIMIT);
  });

  it('refuses an include of a FIFO without blocking the API thread', async () => {
    const analysis = await analyze(`include file("${fifo}")\ntool { class = "a.B" }\n`);
    expect(includeError(analysis, 1)?.message).toContain('is not a regular file');
  });

  it('stops the include bomb at the include limit with a positioned error', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const analysis = await analyze('include "bomb0.conf"\ntool { class = "a.B" }\n');
    expect(Date.now() - started).toBeLessThan(5000);
    const limit = analysis.diagnostics.find((d) => d.message.startsWith('Include limit reached'));
    expect(limit?.message).toMatch(/more than 1000 includes in one reading/);
    expect(limit?.line).toBeGreaterThanOrEqual(1);
    expect(grownSince(before)).toBeLessThan(MEMORY_GROWTH_LIMIT);
  });

  it('refuses a test-case file that is a FIFO, and app.info answers meanwhile', async () => {
    const toolbox = path.join(dir, 'piped.hocon');
    writeFileSync(toolbox, 'tool { class = "a.B", description = "d" }\n');
    execFileSync('mkfifo', [path.join(dir, 'piped.tests.json')]);
    const list = api.dispatch('testcases.list', { path: toolbox });
    expect(await within(2000, api.dispatch('app.info', {}))).toMatchObject({ ok: true });
    expect(await within(5000, list)).toMatchObject({ ok: true, value: { cases: [], error: expect.stringContaining('not a regular file') } });
  });

  it('refuses file.read of a device or a FIFO, and app.info answers meanwhile', async () => {
    for (const file of ['/dev/zero', fifo]) {
      const read = api.dispatch('file.read', { path: file });
      expect(await within(2000, api.dispatch('app.info', {}))).toMatchObject({ ok: true });
      expect(await within(5000, read)).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a regular file') } });
    }
  });
});
