import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/api/testRunApi';
import { HistoryStore, MAX_CONTENT_CHARS, MAX_ENTRIES_PER_TOOL } from './historyStore';

const dirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-history-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const entry = (tool: string, n: number, content = `result ${n}`): HistoryEntry => ({
  id: `id-${tool}-${n}`,
  at: new Date(2025, 0, 1, 0, 0, n).toISOString(),
  request: { target: { kind: 'toolbox', tool }, argsJson: JSON.stringify({ n }) },
  result: { content, truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null },
});

describe('HistoryStore', () => {
  it('keeps each tool\'s calls newest first, per toolbox, across a new store on the same folder (a restart)', async () => {
    const dir = stateDir();
    const first = new HistoryStore(dir);
    await first.add('/a/toolbox.hocon', entry('greet', 1));
    await first.add('/a/toolbox.hocon', entry('greet', 2));
    await first.add('/a/toolbox.hocon', entry('echo', 3));
    await first.add('/b/toolbox.hocon', entry('greet', 4));

    const restarted = new HistoryStore(dir);
    expect((await restarted.list('/a/toolbox.hocon', 'greet')).map((e) => e.request.argsJson)).toEqual(['{"n":2}', '{"n":1}']);
    expect((await restarted.list('/a/toolbox.hocon', 'echo')).map((e) => e.id)).toEqual(['id-echo-3']);
    expect((await restarted.list('/b/toolbox.hocon', 'greet')).map((e) => e.id)).toEqual(['id-greet-4']);
    expect(await restarted.list('/a/toolbox.hocon', 'never_run')).toEqual([]);
  });

  it('loses no entry when runs finish at the same moment', async () => {
    const store = new HistoryStore(stateDir());
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.add('/t.hocon', entry('greet', i))));
    expect(await store.list('/t.hocon', 'greet')).toHaveLength(10);
  });

  it(`drops the oldest beyond ${MAX_ENTRIES_PER_TOOL} calls and cuts long content, saying so`, async () => {
    const store = new HistoryStore(stateDir());
    for (let i = 0; i < MAX_ENTRIES_PER_TOOL + 3; i++) await store.add('/t.hocon', entry('greet', i));
    const kept = await store.list('/t.hocon', 'greet');
    expect(kept).toHaveLength(MAX_ENTRIES_PER_TOOL);
    expect(kept[0]!.request.argsJson).toBe(JSON.stringify({ n: MAX_ENTRIES_PER_TOOL + 2 }));
    expect(kept.at(-1)!.request.argsJson).toBe('{"n":3}');

    const long = await store.add('/t.hocon', entry('big', 1, 'x'.repeat(MAX_CONTENT_CHARS + 10)));
    expect(long.result).toMatchObject({ truncated: true });
    expect((await store.list('/t.hocon', 'big'))[0]!.result.content).toHaveLength(MAX_CONTENT_CHARS);
  });

  it('clears one tool and starts afresh over a damaged file', async () => {
    const dir = stateDir();
    const store = new HistoryStore(dir);
    await store.add('/t.hocon', entry('greet', 1));
    await store.add('/t.hocon', entry('echo', 2));
    await store.clear('/t.hocon', 'greet');
    expect(await store.list('/t.hocon', 'greet')).toEqual([]);
    expect(await store.list('/t.hocon', 'echo')).toHaveLength(1);

    const [file] = readdirSync(path.join(dir, 'history'));
    writeFileSync(path.join(dir, 'history', file!), '{ not json');
    expect(await store.list('/t.hocon', 'echo')).toEqual([]);
    await store.add('/t.hocon', entry('echo', 3));
    expect((await store.list('/t.hocon', 'echo')).map((e) => e.id)).toEqual(['id-echo-3']);
  });

  it("moves a tool's runs to its new name, merged newest first with the runs the new name had", async () => {
    const store = new HistoryStore(stateDir());
    await store.add('/t.hocon', entry('old', 1));
    await store.add('/t.hocon', entry('new', 2));
    await store.add('/t.hocon', entry('old', 3));
    await store.rename('/t.hocon', 'old', 'new');
    expect(await store.list('/t.hocon', 'old')).toEqual([]);
    const moved = await store.list('/t.hocon', 'new');
    expect(moved.map((e) => e.id)).toEqual(['id-old-3', 'id-new-2', 'id-old-1']);
    expect(moved.map((e) => e.request.target.tool)).toEqual(['new', 'new', 'new']);
  });

  it('reads the runs earlier versions kept (the request field by field) as requests', async () => {
    const dir = stateDir();
    const store = new HistoryStore(dir);
    await store.add('/t.hocon', entry('greet', 1));
    const [file] = readdirSync(path.join(dir, 'history'));
    const result = { content: 'r', truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null };
    const earlier = [
      { id: 'a', at: '2024-01-01T00:00:00.000Z', tool: 'greet', args: { n: 1 }, argsJson: '{"n": 1.0}', slyData: { u: 1 }, toolkitTool: 'm', timeoutSeconds: 5, sendInvalidArgs: true, result },
      { id: 'b', at: '2024-01-01T00:00:00.000Z', tool: 'greet', args: { n: 2 }, slyData: null, result },
    ];
    writeFileSync(path.join(dir, 'history', file!), JSON.stringify({ version: 1, toolbox: '/t.hocon', tools: { greet: earlier } }));
    expect((await store.list('/t.hocon', 'greet')).map((e) => e.request)).toEqual([
      { target: { kind: 'toolbox', tool: 'greet', toolkitTool: 'm' }, argsJson: '{"n": 1.0}', slyData: { u: 1 }, timeoutSeconds: 5, sendInvalidArgs: true },
      { target: { kind: 'toolbox', tool: 'greet' }, argsJson: '{"n":2}' },
    ]);
  });

  it('keeps the calls of tools named like Object members, and lists only lists', async () => {
    const dir = stateDir();
    const store = new HistoryStore(dir);
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
    for (const [i, name] of names.entries()) await store.add('/a/toolbox.hocon', entry(name, i));
    const restarted = new HistoryStore(dir);
    for (const [i, name] of names.entries()) expect((await restarted.list('/a/toolbox.hocon', name)).map((e) => e.id)).toEqual([`id-${name}-${i}`]);
    expect(await restarted.list('/a/toolbox.hocon', 'isPrototypeOf')).toEqual([]);
    await restarted.clear('/a/toolbox.hocon', '__proto__');
    expect(await restarted.list('/a/toolbox.hocon', '__proto__')).toEqual([]);
    expect(await restarted.list('/a/toolbox.hocon', 'constructor')).toHaveLength(1);
  });
});
