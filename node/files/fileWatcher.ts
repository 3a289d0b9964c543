import { stat, unwatchFile, watchFile, type Stats } from 'node:fs';

export interface FileChange {
  path: string;
  mtimeMs: number;
  deleted: boolean;
}

/**
 * Notices when an open file is changed by another program. Polls with fs.watchFile because editors and git replace
 * files by rename, which fs.watch loses track of. Our own saves are not reported: callers tell the watcher the
 * mtime they wrote (`acknowledge`), and only a different one counts as a change.
 */
export class FileWatcher {
  private readonly known = new Map<string, number>();

  constructor(
    private readonly onChange: (change: FileChange) => void,
    private readonly intervalMs = 500,
  ) {}

  watch(path: string, mtimeMs: number): void {
    this.known.set(path, mtimeMs);
    unwatchFile(path);
    watchFile(path, { interval: this.intervalMs, persistent: false }, (current: Stats) => this.check(path, current));
    // A change made between the read and this call would otherwise go unnoticed until the next one.
    stat(path, (error, current) => {
      if (!error) this.check(path, current);
    });
  }

  /** Records a version we wrote ourselves, so it is not reported as someone else's change. */
  acknowledge(path: string, mtimeMs: number): void {
    if (this.known.has(path)) this.known.set(path, mtimeMs);
  }

  unwatch(path: string): void {
    this.known.delete(path);
    unwatchFile(path);
  }

  dispose(): void {
    for (const path of this.known.keys()) unwatchFile(path);
    this.known.clear();
  }

  private check(path: string, current: Stats): void {
    const known = this.known.get(path);
    if (known === undefined) return;
    const deleted = current.nlink === 0 && current.mtimeMs === 0;
    const mtimeMs = deleted ? 0 : current.mtimeMs;
    if (mtimeMs === known) return;
    this.known.set(path, mtimeMs);
    this.onChange({ path, mtimeMs, deleted });
  }
}
