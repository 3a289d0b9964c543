/**
 * What every command that runs tools shares (`call`, `test`, `check`, `scaffold`): the project's run settings
 * (`.toolbox-editor.json` beside the toolbox or at its project's root; docs/testing.md, "Run settings"), which the command line
 * may override, and the toolbox loaded as the app loads it for a run. The same rules as the app, so that a case that
 * passes there passes here, from whatever folder the command runs in.
 */
import path from 'node:path';
import { fileTypeProblem, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import { runnableSpecs, type ToolSpecs } from '../../toolbox';
import { loadFileFromDisk, toolboxOf, type LoadedFile } from '../../workspace/toolboxOnDisk';
import { runContextFor, type RunContext } from '../../run/runSettingsOnDisk';
import { isRunTimeout, TIMEOUT_RULE } from '../../../shared/run/index';
import { UsageError, type CliIo } from '../command';
import { ToolRunner } from '../../python';
import type { VersionLookup } from '../../neurosan/projectVersion';
import type { ProjectNeuroSan } from '../../../shared/neurosan/versions/index';

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

/** A toolbox read for a run from the command line: its run settings (read once) and the toolbox read under them. */
export interface CliRunRead {
  /** The file as given. */
  file: string;
  context: RunContext;
  loaded: LoadedFile;
  specs: ToolSpecs;
}

/**
 * The toolbox `file` read as the app reads it for a run: neuro-san's reading, from the folder neuro-san is taken to
 * run in — the run settings' working directory (`--cwd`, else the project's settings file's, else the project's root,
 * else the file's folder: never the folder the command happens to run in), where its tools run too.
 */
export function readForRun(file: string, io: CliIo, values: RunOptionValues, options: { timeoutSeconds?: number; versionLookup?: VersionLookup } = {}): CliRunRead {
  // Not a toolbox at all (a .yaml): say so, rather than what reading it as HOCON would.
  const typeProblem = fileTypeProblem(path.resolve(io.cwd, file));
  if (typeProblem) throw new Error(typeProblem);
  const context = runContextOfCli(file, io, values, options.timeoutSeconds);
  return { file, context, ...loadUnder(file, io, values, context, options.versionLookup) };
}

function loadUnder(file: string, io: CliIo, values: RunOptionValues, context: RunContext, versionLookup?: VersionLookup): { loaded: LoadedFile; specs: ToolSpecs } {
  const workingDirectory = context.settings.workingDirectory.value;
  const loaded = loadFileFromDisk(path.resolve(io.cwd, file), {
    cwd: workingDirectory,
    env: io.env,
    noDefault: values['no-default'] ?? false,
    reading: 'neuro-san',
    baseDir: workingDirectory,
    neuroSanCwd: workingDirectory,
    // The run settings say where the tools run, and neuro-san with them.
    workingDirectoryChosen: true,
    ...(versionLookup ? { versionLookup } : {}),
  });
  return { loaded, specs: runnableSpecs(toolboxOf(loaded)) };
}

/**
 * The lookup to read a toolbox again with, for the neuro-san the run's Python has installed (its metadata, read in the
 * worker the run starts anyway; nothing of neuro-san is imported), when that is not the version it was read for, as
 * the app does once a run has started its Python — unless the project or the command line sets the version (then, or
 * when Python cannot say: undefined, the reading stands). Its default toolbox is that version's, so a case passes or
 * fails here as in the app. `call`, `check`, `test` and `mcp` read their toolbox again with it.
 */
export async function installedNeuroSanLookup(chosen: ProjectNeuroSan, runner: ToolRunner, python: string): Promise<VersionLookup | undefined> {
  if (chosen.from === 'project setting' || chosen.from === 'command line') return undefined;
  const info = await runner.info();
  if (!info.ok || !info.neuroSanVersion || info.neuroSanVersion === chosen.version) return undefined;
  return { interpreter: { version: info.neuroSanVersion, python } };
}

/** What a command that runs tools gets: the toolbox read for the run's Python, and its worker. */
export interface CliRun extends CliRunRead {
  runner: ToolRunner;
}

/**
 * The one prologue of the commands that run tools (`call`, `check`, `test`): the run settings read once, the toolbox
 * read under them, the settings' problems on stderr (unless `quiet`: a JSON report on stdout), then — unless the
 * toolbox cannot be read whole (`unread` answers for that) — a worker with those settings, the toolbox read again for
 * the neuro-san it has installed, `body`, and the worker ended whatever happens.
 */
export async function withToolRun<T>(
  file: string,
  io: CliIo,
  values: RunOptionValues,
  options: { timeoutSeconds?: number; agentNetwork?: string; quiet?: boolean; unread(diagnostics: ToolboxDiagnostic[], read: CliRunRead): T },
  body: (run: CliRun) => Promise<T>,
): Promise<T> {
  const read = readForRun(file, io, values, options.timeoutSeconds !== undefined ? { timeoutSeconds: options.timeoutSeconds } : {});
  if (!options.quiet) reportSettingsProblems(read.context, io);
  const unread = toolboxOf(read.loaded).diagnostics.filter((d) => d.severity === 'error' && d.rule === 'hocon');
  if (unread.length > 0) return options.unread(unread, read);
  const runner = new ToolRunner({ ...read.context.runner, ...(options.agentNetwork !== undefined ? { agentNetwork: options.agentNetwork } : {}) });
  try {
    const installed = await installedNeuroSanLookup(read.loaded.neuroSan, runner, read.context.settings.python.value);
    return await body({ ...read, ...(installed ? loadUnder(file, io, values, read.context, installed) : {}), runner });
  } finally {
    await runner.dispose();
  }
}

/** The run settings' problems and unset variables, on stderr: a run goes on with the rest. */
export function reportSettingsProblems(context: RunContext, io: CliIo): void {
  const { file, env, notRead } = context.settings;
  for (const problem of file.problems) io.stderr(`toolbox-editor: ${file.path}: ${problem}\n`);
  for (const problem of notRead ?? []) io.stderr(`toolbox-editor: ${problem}\n`);
  for (const variable of env) if (!variable.set) io.stderr(`toolbox-editor: ${variable.name} (from ${variable.from}, as ${file.path} says) is not set\n`);
}
