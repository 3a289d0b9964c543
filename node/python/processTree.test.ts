import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/main';
import { descendantsOf, killProcessTree, parseStat, type ProcessStat } from './processTree';
import {
  codedSpec,
  fixturesPythonDir,
  FixtureRunners,
  liveProcesses,
  processesNamed,
  processExists,
  uniqueProcessToken,
  runOf,
} from './testFixtures';
import type { CallControl } from './toolRunner';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const spawnSleep = codedSpec('spawn', 'fixture_tools.spawning.SpawnSleep');
const pidTool = codedSpec('pid', 'fixture_tools.dying.Pid');
const spawnEscaping = codedSpec('escaping', 'fixture_tools.spawning.SpawnEscaping');

/** The pids of running `sleep` processes started as `sleep <seconds>` (Linux /proc; none elsewhere). */
const sleepsOf = (seconds: string): number[] => liveProcesses((argv) => argv[0] === 'sleep' && argv[1] === seconds);

async function gone(pid: number): Promise<boolean> {
  await expect.poll(() => !processExists(pid) || isZombie(pid), { timeout: 5000 }).toBe(true);
  return true;
}

function isZombie(pid: number): boolean {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'latin1'))?.state === 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(process.platform === 'win32')('ToolRunner: a tool\'s process tree dies with its call', () => {
  it('returns as soon as the tool returns, and leaves no child running', async () => {
    const runner = runners.make();
    const run = await runner.call(spawnSleep, runOf({ seconds: 61 }));
    expect(run.isError).toBe(false);
    expect(run.durationMs).toBeLessThan(5000);
    expect(await gone(Number(run.content))).toBe(true);
    // The warm worker itself lives on.
    expect(processExists(runner.workerPid!)).toBe(true);
    expect((await runner.call(pidTool, runOf({}))).isError).toBe(false);
  });

  it('kills the child with the worker on a timeout and on a cancel', async () => {
    const runner = runners.make();
    // Each child must be seen running before it is expected gone: else the test would pass with no child at all.
    const timingOut = runner.call(spawnSleep, runOf({ seconds: 62, wait: true }, { timeoutSeconds: 2 }));
    await expect.poll(() => sleepsOf('62').length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await timingOut).errorKind).toBe('timeout');
    const cancelling = runner.call(spawnSleep, runOf({ seconds: 63, wait: true }), { callId: 'c' });
    await expect.poll(() => sleepsOf('63').length, { timeout: 5000 }).toBeGreaterThan(0);
    runner.cancel('c');
    expect((await cancelling).errorKind).toBe('cancelled');
    for (const seconds of ['62', '63']) await expect.poll(() => sleepsOf(seconds), { timeout: 5000 }).toEqual([]);
  });

  it('disposes at once even when a child of the worker holds its pipes', async () => {
    const runner = runners.make();
    await runner.call(spawnSleep, runOf({ seconds: 64 }));
    const started = Date.now();
    await runner.dispose();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(sleepsOf('64')).toEqual([]);
  });

  it('toolbox-editor call of a tool that starts `sleep 60` returns at once and leaves no sleep', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-call-spawn-'));
    writeFileSync(path.join(dir, 'tb.hocon'), 'spawn { class = "fixture_tools.spawning.SpawnSleep", description = "d" }\n');
    const out = { stdout: '', stderr: '' };
    const started = Date.now();
    const code = await runCli(['call', 'tb.hocon', 'spawn', '--args', '{"seconds": 60}'], {
      stdout: (t) => void (out.stdout += t),
      stderr: (t) => void (out.stderr += t),
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: fixturesPythonDir() },
    });
    expect([code, out.stderr]).toEqual([0, '']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await gone(Number(out.stdout.trim()))).toBe(true);
  });
});

describe.skipIf(process.platform !== 'linux')('ToolRunner: a child that leaves the worker\'s process group dies too', () => {
  it.each(['setsid', 'setpgrp', 'daemon'])('after a call whose child escapes by %s', async (how) => {
    const runner = runners.make();
    const token = uniqueProcessToken();
    const run = await runner.call(spawnEscaping, runOf({ how, token, seconds: 60 }));
    // The content is the escaped process's pid, written once it had left the group.
    expect([run.isError, run.content]).toEqual([false, expect.stringMatching(/^\d+$/)]);
    expect(run.durationMs).toBeLessThan(5000);
    await expect.poll(() => processesNamed(token), { timeout: 5000 }).toEqual([]);
    expect((await runner.call(pidTool, runOf({}))).isError).toBe(false);
  });

  it('after a timeout, a cancel and a restart', async () => {
    const runner = runners.make();
    const endings: [string, { timeoutSeconds?: number }, CallControl, () => unknown][] = [
      ['daemon', { timeoutSeconds: 2 }, {}, () => undefined],
      ['setsid', {}, { callId: 'c' }, () => runner.cancel('c')],
      ['setpgrp', {}, {}, () => runner.restart()],
    ];
    const kinds = [];
    for (const [how, timeout, control, end] of endings) {
      const token = uniqueProcessToken();
      const ended = runner.call(spawnEscaping, runOf({ how, token, seconds: 60, wait: true }, timeout), control);
      // Seen running before it is expected gone: else the test would pass with no child at all.
      await expect.poll(() => processesNamed(token).length, { timeout: 5000 }).toBe(1);
      await end();
      kinds.push([how, (await ended).errorKind]);
      await expect.poll(() => processesNamed(token), { timeout: 5000 }).toEqual([]);
    }
    expect(kinds).toEqual([['daemon', 'timeout'], ['setsid', 'cancelled'], ['setpgrp', 'cancelled']]);
  });
});

describe('processTree: reading /proc', () => {
  it('reads state and parent past a command holding spaces and parentheses', () => {
    expect(parseStat('42 (a) b (c)) S 7 42 42 0 -1 4194560')).toEqual({ state: 'S', ppid: 7 });
    expect(parseStat('42 (x)')).toBeUndefined();
    expect(parseStat('')).toBeUndefined();
  });

  it('follows parent links down from the root, and nothing beside it', () => {
    const at = (ppid: number): ProcessStat => ({ state: 'S', ppid });
    const table = new Map([[1, at(0)], [10, at(1)], [11, at(10)], [12, at(11)], [13, at(10)], [20, at(1)], [21, at(20)]]);
    expect(descendantsOf(table, 10).sort()).toEqual([11, 12, 13]);
    expect(descendantsOf(table, 12)).toEqual([]);
  });
});

// The root's children: one in a session of its own (no group kill reaches it), one in the root's group.
const TWO_SLEEPS = `
import subprocess, sys, time
subprocess.Popen([sys.argv[1], "60"], executable="sleep", start_new_session=True)
subprocess.Popen([sys.argv[1], "60"], executable="sleep")
time.sleep(60)
`;

describe.skipIf(process.platform !== 'linux')('killProcessTree', () => {
  it('kills a process and every process below it, in its group or not', async () => {
    const token = uniqueProcessToken();
    const root = spawn('python3', ['-c', TWO_SLEEPS, token], { stdio: 'ignore' });
    const exited = new Promise((resolve) => root.on('exit', (_code, signal) => resolve(signal)));
    await expect.poll(() => processesNamed(token).length, { timeout: 5000 }).toBe(2);
    expect(killProcessTree(root.pid!)).toBe(true);
    expect(await exited).toBe('SIGKILL');
    await expect.poll(() => processesNamed(token), { timeout: 5000 }).toEqual([]);
  });
});
