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
    watcher = new FileWatcher((change) => changes.push(change), 50);
    watcher.watch(file, readAt);
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]).toMatchObject({ path: file, deleted: false });

    // Our own save, as the API makes it: announced, written, acknowledged, ended. Polls meanwhile (and any stat that
    // was already running and saw the file halfway through) are not changes.
    for (const [text, at] of [['a = 3\n', 10_000], ['a = 4\n', 15_000]] as const) {
      watcher.writingStarts(file);
      writeFileSync(file, text);
      await new Promise((resolve) => setTimeout(resolve, 120));
      utimesSync(file, new Date(), new Date(readAt + at));
      watcher.acknowledge(file, statSync(file).mtimeMs);
      watcher.writingEnds(file);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(changes).toHaveLength(1);
    }

    rmSync(file);
    await expect.poll(() => changes.length).toBe(2);
    expect(changes[1]).toMatchObject({ path: file, deleted: true, mtimeMs: 0 });
  });
});
