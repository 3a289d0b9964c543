import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/api/index';
import { HistoryStore } from './historyStore';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-history-trim-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A run of ~`bytes` bytes in the file, `n` seconds into 2025 (the history's clock). */
const run = (tool: string, n: number, bytes = 200): HistoryEntry => ({
  id: `${tool}-${n}`,
  at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  request: { target: { kind: 'toolbox', tool }, argsJson: JSON.stringify({ n, pad: 'p'.repeat(bytes) }) },
  result: { content: `result ${n}`, truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null },
});

const CAP = 16 * 1024;
const TOOLBOX = '/p/toolbox_info.hocon';

function historyFile(stateDir: string): string {
  const [file] = readdirSync(path.join(stateDir, 'history'));
  return path.join(stateDir, 'history', file!);
}
/** Every run the file keeps, parsed as another reader would: a file that does not parse fails the test. */
function keptIds(stateDir: string): string[] {
  const parsed = JSON.parse(readFileSync(historyFile(stateDir), 'utf8')) as { tools: Record<string, HistoryEntry[]> };
  return Object.values(parsed.tools).flatMap((calls) => calls.map((c) => c.id));
}

describe('the history past its cap keeps the newest runs', () => {
  it('drops the oldest runs of any tool, whole, and keeps the newest; the file stays within the cap and readable', async () => {
    const stateDir = tempDir();
    const store = new HistoryStore(stateDir, { maxFileBytes: CAP });
    const tools = ['greet', 'echo', 'search'];
    const sizes: number[] = [];
    for (let n = 0; n < 300; n++) {
      await store.add(TOOLBOX, run(tools[n % 3]!, n));
      sizes.push(statSync(historyFile(stateDir)).size);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CAP);
    // The kept runs are exactly the newest ones: one unbroken run of numbers ending with the last.
    const kept = keptIds(stateDir).map((id) => Number(id.split('-')[1])).sort((a, b) => a - b);
    expect(kept.at(-1)).toBe(299);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 300 - kept.length + i));
    expect(kept.length).toBeGreaterThan(20);
    // Each tool's list is still newest first, read back by a new store (a restart).
    const restarted = new HistoryStore(stateDir, { maxFileBytes: CAP });
    const greet = (await restarted.list(TOOLBOX, 'greet')).map((e) => e.id);
    expect(greet[0]).toBe('greet-297');
    expect(greet).toEqual([...greet].sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1])));
    // Trimmed down to ~3/4 of the cap, so runs are recorded many times between two trims, not every time.
    const trims = sizes.filter((size, i) => i > 0 && size < sizes[i - 1]!).length;
    expect(trims).toBeGreaterThan(0);
    expect(trims).toBeLessThan(sizes.length / 10);
    expect(Math.min(...sizes.slice(sizes.indexOf(Math.max(...sizes))))).toBeLessThanOrEqual(CAP * 0.75 + 400);
  });

  it('a run too large for the cap alone is not recorded, and the earlier runs stay as they were', async () => {
    const stateDir = tempDir();
    const store = new HistoryStore(stateDir, { maxFileBytes: CAP });
    for (let n = 0; n < 10; n++) await store.add(TOOLBOX, run('greet', n));
    const before = readFileSync(historyFile(stateDir));
    await expect(store.add(TOOLBOX, run('greet', 10, CAP + 1))).rejects.toThrow(
      "This run of greet was not kept in the history: its arguments and result take more than the 16 KB a toolbox's history holds. The earlier runs are kept.",
    );
    expect(readFileSync(historyFile(stateDir)).equals(before)).toBe(true);
    // One that fits the cap alone is the newest run: it is kept, and the older ones make way.
    await store.add(TOOLBOX, run('echo', 11, CAP - 1000));
    expect(keptIds(stateDir)).toEqual(['echo-11']);
    expect(statSync(historyFile(stateDir)).size).toBeLessThanOrEqual(CAP);
    await store.add(TOOLBOX, run('greet', 12));
    expect((await store.list(TOOLBOX, 'greet')).map((e) => e.id)).toEqual(['greet-12']);
  });

  it('runs recorded at once all reach the file, and the newest of them are kept', async () => {
    const stateDir = tempDir();
    const store = new HistoryStore(stateDir, { maxFileBytes: CAP });
    await Promise.all(Array.from({ length: 120 }, (_, n) => store.add(TOOLBOX, run(n % 2 ? 'echo' : 'greet', n))));
    const kept = keptIds(stateDir).map((id) => Number(id.split('-')[1])).sort((a, b) => a - b);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 120 - kept.length + i));
    expect(kept.length).toBeLessThan(120);
    expect(statSync(historyFile(stateDir)).size).toBeLessThanOrEqual(CAP);
  });

  it('two writers of one history (the app and the CLI) at once: a run either reaches the file or its writer is told', async () => {
    const stateDir = tempDir();
    // Two stores are two processes: each keeps its own queue, only the file is shared. Before, the last rename won
    // and half the runs vanished without a word; now a write made from a version another wrote over is made again.
    const app = new HistoryStore(stateDir, { maxFileBytes: CAP });
    const cli = new HistoryStore(stateDir, { maxFileBytes: CAP });
    const outcomes = await Promise.allSettled(Array.from({ length: 24 }, (_, n) => (n % 2 ? app : cli).add(TOOLBOX, run(n % 2 ? 'echo' : 'greet', n, 20))));
    const recorded = outcomes.flatMap((o, n) => (o.status === 'fulfilled' ? [n] : []));
    for (const o of outcomes) if (o.status === 'rejected') expect(String(o.reason)).toMatch(/was changed by another program 10 times while this one wrote it: the change was not made\./);
    expect(recorded.length).toBeGreaterThan(12);
    expect(keptIds(stateDir).map((id) => Number(id.split('-')[1])).sort((a, b) => a - b)).toEqual(recorded);
    // The same while trimming: every run told recorded is in the file unless newer ones made it go.
    const more = await Promise.allSettled(Array.from({ length: 40 }, (_, n) => (n % 2 ? app : cli).add(TOOLBOX, run(n % 2 ? 'echo' : 'greet', 24 + n))));
    const told = more.flatMap((o, n) => (o.status === 'fulfilled' ? [24 + n] : []));
    const kept = keptIds(stateDir).map((id) => Number(id.split('-')[1]));
    expect(kept.length).toBeLessThan(recorded.length + told.length);
    expect(told.filter((n) => n >= Math.min(...kept.filter((k) => k >= 24))).every((n) => kept.includes(n))).toBe(true);
    expect(statSync(historyFile(stateDir)).size).toBeLessThanOrEqual(CAP);
  });

  it('a file an earlier version left just past the cap is read, and trimmed on the next run', async () => {
    const stateDir = tempDir();
    const store = new HistoryStore(stateDir, { maxFileBytes: CAP });
    await store.add(TOOLBOX, run('greet', 0));
    const calls = Array.from({ length: 42 }, (_, n) => run('greet', 41 - n));
    writeFileSync(historyFile(stateDir), JSON.stringify({ version: 1, toolbox: TOOLBOX, tools: { greet: calls } }));
    expect(statSync(historyFile(stateDir)).size).toBeGreaterThan(CAP);
    expect(await store.list(TOOLBOX, 'greet')).toHaveLength(42);
    await store.add(TOOLBOX, run('greet', 42));
    expect(statSync(historyFile(stateDir)).size).toBeLessThanOrEqual(CAP);
    const kept = (await store.list(TOOLBOX, 'greet')).map((e) => e.id);
    expect(kept[0]).toBe('greet-42');
    expect(kept.at(-1)).not.toBe('greet-0');
  });

  it('touches nothing but the history file: saved test cases and other state stay byte for byte', async () => {
    const stateDir = tempDir();
    const project = tempDir();
    const toolbox = path.join(project, 'toolbox_info.hocon');
    const cases = path.join(project, 'toolbox_info.tests.json');
    writeFileSync(toolbox, 'greet { class = a.B }\n');
    writeFileSync(cases, '{"version": 1, "cases": []}\n');
    mkdirSync(path.join(stateDir, 'recovery'));
    writeFileSync(path.join(stateDir, 'recent.json'), '[]\n');
    const store = new HistoryStore(stateDir, { maxFileBytes: CAP });
    for (let n = 0; n < 200; n++) await store.add(toolbox, run('greet', n));
    expect(statSync(historyFile(stateDir)).size).toBeLessThanOrEqual(CAP); // it was trimmed
    expect(readFileSync(cases, 'utf8')).toBe('{"version": 1, "cases": []}\n');
    expect(readFileSync(toolbox, 'utf8')).toBe('greet { class = a.B }\n');
    expect(readdirSync(project).sort()).toEqual(['toolbox_info.hocon', 'toolbox_info.tests.json']);
    expect(readdirSync(stateDir).sort()).toEqual(['history', 'recent.json', 'recovery']);
    expect(readdirSync(path.join(stateDir, 'history'))).toHaveLength(1);
  });
});
