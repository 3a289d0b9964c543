import { afterEach, describe, expect, it } from 'vitest';
import { codedSpec, fixturesPythonDir, processExists, runOf } from './testFixtures';
import { WorkerPool } from './workerPool';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.dispose();
  pool = undefined;
});

const pid = codedSpec('pid', 'fixture_tools.dying.Pid');

describe('WorkerPool', () => {
  it('keeps one runner per toolbox and interpreter, replaced when its settings change', async () => {
    pool = new WorkerPool({ pythonPath: [fixturesPythonDir()] });
    const a = pool.runner('/x/a.hocon');
    expect(pool.runner('/x/a.hocon')).toBe(a);
    expect(pool.runner('/x/b.hocon')).not.toBe(a);
    expect(pool.size).toBe(2);
    const aPid = Number((await a.call(pid, runOf({}))).content);
    const changed = pool.runner('/x/a.hocon', { agentToolPath: 'somewhere.else' });
    expect(changed).not.toBe(a);
    expect(Number((await changed.call(pid, runOf({}))).content)).not.toBe(aPid);
    expect(pool.size).toBe(2);
  });

  it('ends a toolbox\'s workers on release and all of them on dispose', async () => {
    pool = new WorkerPool({ pythonPath: [fixturesPythonDir()] });
    const a = Number((await pool.runner('a').call(pid, runOf({}))).content);
    const b = Number((await pool.runner('b').call(pid, runOf({}))).content);
    await pool.release('a');
    expect(processExists(a)).toBe(false);
    expect(processExists(b)).toBe(true);
    await pool.dispose();
    expect(processExists(b)).toBe(false);
    expect(pool.size).toBe(0);
  });
});

describe('WorkerPool: idle workers are released', () => {
  it('ends a runner nobody asked for during idleMs', async () => {
    pool = new WorkerPool({ pythonPath: [fixturesPythonDir()] }, { idleMs: 200 });
    const worker = Number((await pool.runner('a').call(pid, runOf({}))).content);
    await expect.poll(() => processExists(worker), { timeout: 5000 }).toBe(false);
    expect(pool.size).toBe(0);
  });

  it('keeps at most maxRunners, ending the least recently used idle one', async () => {
    pool = new WorkerPool({ pythonPath: [fixturesPythonDir()] }, { maxRunners: 2 });
    const a = Number((await pool.runner('a').call(pid, runOf({}))).content);
    const b = Number((await pool.runner('b').call(pid, runOf({}))).content);
    pool.runner('a');
    const c = Number((await pool.runner('c').call(pid, runOf({}))).content);
    expect(pool.size).toBe(2);
    await expect.poll(() => processExists(b), { timeout: 5000 }).toBe(false);
    expect(processExists(a)).toBe(true);
    expect(processExists(c)).toBe(true);
  });
});
