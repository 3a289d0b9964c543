import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProjectReader } from '../../shared/project/projectReader';
import { loadFileFromDisk, type DiskReader } from '../workspace/toolboxOnDisk';
import { DocumentAnalysis } from '../api/documentAnalysis';
import { runContextFor } from '../run/runSettingsOnDisk';
import { PreferencesStore } from '../state/preferences';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { problemsOnEachSurface } from '../testSupport/surfaceParity';
import { projectReaderOnDisk } from './projectOnDisk';

/**
 * Issue #34: `validate FILE` (loadFileFromDisk, the app's reading of an open file) and `validate DIR`
 * (projectReaderOnDisk, the project view, the language server) each assembled the project's environment, by two
 * functions: with AGENT_TOOLBOX_INFO_FILE set in the process, the first filled in none of the project's other settings,
 * so a `${AGENT_TOOL_PATH}` its `.env` sets was unset for validate FILE and set for validate DIR (and for a tool run's
 * worker, which gets every setting). One owner (projectFactsOnDisk.ts) now gives both the same environment.
 */
const PROJECT = {
  'registries/manifest.hocon': '{ "parts.hocon": true }\n',
  // What a network may take from the environment its neuro-san runs with: the folder its coded tools lie in.
  'registries/parts.hocon':
    'tools = [\n  {\n    name = "front"\n    instructions = "Answer."\n    function { description = "Answers." }\n    tools = ["lookup"]\n  }\n  {\n    name = "lookup"\n    toolbox = "lookup"\n    args { folder = ${AGENT_TOOL_PATH} }\n  }\n]\n',
  'toolbox/custom.hocon': 'lookup {\n  class = "tools.Lookup"\n  description = "Looks a part up in the catalog by its name and returns its record."\n  parameters { type = object, properties { name { type = string } } }\n}\n',
  'coded_tools/tools.py': 'class Lookup:\n    pass\n',
  '.env': 'AGENT_TOOL_PATH=coded_tools\nGREETING=hello\n',
};
/** The process names the toolbox; the `.env` the tool path. */
const ENV = { AGENT_TOOLBOX_INFO_FILE: 'toolbox/custom.hocon', CATALOG: 'parts' };

function fileReaderOf(root: string, file: string, env: Record<string, string>): ProjectReader {
  const readers = new Map<string, DiskReader>();
  loadFileFromDisk(file, { cwd: root, env, readers });
  return [...readers.values()][0]!.reader;
}

/** The process's environment each way (the project's root given): where the two used to differ, and where they did not. */
const WAYS: [string, (root: string) => Record<string, string>][] = [
  ['the process names the toolbox, the .env the tool path', () => ENV],
  ['the process names the toolbox by its absolute path', (root) => ({ AGENT_TOOLBOX_INFO_FILE: path.join(root, 'toolbox', 'custom.hocon') })],
  ["the process sets AGENT_TOOL_PATH over the .env's", () => ({ AGENT_TOOL_PATH: 'elsewhere', GREETING: 'hi' })],
  ['the process sets none of them', () => ({})],
];

