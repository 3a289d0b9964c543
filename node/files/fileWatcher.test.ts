import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileWatcher, type FileChange } from './fileWatcher';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-watch-'));
let watcher: FileWatcher | undefined;
afterEach(() => watcher?.dispose());

describe('FileWatcher', () => {
  it("reports another program's change, even one made before watching began, but not our own saves", async () => {
    const file = path.join(dir, 'a.hocon');
    writeFileSync(file, 'a = 1\n');
    const readAt = statSync(file).mtimeMs;
    // Changed by someone else between our read and the watch.
    writeFileSync(file, 'a = 2\n');
    utimesSync(file, new Date(), new Date(readAt + 5000));
    const changes: FileChange[] = [];
    // No timer poll within the test: it polls on demand, so it knows when a poll has been judged.
    watcher = new FileWatcher((change) => changes.push(change), 3_600_000);
    watcher.watch(file, readAt);
    await watcher.pollNow(file);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ path: file, deleted: false });

    // Our own save, as the API makes it: announced, written, acknowledged, ended. A poll meanwhile, and a stat that
    // was already running and saw the file halfway through (judged after the write ended), are not changes.
    for (const [text, at] of [['a = 3\n', 10_000], ['a = 4\n', 15_000]] as const) {
      watcher.writingStarts(file);
      writeFileSync(file, text);
      await watcher.pollNow(file);
      const halfway = watcher.pollNow(file);
      utimesSync(file, new Date(), new Date(readAt + at));
      watcher.acknowledge(file, statSync(file).mtimeMs);
      watcher.writingEnds(file);
      await halfway;
      await watcher.pollNow(file);
      expect(changes).toHaveLength(1);
    }

    rmSync(file);
    await watcher.pollNow(file);
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ path: file, deleted: true, mtimeMs: 0 });
  });
});
