import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { runContextFor, settingsFileFor } from './runSettingsOnDisk';
import { recordToolRoot, SettingsFileError, updateRunSection, writeSettingsInUse } from './runSettingsWrite';

const dirs: string[] = [];
const dir = (files: Record<string, string>) => {
  const made = workspace(files, 'tbe-run-settings-');
  dirs.push(made);
  return made;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the run settings on disk', () => {
  it("are beside the toolbox, else at its project's root; written at the root when there is none", () => {
    const project = dir({ 'registries/manifest.hocon': '{}', 'toolbox/toolbox_info.hocon': '{}', 'coded_tools/.keep': '' });
    const toolbox = path.join(project, 'toolbox', 'toolbox_info.hocon');
    expect(settingsFileFor(toolbox)).toEqual({ path: path.join(project, '.toolbox-editor.json'), exists: false });
    writeFileSync(path.join(project, 'toolbox', '.toolbox-editor.json'), '{}');
    expect(settingsFileFor(toolbox)).toEqual({ path: path.join(project, 'toolbox', '.toolbox-editor.json'), exists: true });
    const lone = dir({ 'tb.hocon': '{}' });
    expect(settingsFileFor(path.join(lone, 'tb.hocon'))).toEqual({ path: path.join(lone, '.toolbox-editor.json'), exists: false });
  });

  it("without a file, a project runs as neuro-san-studio runs it: from its root, on PYTHONPATH, its coded_tools and .env", () => {
    const project = dir({ 'registries/manifest.hocon': '{}', 'toolbox/toolbox_info.hocon': '{}', 'coded_tools/.keep': '', '.env': 'OPENAI_API_KEY=from-dotenv\nLOG=dotenv\n' });
    const context = runContextFor(path.join(project, 'toolbox', 'toolbox_info.hocon'), { LOG: 'shell', PATH: '/bin' });
    expect(context.settings.workingDirectory).toEqual({ value: project, from: 'layout' });
    expect(context.settings.pythonPath).toEqual([{ value: project, from: 'layout' }]);
    expect(context.settings.agentToolPath).toEqual({ value: 'coded_tools', from: 'layout' });
    expect(context.runner).toMatchObject({ python: 'python3', cwd: project, pythonPath: [project], agentToolPath: 'coded_tools', defaultTimeoutMs: 30_000 });
    // The project's .env is under the environment, never over it.
    expect(context.runner.env).toMatchObject({ OPENAI_API_KEY: 'from-dotenv', LOG: 'shell', PATH: '/bin' });
    expect(context.commandLineOptions).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')("a project's .env that cannot be read is said apart from the settings file's problems", () => {
    const project = dir({ 'registries/manifest.hocon': '{}', 'toolbox/toolbox_info.hocon': '{}', '.toolbox-editor.json': JSON.stringify({ run: { timeoutSeconds: 'long' } }) });
    execFileSync('mkfifo', [path.join(project, '.env')]);
    const context = runContextFor(path.join(project, 'toolbox', 'toolbox_info.hocon'), { PATH: '/bin' });
    // Not the settings file's problem: the pane and the CLI said "<.toolbox-editor.json>: The project's .env was not read".
    expect(context.settings.file.problems).toEqual(["'run.timeoutSeconds' must be a number of seconds from 0.1 to 3600"]);
    expect(context.settings.notRead).toEqual([`The project's .env was not read, so its settings are not used: ${path.join(project, '.env')} is not a regular file (a device, FIFO or socket); only files are read.`]);
  });

  it("with a file: its settings, its variables over the environment, and what is wrong with it said, the rest applied", () => {
    const folder = dir({
      'tb.hocon': '{}',
      '.env': 'KEY=k3y\n',
      '.toolbox-editor.json': JSON.stringify({ rules: { 'description-too-short': 'off' }, run: { pythonPath: ['src'], timeoutSeconds: 'long', env: { KEY: { from: '.env' }, MODE: 'test' } } }),
    });
    const context = runContextFor(path.join(folder, 'tb.hocon'), { MODE: 'prod' });
    expect(context.settings.pythonPath).toEqual([{ value: path.join(folder, 'src'), from: 'project file' }]);
    expect(context.settings.file.problems).toEqual(["'run.timeoutSeconds' must be a number of seconds from 0.1 to 3600"]);
    expect(context.runner.env).toMatchObject({ KEY: 'k3y', MODE: 'test' });
    expect(context.runner.pythonPath).toEqual([path.join(folder, 'src')]);
  });
});

describe('writing the run settings', () => {
  it('replaces or adds the run section only, every other byte kept, and refuses a file that is not an object', async () => {
    const folder = dir({ '.toolbox-editor.json': '{\n  // not JSON\n}' });
    const file = path.join(folder, '.toolbox-editor.json');
    await expect(updateRunSection(file, (run) => ({ ...run, timeoutSeconds: 5 }))).rejects.toThrow(SettingsFileError);
    expect(readFileSync(file, 'utf8')).toBe('{\n  // not JSON\n}');

    writeFileSync(file, '{\n    "rules": {"description-too-short": "off"},\n    "tokenizer": "cl100k_base"\n}\n');
    expect(await updateRunSection(file, (run) => ({ ...run, timeoutSeconds: 5 }))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('{\n    "rules": {"description-too-short": "off"},\n    "tokenizer": "cl100k_base",\n  "run": {\n    "timeoutSeconds": 5\n  }\n}\n');
    expect(await updateRunSection(file, (run) => ({ ...run, toolRoot: 'src' }))).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ rules: { 'description-too-short': 'off' }, tokenizer: 'cl100k_base', run: { timeoutSeconds: 5, toolRoot: 'src' } });
    expect(await updateRunSection(file, (run) => run)).toBe(false);
    await expect(updateRunSection(file, (run) => ({ ...run, pythonPath: 'src' }))).rejects.toThrow("'run.pythonPath' must be a list of folders");
  });

  it('writes the settings in use, this machine\'s left out; records the root of a new class, keeping the PYTHONPATH in use', async () => {
    const folder = dir({ 'tb.hocon': '{}' });
    const toolbox = path.join(folder, 'tb.hocon');
    const env = { PYTHONPATH: '/site' };
    await writeSettingsInUse(runContextFor(toolbox, env, { preferences: { python: '/my/python', pythonPath: ['/elsewhere'] } }).settings);
    expect(JSON.parse(readFileSync(path.join(folder, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { pythonPath: ['.'], workingDirectory: '.', timeoutSeconds: 30 } });

    const other = dir({ 'tb.hocon': '{}' });
    const otherToolbox = path.join(other, 'tb.hocon');
    expect(await recordToolRoot(runContextFor(otherToolbox, env).settings, other)).toEqual({ addedToPythonPath: false });
    expect(JSON.parse(readFileSync(path.join(other, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { toolRoot: '.' } });
    expect(await recordToolRoot(runContextFor(otherToolbox, env).settings, path.join(other, 'src'))).toEqual({ addedToPythonPath: true });
    expect(JSON.parse(readFileSync(path.join(other, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { toolRoot: 'src', pythonPath: ['.', 'src'] } });
    expect(runContextFor(otherToolbox, env).settings.pythonPath.map((p) => [p.value, p.from])).toEqual([
      [other, 'project file'],
      [path.join(other, 'src'), 'project file'],
      ['/site', 'environment'],
    ]);
  });
});