describe("validate FILE and validate DIR read a project's files in one environment", () => {
  it.each(WAYS)('%s: the same environment and settings for both', (_way, envOf) => {
    const root = workspace(PROJECT, 'tbe-one-env-');
    const env = envOf(root);
    const dir = projectReaderOnDisk(root, { env }).reader;
    const file = fileReaderOf(root, 'registries/parts.hocon', env);
    // Run from the project's root, the paths are in the same terms: the environments are equal, setting by setting.
    expect(file.options.env).toEqual(dir.options.env);
    expect(file.options.settings).toEqual(dir.options.settings);
    expect(dir.options.env.AGENT_TOOL_PATH).toBe(env.AGENT_TOOL_PATH ?? 'coded_tools');
    expect(dir.options.env.GREETING).toBe(env.GREETING ?? 'hello');
  });

  it('with the process naming the toolbox, every setting the .env gives is still filled in', () => {
    const root = workspace(PROJECT, 'tbe-one-env-');
    expect(fileReaderOf(root, 'registries/parts.hocon', ENV).options.env).toMatchObject({ AGENT_TOOLBOX_INFO_FILE: 'toolbox/custom.hocon', AGENT_TOOL_PATH: 'coded_tools', AGENT_MANIFEST_FILE: 'registries/manifest.hocon', GREETING: 'hello', CATALOG: 'parts' });
  });

  it('from another folder, validate FILE names the settings from there and reads the same toolbox', () => {
    const root = workspace({ ...Object.fromEntries(Object.entries(PROJECT).map(([name, text]) => [`project/${name}`, text])) }, 'tbe-one-env-');
    const file = fileReaderOf(root, 'project/registries/parts.hocon', ENV);
    expect(file.options.env).toMatchObject({ AGENT_TOOLBOX_INFO_FILE: 'project/toolbox/custom.hocon', AGENT_TOOL_PATH: 'project/coded_tools', GREETING: 'hello' });
    const loaded = loadFileFromDisk('project/registries/parts.hocon', { cwd: root, env: ENV });
    expect(loaded.kind === 'network' ? loaded.network.toolboxFile : undefined).toMatchObject({ path: 'project/toolbox/custom.hocon', from: 'AGENT_TOOLBOX_INFO_FILE' });
    expect(loaded.diagnostics.map((d) => d.rule)).not.toContain('undefined-tool');
  });

  it('the verdict on every surface is the same: validate DIR and FILE, the app, the language server', async () => {
    const root = workspace(PROJECT, 'tbe-one-env-');
    const found = await problemsOnEachSurface(root, { env: ENV });
    expect(found.file).toEqual(found.dir);
    expect(found.app).toEqual(found.dir);
    expect(found.lsp).toEqual(found.dir);
    expect(found.dir.filter((d) => d.includes('AGENT_TOOL_PATH'))).toEqual([]);
  }, 60_000);

  it.skipIf(process.platform === 'win32')('a .env not read is said by validate FILE as by validate DIR', async () => {
    const { '.env': _dotEnv, ...files } = PROJECT;
    const root = workspace(files, 'tbe-one-env-');
    execFileSync('mkfifo', [path.join(root, '.env')]);
    const dir = await runCliIn(root, ['validate', '.'], ENV);
    const file = await runCliIn(root, ['validate', 'registries/parts.hocon', 'toolbox/custom.hocon'], ENV);
    const said = `The project's .env was not read, so its settings are not used: ${path.join(root, '.env')} is not a regular file (a device, FIFO or socket); only files are read.\n`;
    expect(dir.stderr).toContain(said);
    expect(file.stderr).toBe(said);
  });
});

describe("a tool run's worker and the app's analysis get the project's .env alike", () => {
  const RUN_PROJECT = { ...PROJECT, '.env': 'AGENT_TOOL_PATH=coded_tools\nMY_MAX=12\n' };
  /** The environment the app's analysis of `file` reads it in, and the one a run of the toolbox's tools gets. */
  const bothOf = (root: string, file: string, env: Record<string, string>) => ({
    analysis: new DocumentAnalysis(root, env, new PreferencesStore(path.join(root, '.state'))).load({ path: path.join(root, file), text: RUN_PROJECT[file as keyof typeof RUN_PROJECT] }).env,
    run: runContextFor(path.join(root, 'toolbox', 'custom.hocon'), env).runner.env ?? {},
  });

  it.each([
    ['the process sets none of them', {}],
    ["the process sets AGENT_TOOL_PATH and MY_MAX over the .env's", { AGENT_TOOL_PATH: 'elsewhere', MY_MAX: '3' }],
    ['the process names the toolbox relatively', { AGENT_TOOLBOX_INFO_FILE: 'toolbox/custom.hocon' }],
  ])('%s: the same environment', (_way, set: Record<string, string>) => {
    const root = workspace(RUN_PROJECT, 'tbe-one-env-');
    const { analysis, run } = bothOf(root, 'registries/parts.hocon', { PATH: process.env.PATH ?? '', ...set });
    expect(run).toEqual(analysis);
    expect(run).toMatchObject({ AGENT_TOOL_PATH: set.AGENT_TOOL_PATH ?? 'coded_tools', MY_MAX: set.MY_MAX ?? '12', AGENT_MANIFEST_FILE: 'registries/manifest.hocon' });
  });

  // Deliberately apart: a setting the process names by a path other than the project's name for the file (absolute,
  // through a link) is put in the project's terms for a reading (inProjectTerms: one file, one name), but a worker
  // gets it as the process wrote it: it runs from the run settings' working directory, which may not be the root.
  // (A worker also gets the variables the settings file's `run.env` sets, over these: node/run/runSettingsOnDisk.ts.)
  it('a setting the process names absolutely: the reading in project terms, the worker as written', () => {
    const root = workspace(RUN_PROJECT, 'tbe-one-env-');
    const absolute = path.join(root, 'toolbox', 'custom.hocon');
    const { analysis, run } = bothOf(root, 'registries/parts.hocon', { AGENT_TOOLBOX_INFO_FILE: absolute });
    expect(analysis.AGENT_TOOLBOX_INFO_FILE).toBe('toolbox/custom.hocon');
    expect(run.AGENT_TOOLBOX_INFO_FILE).toBe(absolute);
    expect({ ...run, AGENT_TOOLBOX_INFO_FILE: undefined }).toEqual({ ...analysis, AGENT_TOOLBOX_INFO_FILE: undefined });
  });
});
