import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toolboxTarget } from '../../shared/run/index';
import { HistoryStore, MAX_HISTORY_FILE_BYTES } from '../history/historyStore';
import { UrlIncludeStore } from '../project/urlIncludes';
import { RecoveryStore } from './recovery';
import { RecentFiles } from './userState';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const stateDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-state-bounds-'));
  dirs.push(dir);
  return dir;
};
const fifo = (file: string) => execFileSync('mkfifo', [file]);

describe.skipIf(process.platform === 'win32')('state files are read as every file is: bounded, regular files only', () => {
  it('a FIFO planted as recent.json, a recovery snapshot or url-includes.json does not hang the editor', async () => {
    const dir = stateDir();
    fifo(path.join(dir, 'recent.json'));
    expect(await new RecentFiles(dir).list()).toEqual([]);
    const recovery = new RecoveryStore(dir);
    await recovery.save('/a.hocon', 'unsaved');
    const [snapshot] = readdirSync(path.join(dir, 'recovery'));
    rmSync(path.join(dir, 'recovery', snapshot!));
    fifo(path.join(dir, 'recovery', snapshot!));
    expect(await recovery.get('/a.hocon')).toEqual({ text: null, savedAt: null });
    fifo(path.join(dir, 'url-includes.json'));
    expect(new UrlIncludeStore(dir).isAllowed(dir)).toBe(false);
  });

  it('a history file far past its cap (not one this version writes) is not read, and not written over: listing says why', async () => {
    const dir = stateDir();
    const history = new HistoryStore(dir);
    const entry = { id: '1', at: new Date(0).toISOString(), request: { target: toolboxTarget('echo'), argsJson: '{}' }, result: { content: 'x', truncated: false, isError: false, contentType: 'text' as const, durationMs: 1, slyData: null } };
    await history.add('/tb.hocon', entry);
    const [file] = readdirSync(path.join(dir, 'history'));
    const historyFile = path.join(dir, 'history', file!);
    // Runs past the cap drop the oldest (historyTrim.test.ts); a file a quarter past it is still read and trimmed.
    truncateSync(historyFile, MAX_HISTORY_FILE_BYTES * 2); // sparse: no disk used
    await expect(history.list('/tb.hocon', 'echo')).rejects.toThrow('is 128 MB; Toolbox Editor opens files up to 80 MB.');
    await expect(history.add('/tb.hocon', { ...entry, id: '2' })).rejects.toThrow('is 128 MB; Toolbox Editor opens files up to 80 MB.');
    expect(statSync(historyFile).size).toBe(MAX_HISTORY_FILE_BYTES * 2);
    // It says what to do; clearing one tool needs the others read, clearing all does not, and recording resumes.
    await expect(history.list('/tb.hocon', 'echo')).rejects.toThrow(/"Clear all" under History in the Test run pane \(history.clear with no tool\) starts it afresh, and runs are recorded again\./);
    await expect(history.clear('/tb.hocon', 'echo')).rejects.toThrow('is 128 MB');
    await history.clearAll('/tb.hocon');
    expect(await history.list('/tb.hocon', 'echo')).toEqual([]);
    await history.add('/tb.hocon', { ...entry, id: '3' });
    expect((await history.list('/tb.hocon', 'echo')).map((e) => e.id)).toEqual(['3']);
    expect(statSync(historyFile).size).toBeLessThan(1024);
    // A FIFO in its place does not hang a listing either, and is cleared as well.
    rmSync(historyFile);
    fifo(historyFile);
    await expect(history.list('/tb.hocon', 'echo')).rejects.toThrow('is not a regular file');
    await history.clearAll('/tb.hocon');
    expect(await history.list('/tb.hocon', 'echo')).toEqual([]);
  });

  it('a damaged history file starts afresh, as before', async () => {
    const dir = stateDir();
    const history = new HistoryStore(dir);
    mkdirSync(path.join(dir, 'history'));
    await history.add('/tb.hocon', { id: '1', at: new Date(0).toISOString(), request: { target: toolboxTarget('echo'), argsJson: '{}' }, result: { content: 'x', truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null } });
    const [file] = readdirSync(path.join(dir, 'history'));
    writeFileSync(path.join(dir, 'history', file!), '{ damaged');
    expect(await history.list('/tb.hocon', 'echo')).toEqual([]);
  });
});
