import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectView } from '../../shared/api/projectApi';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { runCliIn } from '../testSupport/cliRun';
import { bundleEntry } from '../testSupport/bundleEntry';
import { startApiThread, type ApiThread } from './apiThread';

// A project someone else made, opened through the API on its own thread as the app runs it: the files of its
// settings are read as every project file is, so a `.env` that is a FIFO or a device neither hangs nor floods it.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), 'tbe-hostile-project-'));
const entry = path.join(root, 'api-thread.cjs');
let api: ApiThread;

beforeAll(async () => {
  await bundleEntry(path.join(here, 'apiThreadMain.ts'), entry, new URL('../../node/api/x.cjs', import.meta.url));
  api = startApiThread({ mode: 'desktop', cwd: root, initialFile: null, stateDir: path.join(root, '.state'), emit: () => undefined }, entry);
}, 60_000);
afterAll(async () => {
  await api?.dispose();
  rmSync(root, { recursive: true, force: true });
});

function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timed out'> {
  return Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);
}

/** A project (registries/ and a toolbox) whose `.env` is made by `plant`. */
function project(name: string, plant: (dotEnv: string) => void): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'registries'), { recursive: true });
  mkdirSync(path.join(dir, 'toolbox'));
  writeFileSync(path.join(dir, 'toolbox', 'toolbox_info.hocon'), 'weather { class = "w.Weather", description = "Tells the weather" }\n');
  plant(path.join(dir, '.env'));
  return dir;
}

/** project.open answers within 5 s, app.info answers meanwhile, and the view says why the .env was not read. */
async function openAnswers(dir: string): Promise<ProjectView> {
  const opened = api.dispatch('project.open', { path: dir });
  expect(await within(2000, api.dispatch('app.info', {}))).toMatchObject({ ok: true });
  const result = await within(5000, opened);
  expect(result).toMatchObject({ ok: true });
  const view = (result as { value: ProjectView }).value;
  expect(view.tools.map((t) => t.name)).toContain('weather');
  return view;
}

describe.skipIf(process.platform === 'win32')('a project whose .env is not a file', () => {
  it('opens when .env is a FIFO, and warns that it was not read', async () => {
    const dir = project('fifo', (dotEnv) => execFileSync('mkfifo', [dotEnv]));
    const view = await openAnswers(dir);
    expect(view.warnings).toEqual([`The project's .env was not read, so its settings are not used: ${path.join(dir, '.env')} is not a regular file (a device, FIFO or socket); only files are read.`]);
  });

  it('opens when .env is a link to /dev/zero, within memory', async () => {
    const dir = project('zero', (dotEnv) => symlinkSync('/dev/zero', dotEnv));
    // What this one opening adds: the process is a reused vitest fork whose RSS holds what earlier files left (the
    // same absolute cap refused a CI run in hostileFiles.test.ts); reading /dev/zero to its end would add gigabytes.
    const rssBefore = process.memoryUsage().rss;
    const view = await openAnswers(dir);
    expect(view.warnings?.[0]).toContain('is not a regular file');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('does not read a .env larger than 1 MB, and says so', async () => {
    const dir = project('large', (dotEnv) => writeFileSync(dotEnv, `AGENT_TOOLBOX_INFO_FILE=elsewhere.hocon\n# ${'x'.repeat(2 * 1024 * 1024)}\n`));
    const view = await openAnswers(dir);
    expect(view.warnings?.[0]).toMatch(/\.env is 2 MB; the limit for this file is 1 MB/);
    expect(view.toolbox).toEqual({ path: 'toolbox/toolbox_info.hocon', from: 'convention' });
  });

  it('still uses a .env that is a file', async () => {
    const dir = project('plain', (dotEnv) => writeFileSync(dotEnv, 'AGENT_TOOLBOX_INFO_FILE=toolbox/toolbox_info.hocon\n'));
    const view = await openAnswers(dir);
    expect(view.warnings).toBeUndefined();
    expect(view.toolbox).toEqual({ path: 'toolbox/toolbox_info.hocon', from: '.env' });
  });

  it("the app's analysis of a file of the project says so, in validate FILE's words and apart from its problems", async () => {
    const dir = project('file', (dotEnv) => execFileSync('mkfifo', [dotEnv]));
    const file = path.join(dir, 'toolbox', 'toolbox_info.hocon');
    const analyzed = await within(5000, api.dispatch('toolbox.analyze', { path: file, text: readFileSync(file, 'utf8') }));
    expect(analyzed).toMatchObject({ ok: true });
    const analysis = (analyzed as { value: ToolboxAnalysis }).value;
    const said = `The project's .env was not read, so its settings are not used: ${path.join(dir, '.env')} is not a regular file (a device, FIFO or socket); only files are read.`;
    expect(analysis.warnings).toEqual([said]);
    expect(analysis.diagnostics.map((d) => d.message)).not.toContain(said);
    expect(analysis.tools.map((t) => t.name)).toContain('weather');
    const validated = await runCliIn(dir, ['validate', 'toolbox/toolbox_info.hocon', '--no-default']);
    expect(validated.stderr).toBe(`${said}\n`);
  });

  it('validate DIR says so on stderr and reads the project', async () => {
    const dir = project('cli', (dotEnv) => execFileSync('mkfifo', [dotEnv]));
    const result = await runCliIn(dir, ['validate', '.', '--no-default']);
    expect(result.stderr).toContain("The project's .env was not read");
    expect(result.code).toBe(0);
  });
});
