import { afterEach, describe, expect, it } from 'vitest';
import { openServedToolbox } from '../cli/commands/mcp';
import type { ToolRunner } from '../python';
import { fixturesPythonDir } from '../python/testFixtures';
import { runCliIn, workspace } from '../testSupport/cliRun';

// `mcp FILE` serves the toolbox `call FILE` runs: the same working directory, the same neuro-san version, that
// version's default toolbox under it.
const runners: ToolRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.dispose()));
});

async function served(dir: string, ...args: string[]) {
  const logged: string[] = [];
  const io = { cwd: dir, env: { PATH: process.env.PATH }, stdout: () => undefined, stderr: (t: string) => void logged.push(t) };
  const opened = await openServedToolbox([...args, '--pythonpath', fixturesPythonDir()], io, (line) => logged.push(line));
  runners.push(opened.runner);
  await opened.served.load();
  return { tools: opened.served.tools.map((t) => t.name), logged: logged.join('\n'), version: opened.options.version.neuroSan, pythonStarted: opened.runner.workerPid !== undefined };
}

const greet = '"greet" { class = "fixture_tools.echo.Greet", description = "Greets someone by name.", parameters { type = object, properties { name { type = string } } } }\n';

describe('toolbox-editor mcp reads as call reads', () => {
  it('--neuro-san-version V layers the default toolbox of V under the file (bing_search is 0.5.34\'s)', async () => {
    const dir = workspace({ 'tb.hocon': greet });
    const old = await served(dir, 'tb.hocon', '--neuro-san-version', '0.5.34');
    expect(old.version).toMatchObject({ version: '0.5.34', from: 'command line' });
    // Listed from the toolbox alone: its LangChain class is loaded (here: fails) only once a call starts the Python
    // (issue #32); at the newest release it is not a default tool.
    expect(old.tools).toContain('bing_search');
    expect(old.pythonStarted).toBe(false);
    const newest = await served(dir, 'tb.hocon');
    expect(newest.tools).not.toContain('bing_search');
  }, 30_000);

  it("reads the file from the run settings' working directory, where its tools run and call reads it", async () => {
    const dir = workspace({
      'registries/.keep': '',
      'toolbox/toolbox_info.hocon': 'include "shared_tools.hocon"\n',
      'work/shared_tools.hocon': greet,
      '.toolbox-editor.json': JSON.stringify({ run: { workingDirectory: 'work' } }),
    });
    const call = await runCliIn(dir, ['call', 'toolbox/toolbox_info.hocon', 'greet', '--args', '{"name":"Ada"}', '--pythonpath', fixturesPythonDir()], { PATH: process.env.PATH });
    expect(call).toMatchObject({ code: 0, stdout: 'Hello, Ada!\n' });
    expect((await served(dir, 'toolbox/toolbox_info.hocon', '--no-default')).tools).toEqual(['greet']);
  }, 30_000);
});
