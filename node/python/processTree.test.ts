import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/main';
import { codedSpec, fixturesPythonDir, FixtureRunners, processExists } from './testFixtures';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const spawnSleep = codedSpec('spawn', 'fixture_tools.spawning.SpawnSleep');
const pidTool = codedSpec('pid', 'fixture_tools.dying.Pid');

/** The pids of running `sleep` processes started as `sleep <seconds>` (Linux /proc; none elsewhere). */
function sleepsOf(seconds: string): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd[0] === 'sleep' && cmd[1] === seconds && state !== 'Z') found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function gone(pid: number): Promise<boolean> {
  await expect.poll(() => !processExists(pid) || isZombie(pid), { timeout: 5000 }).toBe(true);
  return true;
}

function isZombie(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(process.platform === 'win32')('ToolRunner: a tool\'s process tree dies with its call', () => {
  it('returns as soon as the tool returns, and leaves no child running', async () => {
    const runner = runners.make();
    const run = await runner.call(spawnSleep, { seconds: 61 });
    expect(run.isError).toBe(false);
    expect(run.durationMs).toBeLessThan(5000);
    expect(await gone(Number(run.content))).toBe(true);
    // The warm worker itself lives on.
    expect(processExists(runner.workerPid!)).toBe(true);
    expect((await runner.call(pidTool, {})).isError).toBe(false);
  });

  it('kills the child with the worker on a timeout and on a cancel', async () => {
    const runner = runners.make();
    // Each child must be seen running before it is expected gone: else the test would pass with no child at all.
    const timingOut = runner.call(spawnSleep, { seconds: 62, wait: true }, { timeoutMs: 2000 });
    await expect.poll(() => sleepsOf('62').length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await timingOut).errorKind).toBe('timeout');
    const cancelling = runner.call(spawnSleep, { seconds: 63, wait: true }, { callId: 'c' });
    await expect.poll(() => sleepsOf('63').length, { timeout: 5000 }).toBeGreaterThan(0);
    runner.cancel('c');
    expect((await cancelling).errorKind).toBe('cancelled');
    for (const seconds of ['62', '63']) await expect.poll(() => sleepsOf(seconds), { timeout: 5000 }).toEqual([]);
  });

  it('disposes at once even when a child of the worker holds its pipes', async () => {
    const runner = runners.make();
    await runner.call(spawnSleep, { seconds: 64 });
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
