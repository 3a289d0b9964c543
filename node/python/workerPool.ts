/**
 * One ToolRunner (hence one warm worker) per open toolbox and interpreter. The app asks the pool for the runner of
 * the toolbox being tested; closing the toolbox releases it.
 */
import { ToolRunner, type ToolRunnerOptions } from './toolRunner';
import { DEFAULT_INTERPRETER } from './workerOptions';

interface Entry {
  settings: string;
  runner: ToolRunner;
}

export class WorkerPool {
  private readonly entries = new Map<string, Entry>();

  /** Options every runner starts from (e.g. the app's environment); per-toolbox options override them. */
  constructor(private readonly defaults: ToolRunnerOptions = {}) {}

  /**
   * The runner for a toolbox (any stable key, e.g. its file path) and interpreter. Asking again with other settings
   * (PYTHONPATH, AGENT_TOOL_PATH, ...) replaces the runner, so the next call runs with them.
   */
  runner(toolboxKey: string, options: ToolRunnerOptions = {}): ToolRunner {
    const merged: ToolRunnerOptions = { ...this.defaults, ...options };
    const key = `${toolboxKey}\u0000${merged.python ?? DEFAULT_INTERPRETER}`;
    const settings = JSON.stringify({ ...merged, env: undefined });
    const existing = this.entries.get(key);
    if (existing && existing.settings === settings) return existing.runner;
    if (existing) void existing.runner.dispose();
    const runner = new ToolRunner(merged);
    this.entries.set(key, { settings, runner });
    return runner;
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
    const runners = [...this.entries.values()].map((e) => e.runner);
    this.entries.clear();
    await Promise.all(runners.map((r) => r.dispose()));
  }

  get size(): number {
    return this.entries.size;
  }
}
