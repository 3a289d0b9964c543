import { mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/api/index';
import { toolboxTarget } from '../../shared/run/index';
import { HistoryStore, MAX_HISTORY_FILE_BYTES } from '../history/historyStore';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-history-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (tool: string, id: string): HistoryEntry => ({
  id,
  at: new Date(0).toISOString(),
  request: { target: toolboxTarget(tool), argsJson: '{}' },
  result: { content: 'x', truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null },
});

// history.clear through the dispatcher (the contract checks each request): one tool's runs, or with `tool: null`
// every run of the toolbox — the way out of a history file too large to read (not one this version writes: past its cap
// the oldest runs make way), whose runs are recorded again once it is cleared.
describe('history.clear', () => {
  const toolbox = path.join(dir, 'toolbox_info.hocon');
  const call = apiCaller(browserModeService(dir));
  const list = async (tool: string) => (await call<{ entries: HistoryEntry[] }>('history.list', { path: toolbox, tool })).entries.map((e) => e.id);
  const store = new HistoryStore(path.join(dir, '.state'));

  it("clears one tool's runs, or with tool null every tool's", async () => {
    await store.add(toolbox, run('greet', 'g1'));
    await store.add(toolbox, run('echo', 'e1'));
    await call('history.clear', { path: toolbox, tool: 'greet' });
    expect([await list('greet'), await list('echo')]).toEqual([[], ['e1']]);
    await store.add(toolbox, run('greet', 'g2'));
    await call('history.clear', { path: toolbox, tool: null });
    expect([await list('greet'), await list('echo')]).toEqual([[], []]);
  });

  it('says how to clear a history far past its bound, and clearing all of it lets runs be recorded again', async () => {
    await store.add(toolbox, run('echo', 'e2'));
    const history = path.join(dir, '.state', 'history');
    truncateSync(path.join(history, readdirSync(history)[0]!), MAX_HISTORY_FILE_BYTES * 2); // sparse: no disk used
    await expect(list('echo')).rejects.toThrow(/opens files up to 80 MB\. "Clear all" under History in the Test run pane \(history\.clear with no tool\) starts it afresh/);
    await call('history.clear', { path: toolbox, tool: null });
    expect(await list('echo')).toEqual([]);
    await store.add(toolbox, run('echo', 'e3'));
    expect(await list('echo')).toEqual(['e3']);
  });

  it('refuses an empty tool name, as before', async () => {
    await expect(call('history.clear', { path: toolbox, tool: '' })).rejects.toThrow(/^invalid_request/);
  });
});
