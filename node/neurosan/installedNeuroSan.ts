/**
 * The neuro-san each Python environment has, as its warm worker said it (`info`: importlib.metadata, nothing of
 * neuro-san imported) once the app had started that worker anyway — for a run, a class load, "Check all tools" or
 * "Check with neuro-san". A worker is never started just to ask, and no project code runs for it. With it, the
 * version a project runs is the interpreter's (node/neurosan/projectVersion.ts: a project setting still wins).
 */
import type { ResolvedRunSettings } from '../../shared/run/index';
import type { ToolRunner } from '../python/index';
import type { VersionLookup } from './projectVersion';

type Installed = NonNullable<VersionLookup['interpreter']>;

/** What decides which neuro-san distribution Python finds: the interpreter and the PYTHONPATH folders, in order. */
function environmentKey(settings: Pick<ResolvedRunSettings, 'python' | 'pythonPath'>): string {
  return JSON.stringify([settings.python.value, settings.pythonPath.map((p) => p.value)]);
}

export class InstalledNeuroSan {
  private readonly known = new Map<string, Installed>();

  /** Whether any environment has said anything yet (until then nothing needs looking up). */
  get empty(): boolean {
    return this.known.size === 0;
  }

  /** What the environment of these run settings said, when its worker was asked. */
  of(settings: Pick<ResolvedRunSettings, 'python' | 'pythonPath'>): Installed | undefined {
    return this.known.get(environmentKey(settings));
  }

  /**
   * Asks `runner`'s worker — only when one is running — which neuro-san it has; true when that changes what is known
   * for these settings (a first answer, or another version after an install).
   */
  async learn(runner: ToolRunner, settings: Pick<ResolvedRunSettings, 'python' | 'pythonPath'>): Promise<boolean> {
    if (runner.workerPid === undefined) return false;
    const info = await runner.info();
    if (!info.ok) return false;
    const key = environmentKey(settings);
    const said: Installed = { version: info.neuroSanVersion ?? null, python: settings.python.value };
    const before = this.known.get(key);
    if (before?.version === said.version && before.python === said.python) return false;
    this.known.set(key, said);
    return true;
  }
}
