import { stat, type Stats } from 'node:fs';

export interface FileChange {
  path: string;
  mtimeMs: number;
  deleted: boolean;
}

/**
 * Notices when an open file is changed by another program. Polls (stat on a timer) because editors and git replace
 * files by rename, which fs.watch loses track of; and each poll compares with the version the editor holds, not
 * with the previous poll (as fs.watchFile does), so a change made just before watching began is noticed too. Our
 * own saves are not reported: callers tell the watcher the mtime they wrote (`acknowledge`), and only a different
 * one counts as a change.
 */
export class FileWatcher {
  private readonly known = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();
  /** Files we are writing: a poll between the write and its `acknowledge` must not report our own save. */
  private readonly writing = new Set<string>();
  /**
   * Bumped when a write of ours starts or ends: a poll started before that may have seen the file halfway through
   * our write (stat runs on another thread), so its answer is dropped.
   */
  private generation = 0;

  constructor(
    private readonly onChange: (change: FileChange) => void,
    private readonly intervalMs = 500,
  ) {}

  watch(path: string, mtimeMs: number): void {
    this.known.set(path, mtimeMs);
    clearInterval(this.timers.get(path));
    const timer = setInterval(() => this.poll(path), this.intervalMs);
    // Watching never keeps the process alive.
    timer.unref();
    this.timers.set(path, timer);
    // A change made between the read and this call is reported at once.
    this.poll(path);
  }

  /** Polls `path` once, now; resolves when that poll has been judged (a change, if any, is reported by then). */
  pollNow(path: string): Promise<void> {
    return new Promise((resolve) => this.poll(path, resolve));
  }

  /** We are about to write `path`: until `writingEnds`, what polls see is ours. */
  writingStarts(path: string): void {
    this.writing.add(path);
    this.generation++;
  }

  /** Records a version we wrote ourselves, so it is not reported as someone else's change. */
  acknowledge(path: string, mtimeMs: number): void {
    if (this.known.has(path)) this.known.set(path, mtimeMs);
  }

  /** The write announced by `writingStarts` is over (acknowledged, or failed): watch as before. */
  writingEnds(path: string): void {
    this.writing.delete(path);
    this.generation++;
  }

  unwatch(path: string): void {
    this.known.delete(path);
    clearInterval(this.timers.get(path));
    this.timers.delete(path);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    this.known.clear();
  }

  private poll(path: string, done?: () => void): void {
    const generation = this.generation;
    stat(path, (error, current) => {
      if (generation === this.generation) this.check(path, error ? undefined : current);
      done?.();
    });
  }

  /** `current` undefined: the file cannot be read (gone). */
  private check(path: string, current: Stats | undefined): void {
    const known = this.known.get(path);
    if (known === undefined || this.writing.has(path)) return;
    const deleted = current === undefined;
    const mtimeMs = deleted ? 0 : current.mtimeMs;
    if (mtimeMs === known) return;
    this.known.set(path, mtimeMs);
    this.onChange({ path, mtimeMs, deleted });
  }
}
