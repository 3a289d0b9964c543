import { parseVersion, type ProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import { describeProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import type { VersionLookup } from '../../neurosan/projectVersion';
import { ToolRunner } from '../../python';
import { installedNeuroSanOf, pythonSearchOf } from '../../python/pythonFiles';
import { UsageError, type CliIo } from '../command';
import type { RunContext } from '../../run/runSettingsOnDisk';
import { runContextOfCli, type RunOptionValues } from './runCliSupport';

/** `--neuro-san-version`, for parseCommandLine. */
export const neuroSanVersionOptions = {
  'neuro-san-version': { type: 'string' },
} as const;

export const neuroSanVersionUsage = [
  '  --neuro-san-version V  check for neuro-san V (e.g. 0.5.55) rather than the version the project runs: by default',
  '                       neuroSanVersion in .toolbox-editor.json, else (with --with-neuro-san) the version the',
  '                       chosen Python has installed, else the pin in requirements*.txt, pyproject.toml or',
  '                       setup.cfg, else the newest release the editor knows',
];

/** The lookup the command line gives: `--neuro-san-version` checked, and the interpreter's when it was asked. */
export function versionLookupOf(values: { 'neuro-san-version'?: string | undefined }, interpreter?: VersionLookup['interpreter']): VersionLookup {
  const given = values['neuro-san-version'];
  if (given !== undefined && !parseVersion(given)) throw new UsageError(`--neuro-san-version takes a version such as 0.5.55, not '${given}'`);
  return { ...(given !== undefined ? { override: given } : {}), ...(interpreter ? { interpreter } : {}) };
}

/**
 * The Pythons `validate --with-neuro-san` starts: for each file, the interpreter of its run settings (the project's
 * `.toolbox-editor.json`, with the command line's --python, --pythonpath, --agent-tool-path and --cwd over it, as `call`,
 * `test` and `check` take them), one worker per distinct setting. Each is asked once which neuro-san it has
 * (importlib.metadata: nothing of neuro-san is imported).
 */
export class NeuroSanPythons {
  private readonly workers = new Map<string, { runner: ToolRunner; context: RunContext; installed?: Promise<VersionLookup['interpreter']> }>();

  constructor(
    private readonly values: RunOptionValues,
    private readonly io: CliIo,
  ) {}

  /** The worker for the toolbox `file` (as given), started with its run settings, and those settings. */
  for(file: string): { runner: ToolRunner; context: RunContext } {
    const context = runContextOfCli(file, this.io, this.values);
    const key = JSON.stringify(context.runner);
    let worker = this.workers.get(key);
    if (!worker) {
      worker = { runner: new ToolRunner(context.runner), context };
      this.workers.set(key, worker);
    }
    return worker;
  }

  /**
   * What the interpreter of `file`'s run settings has installed, read from its search path (a distribution's
   * metadata folder): asking runs no Python the project chose and puts no project folder on a path (issue #32).
   * Undefined when the interpreter's site-packages cannot be read (a project's own interpreter that is no virtualenv).
   */
  installed(file: string): Promise<VersionLookup['interpreter']> {
    const { context } = this.for(file);
    const worker = this.workers.get(JSON.stringify(context.runner))!;
    worker.installed ??= Promise.resolve(installedNeuroSanLookupOf(context));
    return worker.installed;
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.runner.dispose()));
  }
}

/** The summary line: `neuro-san 0.5.55 (pin: neuro-san==0.5.55 in requirements.txt:3)`. */
export function neuroSanSummaryLine(chosen: ProjectNeuroSan): string {
  return `checked for ${describeProjectNeuroSan(chosen)}`;
}

/**
 * The neuro-san the run settings' interpreter has, read from files (no Python the project chose runs): undefined when
 * that cannot be known. `python3` and an interpreter the user named are asked for their site-packages in isolated mode.
 */
export function installedNeuroSanLookupOf(context: RunContext): VersionLookup['interpreter'] {
  const userChose = context.settings.python.from === 'command line' || context.settings.python.from === 'preference';
  const installed = installedNeuroSanOf(pythonSearchOf(context.runner, userChose));
  return installed.known ? { version: installed.version, python: context.settings.python.value } : undefined;
}
