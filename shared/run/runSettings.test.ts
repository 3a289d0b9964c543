import { describe, expect, it } from 'vitest';
import { commandLineOptions, readRunSection, resolveRunSettings, variablesOf, type RunSettingsSources } from './runSettings';

const join = (base: string, p: string) => (p.startsWith('/') ? p : `${base}/${p}`.replace(/\/\.$/, '').replace(/\/\.\//g, '/'));

function sources(extra: Partial<RunSettingsSources> = {}, run: unknown = undefined): RunSettingsSources {
  const { section, problems } = readRunSection(run);
  return {
    file: { path: '/p/.toolbox-editor.json', exists: run !== undefined, section, problems },
    baseDir: '/p',
    layoutWorkingDirectory: '/p',
    env: {},
    dotEnv: {},
    resolvePath: join,
    pathDelimiter: ':',
    ...extra,
  };
}

describe('the run section of .toolbox-editor.json', () => {
  it('reads what it knows and says what is wrong, keeping the rest', () => {
    const { section, problems } = readRunSection({
      python: '.venv/bin/python',
      pythonPath: ['.', 'lib'],
      timeoutSeconds: 0,
      env: { LOG: 'info', OPENAI_API_KEY: { from: '.env' }, BAD: 3, GITHUB_TOKEN: 'ghp_abc' },
      color: 'blue',
    });
    expect(section).toEqual({ python: '.venv/bin/python', pythonPath: ['.', 'lib'], env: { LOG: 'info', OPENAI_API_KEY: { from: '.env' }, GITHUB_TOKEN: 'ghp_abc' } });
    expect(problems).toEqual([
      "unknown key 'run.color' (known: python, pythonPath, agentToolPath, workingDirectory, env, timeoutSeconds, toolRoot)",
      "'run.timeoutSeconds' must be a number of seconds from 0.1 to 3600",
      `'run.env.BAD' must be a string or {"from": "environment" | ".env", "name"?: "VARIABLE"}`,
      `'run.env.GITHUB_TOKEN' writes a secret's value into a file committed with the project: write {"from": ".env"} (or "environment") instead`,
    ]);
  });
});

describe('resolveRunSettings', () => {
  it("without a file: neuro-san-studio's layout, the environment's PYTHONPATH after it", () => {
    const s = resolveRunSettings(sources({ env: { PYTHONPATH: '/site:/p' }, layoutAgentToolPath: { value: 'coded_tools', from: 'layout' } }));
    expect(s.python).toEqual({ value: 'python3', from: 'default' });
    expect(s.workingDirectory).toEqual({ value: '/p', from: 'layout' });
    expect(s.pythonPath).toEqual([
      { value: '/p', from: 'layout' },
      { value: '/site', from: 'environment' },
    ]);
    expect(s.agentToolPath).toEqual({ value: 'coded_tools', from: 'layout' });
    expect(s.timeoutSeconds).toEqual({ value: 30, from: 'default' });
    expect(commandLineOptions(s)).toEqual(['--pythonpath', '/site']);
  });

  it('the file wins over the environment and the preferences, but for the interpreter, which is this machine\'s', () => {
    const run = { python: '.venv/bin/python', pythonPath: ['src'], agentToolPath: 'tools/', timeoutSeconds: 5, workingDirectory: 'run', toolRoot: 'src' };
    const prefs = { python: '/opt/py/bin/python3', pythonPath: ['/extra'], agentToolPath: 'x.y', timeoutSeconds: 60, workingDirectory: '/elsewhere' };
    const s = resolveRunSettings(sources({ env: { AGENT_TOOL_PATH: 'env.tools' }, preferences: prefs }, run));
    expect(s.python).toEqual({ value: '/opt/py/bin/python3', from: 'preference' });
    expect(s.pythonPath).toEqual([
      { value: '/p/src', from: 'project file' },
      { value: '/extra', from: 'preference' },
    ]);
    expect(s.agentToolPath).toEqual({ value: '/p/tools/', from: 'project file' });
    expect(s.workingDirectory).toEqual({ value: '/p/run', from: 'project file' });
    expect(s.timeoutSeconds).toEqual({ value: 5, from: 'project file' });
    expect(s.toolRoot).toEqual({ value: '/p/src', from: 'project file' });
    // What the CLI would not find in the file: this machine's interpreter and extra folder.
    expect(commandLineOptions(s)).toEqual(['--python', '/opt/py/bin/python3', '--pythonpath', '/extra']);
    // `python3` in the preferences is the old default, not a choice: the file's interpreter stands.
    expect(resolveRunSettings(sources({ preferences: { python: 'python3' } }, run)).python).toEqual({ value: '/p/.venv/bin/python', from: 'project file' });
  });

  it('the command line overrides everything', () => {
    const s = resolveRunSettings(sources({ commandLine: { python: 'py', pythonPath: ['/cli'], timeoutSeconds: 3 } }, { python: 'other', pythonPath: ['.'] }));
    expect(s.python.from).toBe('command line');
    expect(s.pythonPath.map((p) => p.value)).toEqual(['/cli', '/p']);
    expect(s.timeoutSeconds).toEqual({ value: 3, from: 'command line' });
  });

  it('variables: values written in the file, or references to the environment or .env, never their values shown', () => {
    const run = { env: { LOG: 'debug', KEY: { from: '.env' }, TOKEN: { from: 'environment', name: 'MY_TOKEN' }, GONE: { from: 'environment' } } };
    const src = sources({ env: { MY_TOKEN: 't0k' }, dotEnv: { KEY: 'k3y' } }, run);
    expect(resolveRunSettings(src).env).toEqual([
      { name: 'LOG', from: 'project file', set: true, value: 'debug' },
      { name: 'KEY', from: '.env', set: true },
      { name: 'TOKEN', from: 'environment', set: true },
      { name: 'GONE', from: 'environment', set: false },
    ]);
    expect(variablesOf(src.file.section, src)).toEqual({ LOG: 'debug', KEY: 'k3y', TOKEN: 't0k' });
  });
});
