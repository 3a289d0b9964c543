/**
 * One ToolRunner (hence one warm worker) per toolbox and interpreter. The app asks the pool for the runner of the
 * toolbox being tested. Workers are not kept for ever: a runner unused for `idleMs` is ended, and asking for more than
 * `maxRunners` ends the least recently used idle one (each worker holds a Python process of 20 MB or more; 30
 * toolboxes opened one after another kept 30 of them).
 */
import { ToolRunner, type ToolRunnerOptions } from './toolRunner';
import { DEFAULT_INTERPRETER } from './workerOptions';

interface Entry {
  settings: string;
  runner: ToolRunner;
  lastUsed: number;
}

export interface WorkerPoolLimits {
  /** A runner not asked for during this long is ended (10 minutes). */
  idleMs: number;
  /** At most this many runners are kept (4); the least recently used idle one makes room. */
  maxRunners: number;
}

export const DEFAULT_POOL_LIMITS: WorkerPoolLimits = { idleMs: 10 * 60_000, maxRunners: 4 };

export class WorkerPool {
  private readonly entries = new Map<string, Entry>();
  private readonly limits: WorkerPoolLimits;
  private sweeper: NodeJS.Timeout | undefined;

  /** Options every runner starts from (e.g. the app's environment); per-toolbox options override them. */
  constructor(
    private readonly defaults: ToolRunnerOptions = {},
    limits: Partial<WorkerPoolLimits> = {},
  ) {
    this.limits = { ...DEFAULT_POOL_LIMITS, ...limits };
  }

  /**
   * The runner for a toolbox (any stable key, e.g. its file path) and interpreter. Asking again with other settings
   * (PYTHONPATH, AGENT_TOOL_PATH, ...) replaces the runner, so the next call runs with them.
   */
  runner(toolboxKey: string, options: ToolRunnerOptions = {}): ToolRunner {
    const merged: ToolRunnerOptions = { ...this.defaults, ...options };
    const key = `${toolboxKey}\u0000${merged.python ?? DEFAULT_INTERPRETER}`;
    const settings = JSON.stringify({ ...merged, env: undefined });
    const existing = this.entries.get(key);
    if (existing && existing.settings === settings) {
      existing.lastUsed = Date.now();
      return existing.runner;
    }
    if (existing) {
      this.entries.delete(key);
      void existing.runner.dispose();
    }
    this.makeRoom();
    const runner = new ToolRunner(merged);
    this.entries.set(key, { settings, runner, lastUsed: Date.now() });
    this.scheduleSweep();
    return runner;
  }

  /** Ends the least recently used idle runners until there is room for one more. */
  private makeRoom(): void {
    const idle = [...this.entries].filter(([, e]) => !e.runner.busy).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    while (this.entries.size >= this.limits.maxRunners && idle.length > 0) {
      const [key, entry] = idle.shift()!;
      this.entries.delete(key);
      void entry.runner.dispose();
    }
  }

  /** Ends runners idle for longer than idleMs; looks again while any remain. */
  private scheduleSweep(): void {
    if (this.sweeper || this.entries.size === 0) return;
    this.sweeper = setTimeout(() => {
      this.sweeper = undefined;
      const now = Date.now();
      for (const [key, entry] of this.entries) {
        if (entry.runner.busy || now - entry.lastUsed < this.limits.idleMs) continue;
        this.entries.delete(key);
        void entry.runner.dispose();
      }
      this.scheduleSweep();
    }, Math.max(10, Math.min(this.limits.idleMs, 60_000)));
    // An idle pool must not keep the process alive.
    this.sweeper.unref();
  }

  /** Ends the workers of one toolbox (all its interpreters). */
  async release(toolboxKey: string): Promise<void> {
    const prefix = `${toolboxKey}\u0000`;
    const ending: Promise<void>[] = [];
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      ending.push(entry.runner.dispose());
    }
    await Promise.all(ending);
  }

  /** Ends every worker (app quit). */
  async dispose(): Promise<void> {
    clearTimeout(this.sweeper);
    this.sweeper = undefined;
    const runners = [...this.entries.values()].map((e) => e.runner);
    this.entries.clear();
    await Promise.all(runners.map((r) => r.dispose()));
  }

  get size(): number {
    return this.entries.size;
  }
}
