import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../paths';
import { PreferencesStore } from '../state/preferences';
import { DocumentAnalysis } from '../api/documentAnalysis';
import { runCliIn, workspace } from '../testSupport/cliRun';

// Issue 34: a `${?MY_MAX}` override the project's `.env` sets. neuro-san-studio loads the `.env` before neuro-san
// reads the toolbox, and the editor's runs have it: the form, `set` and a run must all say 12, not "unset, keeps 8".
const TOOLBOX = [
  '{',
  '  "counter": {',
  '    "class": "fake_langchain.reprs.ArgsRepr",',
  '    "args": {',
  '      "max": 8',
  '      "max": ${?MY_MAX}',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const FILE = 'toolbox/toolbox_info.hocon';
const pythonDir = path.join(appRoot(), 'fixtures', 'python');

const project = () =>
  workspace({ 'registries/manifest.hocon': '{}\n', [FILE]: TOOLBOX, '.env': 'MY_MAX=12\nOTHER=x\n' }, 'tbe-dotenv-');
const dirs: string[] = [];
const made = () => {
  const dir = project();
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const env = { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: pythonDir };

describe("a ${?VAR} the project's .env sets", () => {
  it("the form gets the value the run gets, says it wins and where it is set, and asks before an edit", () => {
    const dir = made();
    const service = new DocumentAnalysis(dir, env, new PreferencesStore(path.join(dir, '.state')));
    const file = path.join(dir, FILE);
    const analysis = service.analyze({ path: file, text: TOOLBOX, detail: 'counter' });
    expect(analysis.detail?.args).toEqual({ max: '12' });
    const source = analysis.detail?.sources?.find((s) => s.path.join('.') === 'args.max');
    expect(source?.winner).toBe(1);
    expect(source?.definitions[1]?.references[0]).toMatchObject({ name: 'MY_MAX', set: true, value: '12', dotEnv: true });
  });

  it('the environment of the process still wins over the .env, and is not said to come from it', () => {
    const dir = made();
    const service = new DocumentAnalysis(dir, { ...env, MY_MAX: '3' }, new PreferencesStore(path.join(dir, '.state')));
    const analysis = service.analyze({ path: path.join(dir, FILE), text: TOOLBOX, detail: 'counter' });
    expect(analysis.detail?.args).toEqual({ max: '3' });
    const reference = analysis.detail?.sources?.find((s) => s.path.join('.') === 'args.max')?.definitions[1]?.references[0];
    expect(reference).toMatchObject({ value: '3' });
    expect(reference?.dotEnv).toBeUndefined();
  });

  it('set refuses to change the line that does not apply, and lists the override as the .env sets it', async () => {
    const dir = made();
    const refused = await runCliIn(dir, ['set', FILE, 'counter.args.max', '10', '--write'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("  2. toolbox/toolbox_info.hocon:6  ${?MY_MAX}  environment override: MY_MAX = 12 (in the project's .env) — wins\n");
    expect(readFileSync(path.join(dir, FILE), 'utf8')).toBe(TOOLBOX);
    const base = await runCliIn(dir, ['set', FILE, 'counter.args.max', '10', '--base'], env);
    expect(base).toMatchObject({ code: 0, stdout: TOOLBOX.replace('"max": 8', '"max": 10') });
  });

  it('call runs the tool with it', async () => {
    const dir = made();
    const run = await runCliIn(dir, ['call', FILE, 'counter', '--args', '{}'], env);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ max: ["'12'", 'str'] });
  }, 30_000);
});
