import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { codedSpec, FixtureRunners, runOf } from './testFixtures';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-reload-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const toolSource = (word: string): string =>
  `class Say:\n    def invoke(self, args, sly_data):\n        return "${word}"\n`;

describe('ToolRunner: editing a tool', () => {
  it('re-imports a tool module whose file changed since the last call, in the same worker', async () => {
    const file = path.join(tmp, 'say_tool.py');
    writeFileSync(file, toolSource('before'));
    const runner = runners.make({ pythonPath: [tmp] });
    const spec = codedSpec('say', 'say_tool.Say');
    expect((await runner.call(spec, runOf({}))).content).toBe('before');
    const pid = runner.workerPid;
    writeFileSync(file, toolSource('after'));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect((await runner.call(spec, runOf({}))).content).toBe('after');
    expect(runner.workerPid).toBe(pid);
  });

  it('finds a class added to a module the worker imported already, without another class reloading it', async () => {
    const file = path.join(tmp, 'grown_tool.py');
    writeFileSync(file, toolSource('first'));
    const runner = runners.make({ pythonPath: [tmp] });
    expect((await runner.call(codedSpec('say', 'grown_tool.Say'), runOf({}))).content).toBe('first');
    writeFileSync(file, `${toolSource('first')}\nclass Added:\n    def invoke(self, args, sly_data):\n        return "added"\n`);
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect((await runner.call(codedSpec('added', 'grown_tool.Added'), runOf({}))).content).toBe('added');
    expect((await runner.call(codedSpec('missing', 'grown_tool.Missing'), runOf({}))).content).toMatch(/has no attribute 'Missing'/);
  });

  it('runs calls made at once one after the other, in order', async () => {
    const runner = runners.make();
    const echo = codedSpec('echo', 'fixture_tools.echo.Echo');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => runner.call(echo, runOf({ n }))));
    expect(results.map((r) => JSON.parse(r.content).echo.n)).toEqual([1, 2, 3, 4, 5]);
  });
});
