import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { codedSpec, FixtureRunners, processExists, runOf } from './testFixtures';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-faults-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const echo = codedSpec('echo', 'fixture_tools.echo.Echo');
const sleeping = codedSpec('sleep', 'fixture_tools.sleeping.Sleeping');
const pidTool = codedSpec('pid', 'fixture_tools.dying.Pid');

describe('ToolRunner: worker lifecycle and faults', () => {
  it('keeps one worker alive between calls', async () => {
    const runner = runners.make();
    const first = await runner.call(pidTool, runOf({}));
    const second = await runner.call(pidTool, runOf({}));
    expect(first.content).toBe(second.content);
    expect(Number(first.content)).toBe(runner.workerPid);
  });

  it('times out, kills the worker, and the next call gets a fresh one', async () => {
    const runner = runners.make();
    const before = Number((await runner.call(pidTool, runOf({}))).content);
    const run = await runner.call(sleeping, runOf({ seconds: 30 }, { timeoutSeconds: 0.3 }));
    expect(run).toMatchObject({ isError: true, errorKind: 'timeout', content: 'timed out after 0.3 s', slyData: null });
    expect(run.durationMs).toBeGreaterThanOrEqual(290);
    expect(run.durationMs).toBeLessThan(5000);
    const after = Number((await runner.call(pidTool, runOf({}))).content);
    expect(after).not.toBe(before);
    expect(processExists(before)).toBe(false);
  });

  it('applies the default timeout from the options', async () => {
    const run = await runners.make({ defaultTimeoutMs: 200 }).call(sleeping, runOf({ seconds: 30 }));
    expect(run.content).toBe('timed out after 0.2 s');
  });

  it('cancels a running call by id, and a queued one before it starts', async () => {
    const runner = runners.make();
    let longStarted!: () => void;
    const started = new Promise<void>((resolve) => (longStarted = resolve));
    const running = runner.call(sleeping, runOf({ seconds: 30 }), { callId: 'long', onStarted: () => longStarted() });
    let queuedStarted = false;
    const queued = runner.call(echo, runOf({ n: 1 }), { callId: 'next', onStarted: () => (queuedStarted = true) });
    const afterIt = runner.call(echo, runOf({ n: 2 }));
    await started;
    expect(runner.cancel('next')).toBe(true);
    expect(runner.cancel('long')).toBe(true);
    expect(runner.cancel('unknown')).toBe(false);
    expect(await running).toMatchObject({ isError: true, errorKind: 'cancelled' });
    expect(await queued).toMatchObject({ isError: true, errorKind: 'cancelled' });
    expect(queuedStarted).toBe(false);
    expect(JSON.parse((await afterIt).content)).toEqual({ echo: { n: 2 } });
  });

  it('cancels loading a class whose import hangs, and the worker still answers afterwards', async () => {
    const runner = runners.make();
    let loadStarted!: () => void;
    const sent = new Promise<void>((resolve) => (loadStarted = resolve));
    const loading = runner.describe(codedSpec('slow', 'fixture_tools.slow_import.Never'), { callId: 'load', timeoutMs: 60_000, onStarted: () => loadStarted() });
    await sent;
    const started = Date.now();
    expect(runner.cancel('load')).toBe(true);
    expect(await loading).toMatchObject({ ok: false, errorKind: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await runner.call(echo, runOf({ text: 'still here' }))).toMatchObject({ isError: false });
  });

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    const pending = runners.make().call(sleeping, runOf({ seconds: 30 }), { signal: controller.signal, onStarted: () => controller.abort() });
    expect(await pending).toMatchObject({ isError: true, errorKind: 'cancelled' });
  });

  it('reports a worker that exits during a call with the tail of its stderr', async () => {
    const runner = runners.make();
    const run = await runner.call(codedSpec('exit', 'fixture_tools.dying.Exit'), runOf({ code: 7 }));
    expect(run).toMatchObject({ isError: true, errorKind: 'crashed' });
    expect(run.content).toContain('exited with code 7 during the call');
    expect(run.content).toContain('about to exit hard');
    expect((await runner.call(echo, runOf({ ok: true }))).isError).toBe(false);
  });

  it('reports a segfault with Python\'s fault report', async () => {
    const runner = runners.make();
    const run = await runner.call(codedSpec('segv', 'fixture_tools.dying.Segfault'), runOf({}));
    expect(run).toMatchObject({ isError: true, errorKind: 'crashed' });
    expect(run.content).toContain('SIGSEGV');
    expect(run.content).toContain('Segmentation fault');
    expect(run.content).toContain('dying.py');
    expect((await runner.call(echo, runOf({}))).isError).toBe(false);
  });

  it('reports a worker killed from outside mid-call, and recovers', async () => {
    const runner = runners.make();
    await runner.call(echo, runOf({}));
    const pid = runner.workerPid as number;
    const pending = runner.call(sleeping, runOf({ seconds: 30 }), { onStarted: () => process.kill(pid, 'SIGKILL') });
    expect(await pending).toMatchObject({ isError: true, errorKind: 'crashed' });
    expect((await pending).content).toContain('killed by signal SIGKILL');
    expect((await runner.call(echo, runOf({}))).isError).toBe(false);
  });

  it('starts a fresh worker when the idle one died between calls', async () => {
    const runner = runners.make();
    await runner.call(echo, runOf({}));
    const pid = runner.workerPid as number;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => runner.workerPid).toBeUndefined(); // the runner has seen it die
    const run = await runner.call(pidTool, runOf({}));
    expect(run.isError).toBe(false);
    expect(Number(run.content)).not.toBe(pid);
  });

  it('says clearly when the interpreter does not exist', async () => {
    const run = await runners.make({ python: path.join(tmp, 'no-such-python') }).call(echo, runOf({}));
    expect(run).toMatchObject({ isError: true, errorKind: 'interpreter' });
    expect(run.content).toContain('could not be started');
    expect(run.content).toContain('ENOENT');
    expect(run.content).toContain('--python');
  });

  it('reports an interpreter that is not Python as a crash with its output', async () => {
    const fake = path.join(tmp, 'fake-python');
    writeFileSync(fake, '#!/bin/sh\necho "this is not python" >&2\nexit 9\n', { mode: 0o755 });
    const run = await runners.make({ python: fake }).call(echo, runOf({}));
    expect(run).toMatchObject({ isError: true, errorKind: 'crashed' });
    expect(run.content).toContain('exited with code 9');
    expect(run.content).toContain('this is not python');
  });

  it('uses a virtualenv folder\'s bin/python', async () => {
    const venv = path.join(tmp, 'venv');
    const bin = path.join(venv, 'bin');
    mkdirSync(bin, { recursive: true });
    const realPython = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
    symlinkSync(realPython.trim(), path.join(bin, 'python'));
    const info = await runners.make({ python: venv }).info();
    expect(info.ok && info.executable).toBe(path.join(bin, 'python'));
  });

  it('leaves no process behind after dispose', async () => {
    const runner = runners.make();
    await runner.call(echo, runOf({}));
    const pid = runner.workerPid as number;
    await runner.dispose();
    expect(processExists(pid)).toBe(false);
    expect(await runner.call(echo, runOf({}))).toMatchObject({ isError: true, errorKind: 'cancelled' });
  });

  it('passes the inherited environment and extra PYTHONPATH entries to the worker', async () => {
    const runner = runners.make({ env: { ...process.env, PYTHONPATH: '/inherited/path', AGENT_TOOL_PATH: 'x.y' } });
    const info = await runner.info();
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.sysPath).toContain('/inherited/path');
    expect(info.sysPath.indexOf(path.resolve('fixtures/python'))).toBeLessThan(info.sysPath.indexOf('/inherited/path'));
    expect(info.agentToolPath).toBe('x.y');
  });
});
