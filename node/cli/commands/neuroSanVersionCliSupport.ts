import { parseVersion, type ProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import { describeProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import type { VersionLookup } from '../../neurosan/projectVersion';
import { ToolRunner } from '../../python';
import { UsageError, type CliIo } from '../command';

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
 * What the chosen Python has installed (importlib.metadata: no neuro-san code runs), for a command that starts that
 * Python anyway (`validate --with-neuro-san`). Undefined when the interpreter cannot be started.
 */
export async function interpreterNeuroSan(values: { python?: string | undefined; pythonpath?: string[] | undefined }, io: CliIo): Promise<VersionLookup['interpreter']> {
  const python = values.python ?? 'python3';
  const runner = new ToolRunner({ env: io.env, cwd: io.cwd, ...(values.python !== undefined ? { python: values.python } : {}), pythonPath: values.pythonpath ?? [] });
  try {
    const info = await runner.info();
    return info.ok ? { version: info.neuroSanVersion ?? null, python } : undefined;
  } finally {
    await runner.dispose();
  }
}

/** The summary line: `neuro-san 0.5.55 (pin: neuro-san==0.5.55 in requirements.txt:3)`. */
export function neuroSanSummaryLine(chosen: ProjectNeuroSan): string {
  return `checked for ${describeProjectNeuroSan(chosen)}`;
}
