import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, ProjectEdit } from '../../../shared/api/index';
import { toolboxTarget } from '../../../shared/run/index';
import { apiCaller, browserModeService } from '../../testSupport/apiCalls';
import { HistoryStore } from '../../history/historyStore';
import { runCliIn, workspace } from '../../testSupport/cliRun';
import { appRoot } from '../../paths';

const fixturesPython = path.join(appRoot(), 'fixtures', 'python');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const entry = (tool: string): HistoryEntry => ({
  id: `h-${tool}`,
  at: new Date(0).toISOString(),
  request: { target: toolboxTarget(tool), argsJson: '{"city": "Oslo"}' },
  result: { content: 'Sunny in Oslo', truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null },
});

/** A copy of fixtures/project whose weather tool is implemented and has a saved case; its state folder beside it. */
function weatherProject(): { dir: string; env: Record<string, string | undefined> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-rename-'));
  dirs.push(dir);
  cpSync(path.join(appRoot(), 'fixtures', 'project'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'coded_tools', 'weather.py'), 'class LookupWeather:\n    def invoke(self, args, sly_data):\n        return f"Sunny in {args[\'city\']}"\n');
  writeFileSync(
    path.join(dir, 'toolbox', 'toolbox_info.tests.json'),
    JSON.stringify({ version: 1, cases: [{ name: 'Oslo', tool: 'lookup_weather', args: { city: 'Oslo' }, expect: { content: 'Sunny in Oslo' } }] }, null, 2),
  );
  return { dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, TOOLBOX_EDITOR_STATE_DIR: path.join(dir, '.state') } };
}

describe('toolbox-editor rename', () => {
  it("renames a project's tool in its toolbox, networks, saved cases and history; `test` passes before and after", async () => {
    const { dir, env } = weatherProject();
    const toolbox = path.join(dir, 'toolbox', 'toolbox_info.hocon');
    expect((await runCliIn(dir, ['test', 'toolbox/toolbox_info.hocon'], env)).stdout).toMatch(/^ok {4}Oslo/);
    await new HistoryStore(path.join(dir, '.state')).add(toolbox, entry('lookup_weather'));
    const before = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'toolbox/toolbox_info.tests.json'].map((f) => readFileSync(path.join(dir, f), 'utf8'));

    const preview = await runCliIn(tmpdir(), ['rename', dir, 'lookup_weather', 'get_weather'], env);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('toolbox/toolbox_info.tests.json:6: "tool": "lookup_weather",\n');
    expect(preview.stdout).toMatch(/4 edits in 4 files; nothing written \(run again with --write to apply\)\n$/);
    expect(['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'toolbox/toolbox_info.tests.json'].map((f) => readFileSync(path.join(dir, f), 'utf8'))).toEqual(before);

    const written = await runCliIn(tmpdir(), ['rename', dir, 'lookup_weather', 'get_weather', '--write'], env);
    expect(written.stderr).toBe('');
    expect(written.stdout).toContain(`renamed 'lookup_weather' to 'get_weather': 4 edits in 4 files; its runs in ${path.join(dir, '.state')}'s history moved too`);
    expect(readFileSync(path.join(dir, 'toolbox', 'toolbox_info.tests.json'), 'utf8')).toBe(before[2]!.replace('"tool": "lookup_weather"', '"tool": "get_weather"'));
    expect(readFileSync(path.join(dir, 'registries', 'weather.hocon'), 'utf8')).toBe(before[1]!.replaceAll('"lookup_weather"', '"get_weather"'));
    const history = new HistoryStore(path.join(dir, '.state'));
    expect(await history.list(toolbox, 'lookup_weather')).toEqual([]);
    expect((await history.list(toolbox, 'get_weather')).map((e) => e.request.target.tool)).toEqual(['get_weather']);

    const after = await runCliIn(dir, ['test', 'toolbox/toolbox_info.hocon'], env);
    expect(after.stdout).toMatch(/^ok {4}Oslo.*\n1 passed, 0 failed/);
    expect(after.code).toBe(0);

    const refused = await runCliIn(dir, ['rename', '.', 'get_weather', 'not a name', '--write'], env);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("'not a name' is not a plain identifier") });
  });

  it('renames a tool of a toolbox file of its own, with its cases', async () => {
    const dir = workspace(
      {
        'tb.hocon': '# mine\ngreet { class = "fixture_tools.echo.Greet", description = "Greets." }\n',
        'tb.tests.json': JSON.stringify({ version: 1, cases: [{ name: 'Ada', tool: 'greet', args: { name: 'Ada' }, expect: { content: 'Hello, Ada!' } }] }),
      },
      'tbe-rename-file-',
    );
    dirs.push(dir);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: fixturesPython, TOOLBOX_EDITOR_STATE_DIR: path.join(dir, '.state') };
    const run = await runCliIn(dir, ['rename', 'tb.hocon', 'greet', 'hello', '--write'], env);
    expect(run.stdout).toContain("renamed 'greet' to 'hello': 2 edits in 2 files");
    expect(readFileSync(path.join(dir, 'tb.hocon'), 'utf8')).toBe('# mine\nhello { class = "fixture_tools.echo.Greet", description = "Greets." }\n');
    const test = await runCliIn(dir, ['test', 'tb.hocon'], env);
    expect(test.stdout).toMatch(/^ok {4}Ada/);
    expect((await runCliIn(dir, ['rename', 'tb.hocon', 'get_current_date_time', 'now'], env)).stderr).toContain('the default toolbox');
  });
});

describe("the app's project rename", () => {
  it('carries the saved cases (in its preview) and the history (undone with it)', async () => {
    const { dir, env } = weatherProject();
    const service = browserModeService(dir, { env });
    try {
      const call = apiCaller(service);
      const toolbox = path.join(dir, 'toolbox', 'toolbox_info.hocon');
      await new HistoryStore(path.join(dir, '.state')).add(toolbox, entry('lookup_weather'));
      const { edits } = await call<{ edits: ProjectEdit[] }>('project.renamePreview', { root: dir, tool: 'lookup_weather', newName: 'get_weather' });
      expect(edits.filter((e) => e.file === 'toolbox/toolbox_info.tests.json').map((e) => e.after)).toEqual(['"tool": "get_weather",']);
      const applied = await call<{ undoId: string }>('project.applyEdits', { root: dir, edits, renamedTool: { toolbox, tool: 'lookup_weather', newName: 'get_weather' } });
      expect((await call<{ entries: HistoryEntry[] }>('history.list', { path: toolbox, tool: 'get_weather' })).entries).toHaveLength(1);
      expect((await call<{ cases: { request: { target: { tool: string } } }[] }>('testcases.list', { path: toolbox })).cases[0]!.request.target.tool).toBe('get_weather');
      expect((await runCliIn(dir, ['test', 'toolbox/toolbox_info.hocon'], env)).code).toBe(0);

      await call('project.undoEdits', { undoId: applied.undoId });
      expect((await call<{ entries: HistoryEntry[] }>('history.list', { path: toolbox, tool: 'lookup_weather' })).entries).toHaveLength(1);
      expect((await call<{ entries: HistoryEntry[] }>('history.list', { path: toolbox, tool: 'get_weather' })).entries).toHaveLength(0);
    } finally {
      service.dispose();
    }
  });
});
