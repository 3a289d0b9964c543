/**
 * What every command that runs tools shares (`call`, `test`, `check`, `scaffold`): the project's run settings
 * (`.toolbox-editor.json` beside the toolbox or at its project's root; README "Run settings"), which the command line
 * may override, and the toolbox loaded as the app loads it for a run. The same rules as the app, so that a case that
 * passes there passes here, from whatever folder the command runs in.
 */
import path from 'node:path';
import { fileTypeProblem } from '../../../shared/toolbox/index';
import { runnableSpecs, type ToolSpecs } from '../../toolbox';
import { loadFileFromDisk, toolboxOf, type LoadedFile } from '../../workspace/toolboxOnDisk';
import { runContextFor, type RunContext } from '../../run/runSettingsOnDisk';
import { isRunTimeout, TIMEOUT_RULE } from '../../../shared/run/index';
import { UsageError, type CliIo } from '../command';
import type { ToolRunner } from '../../python';
import type { VersionLookup } from '../../neurosan/projectVersion';

export const RUN_OPTION_SPECS = {
  python: { type: 'string' },
  pythonpath: { type: 'string', multiple: true },
  'agent-tool-path': { type: 'string' },
  cwd: { type: 'string' },
  'no-default': { type: 'boolean' },
} as const;

export const RUN_OPTION_HELP = [
  "  --python PATH           interpreter or virtualenv folder (default: the project's run settings, else python3)",
  "  --pythonpath DIR        put DIR in front of the project's PYTHONPATH (repeatable)",
  "  --agent-tool-path PATH  AGENT_TOOL_PATH for coded tools (default: the project's, else inherited)",
  "  --cwd DIR               the folder tools run in (default: the project's, else its root, else FILE's folder)",
  "  --no-default            read FILE alone, without neuro-san's default toolbox under it",
];

export interface RunOptionValues {
  python?: string;
  pythonpath?: string[];
  'agent-tool-path'?: string;
  cwd?: string;
  'no-default'?: boolean;
}

/** A run's time limit given as `option` (the one rule of TIMEOUT_SECONDS). */
export function secondsOption(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!isRunTimeout(seconds)) throw new UsageError(`${option} must be ${TIMEOUT_RULE}`);
  return seconds;
}

/** The run settings of the toolbox `file` (as given), with the command line's options over the project's. */
export function runContextOfCli(file: string, io: CliIo, values: RunOptionValues, timeoutSeconds?: number): RunContext {
  const resolve = (p: string) => path.resolve(io.cwd, p);
  return runContextFor(resolve(file), io.env, {
    commandLine: {
      ...(values.python !== undefined ? { python: /[\\/]/.test(values.python) ? resolve(values.python) : values.python } : {}),
      ...(values.pythonpath ? { pythonPath: values.pythonpath.map(resolve) } : {}),
      ...(values['agent-tool-path'] !== undefined ? { agentToolPath: /[\\/]/.test(values['agent-tool-path']) ? resolve(values['agent-tool-path']) : values['agent-tool-path'] } : {}),
      ...(values.cwd !== undefined ? { workingDirectory: resolve(values.cwd) } : {}),
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    },
  });
}

/**
 * The toolbox `file` read as the app reads it for a run: neuro-san's reading, from the folder neuro-san is taken to
 * run in — the run settings' working directory (`--cwd`, else the project's settings file's, else the project's root,
 * else the file's folder: never the folder the command happens to run in), where its tools run too.
 */
export function loadForRun(file: string, io: CliIo, values: RunOptionValues, versionLookup?: VersionLookup): { loaded: LoadedFile; specs: ToolSpecs } {
  const absolute = path.resolve(io.cwd, file);
  // Not a toolbox at all (a .yaml): say so, rather than what reading it as HOCON would.
  const typeProblem = fileTypeProblem(absolute);
  if (typeProblem) throw new Error(typeProblem);
  const workingDirectory = runContextOfCli(file, io, values).settings.workingDirectory.value;
  const loaded = loadFileFromDisk(absolute, {
    cwd: workingDirectory,
    env: io.env,
    noDefault: values['no-default'] ?? false,
    reading: 'neuro-san',
    baseDir: workingDirectory,
    neuroSanCwd: workingDirectory,
    ...(versionLookup ? { versionLookup } : {}),
  });
  return { loaded, specs: runnableSpecs(toolboxOf(loaded)) };
}

/**
 * The toolbox as the run's Python sees it: read again for the neuro-san that Python has installed (its metadata, read
 * in the worker the run starts anyway; nothing of neuro-san is imported) when that is not the version it was read for,
 * as the app does once a run has started its Python — unless the project or the command line sets the version. The
 * default toolbox it is layered over is that version's, so a case passes or fails here as in the app.
 */
export async function forInstalledNeuroSan(
  file: string,
  io: CliIo,
  values: RunOptionValues,
  read: { loaded: LoadedFile; specs: ToolSpecs },
  runner: ToolRunner,
  python: string,
): Promise<{ loaded: LoadedFile; specs: ToolSpecs }> {
  const chosen = read.loaded.neuroSan;
  if (chosen.from === 'project setting' || chosen.from === 'command line') return read;
  const info = await runner.info();
  if (!info.ok || !info.neuroSanVersion || info.neuroSanVersion === chosen.version) return read;
  return loadForRun(file, io, values, { interpreter: { version: info.neuroSanVersion, python } });
}

/** The run settings' problems and unset variables, on stderr: a run goes on with the rest. */
export function reportSettingsProblems(context: RunContext, io: CliIo): void {
  const { file, env } = context.settings;
  for (const problem of file.problems) io.stderr(`toolbox-editor: ${file.path}: ${problem}\n`);
  for (const variable of env) if (!variable.set) io.stderr(`toolbox-editor: ${variable.name} (from ${variable.from}, as ${file.path} says) is not set\n`);
}
