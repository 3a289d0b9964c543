import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { processesNamed, uniqueProcessToken } from '../../python/testFixtures';
import { runCli } from '../main';

const toolboxFile = path.join(appRoot(), 'fixtures', 'toolboxes', 'fixture_toolbox.json');
const pythonDir = path.join(appRoot(), 'fixtures', 'python');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-call-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function call(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(['call', ...args], {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd: tmp,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: pythonDir },
  });
  return { code, ...out };
}

describe('toolbox-editor call', () => {
  it.skipIf(process.platform === 'win32')('runs the line Copy as CLI command writes for a tool and a file named with a leading -', async () => {
    writeFileSync(path.join(tmp, '-dashed.hocon'), '"-dash" { class = "fixture_tools.echo.Greet", description = "Greets.", parameters { type = object, properties { name { type = string } } } }\n');
    // As shared/run/commandLine.ts writes it (its test pins the same line), split into words by sh itself.
    const line = `toolbox-editor call --args '{"name":"-Ada"}' --timeout 30 -- -dashed.hocon -dash`;
    const argv = execFileSync('sh', ['-c', `set -- ${line.slice('toolbox-editor '.length)}; printf '%s\\0' "$@"`], { encoding: 'utf8' }).split('\0').slice(0, -1);
    expect(argv[0]).toBe('call');
    const result = await call(...argv.slice(1));
    expect(result).toMatchObject({ code: 0, stdout: 'Hello, -Ada!\n' });
  });

  it('reads a .hocon toolbox: comments, includes, substitutions, ${?ENV}', async () => {
    writeFileSync(path.join(tmp, 'common.hocon'), 'greet_class = "fixture_tools.echo.Greet"\n');
    const file = path.join(tmp, 'toolbox_info.hocon');
    writeFileSync(
      file,
      [
        'include "common.hocon"',
        '# a comment',
        'greet {',
        '  class = ${greet_class}',
        '  description = """Greets."""',
        '  parameters { type = object, properties { name { type = string } } }',
        '}',
        'echo { class: "fixture_tools.echo.Echo", description: "e" }',
        'echo.description = ${?ECHO_DESCRIPTION}',
      ].join('\n'),
    );
    const run = await call(file, 'greet', '--args', '{"name":"Hocon"}');
    expect(run).toMatchObject({ code: 0, stdout: 'Hello, Hocon!\n' });
  });

  it('prints the content of a coded tool and exits 0', async () => {
    const run = await call(toolboxFile, 'greet', '--args', '{"name":"Ada"}');
    expect(run).toMatchObject({ code: 0, stdout: 'Hello, Ada!\n', stderr: '' });
  });

  it('prints one JSON object with --json, sly_data after the call included', async () => {
    const run = await call(toolboxFile, 'count_calls', '--args', '{"tag":"t"}', '--sly-data', '{"calls":2}', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ content: '3', isError: false, stdout: '', stderr: '', slyData: { calls: 3, seen: 't' } });
    expect(typeof report.durationMs).toBe('number');
  });

  it('keeps the tool\'s own output on stderr, the content alone on stdout', async () => {
    const run = await call(toolboxFile, 'printing');
    expect(run.stdout).toBe('printed\n');
    expect(run.stderr).toContain('--- tool stdout ---\nto stdout\n');
    expect(run.stderr).toContain('--- tool logging ---\nINFO fixture.printing: to logging\n');
  });

  it('exits 1 with the error when the tool raises, times out, or does not exist', async () => {
    const raising = await call(toolboxFile, 'raising', '--json');
    expect(raising.code).toBe(1);
    expect(JSON.parse(raising.stdout)).toMatchObject({ isError: true, content: 'ValueError: cannot handle this' });
    const slow = await call(toolboxFile, 'sleeping', '--args', '{"seconds":20}', '--timeout', '0.3');
    expect(slow).toMatchObject({ code: 1, stdout: '', stderr: 'timed out after 0.3 s\n' });
    const missing = await call(toolboxFile, 'nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^tool not found: nope \(tools in .*: get_current_date_time, echo, greet, /);
    const alone = await call(toolboxFile, 'nope', '--no-default');
    expect(alone.stderr).toMatch(/^tool not found: nope \(tools in .*: echo, greet, /);
  });

  it('checks arguments against parameters, and --send-invalid sends them anyway', async () => {
    const refused = await call(toolboxFile, 'greet', '--args', '{"name":7}');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("arguments for 'greet' do not match its parameters:\n- /name must be string");
    const sent = await call(toolboxFile, 'greet', '--args', '{"name":7}', '--send-invalid');
    expect(sent).toMatchObject({ code: 0, stdout: 'Hello, 7!\n' });
  });

  it('runs LangChain-style entries and a toolkit\'s <entry>_<tool>', async () => {
    const search = await call(toolboxFile, 'fake_search', '--args', '{"query":"q"}');
    expect(JSON.parse(search.stdout)).toEqual({ built_by: 'from_api_wrapper', wrapper: 'SearchApiWrapper', results: ['https://x.test/q/0'] });
    const note = await call(toolboxFile, 'notes_add_note', '--args', '{"text":"n"}');
    expect(note).toMatchObject({ code: 0, stdout: 'cli: 1 note(s)\n' });
  });

  it('finds a coded tool through --agent-tool-path and --agent-network', async () => {
    const run = await call(
      toolboxFile,
      'walk_up',
      '--agent-tool-path',
      path.join(pythonDir, 'agent_tools'),
      '--agent-network',
      'team/deeper',
    );
    expect(run).toMatchObject({ code: 0, stdout: '{"module": "agent_tools.team.walkup_tool"}\n' });
  });

  it('reports neuro-san\'s entry errors, a missing interpreter, and the HOCON limitation', async () => {
    const entry = await call(toolboxFile, 'two_segments');
    expect(entry.code).toBe(1);
    expect(entry.stderr).toContain("must be of the form '<package_name>.<module_name>.<ClassName>'");
    const python = await call(toolboxFile, 'greet', '--args', '{"name":"x"}', '--python', path.join(tmp, 'nopython'));
    expect(python.code).toBe(1);
    expect(python.stderr).toContain('could not be started');
    const broken = path.join(tmp, 'broken.hocon');
    writeFileSync(broken, 'greet { class = \n');
    const fromBroken = await call(broken, 'greet');
    expect(fromBroken.code).toBe(1);
    expect(fromBroken.stderr).toMatch(/broken\.hocon:\d+:\d+ error hocon /);
    expect((await call(path.join(tmp, 'toolbox.yaml'), 'greet')).stderr).toContain('must be a .json or .hocon file');
  });

  it('layers the file over neuro-san\'s default toolbox, as neuro-san does', async () => {
    // The default's coded tool needs neuro-san installed; without it, loading fails in neuro-san's words.
    const run = await call(toolboxFile, 'get_current_date_time', '--json');
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ isError: true, errorKind: 'load' });
    expect(report.content).toContain('Could not find class "GetCurrentDateTime"\nin module "get_current_date_time"');
  });

  it('refuses malformed options with exit code 2', async () => {
    expect((await call(toolboxFile)).code).toBe(2);
    expect((await call(toolboxFile, 'greet', '--args', '{oops')).stderr).toContain('--args is not valid JSON');
    expect((await call(toolboxFile, 'greet', '--sly-data', '[1]')).code).toBe(2);
    expect((await call(toolboxFile, 'greet', '--timeout', '0')).code).toBe(2);
  });

  it.skipIf(process.platform !== 'linux')('ends every process the tool started, even one that left its group', async () => {
    const file = path.join(tmp, 'escaping.hocon');
    writeFileSync(file, 'escaping { class = "fixture_tools.spawning.SpawnEscaping", description = "d" }\n');
    const daemon = uniqueProcessToken();
    const started = Date.now();
    const run = await call(file, 'escaping', '--args', JSON.stringify({ how: 'daemon', token: daemon, seconds: 60 }));
    // The output is the daemon's pid, written once it had left the group: it did run.
    expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\n$/), stderr: '' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => processesNamed(daemon), { timeout: 5000 }).toEqual([]);

    const late = uniqueProcessToken();
    const timingOut = call(file, 'escaping', '--args', JSON.stringify({ how: 'setsid', token: late, seconds: 60, wait: true }), '--timeout', '2');
    await expect.poll(() => processesNamed(late).length, { timeout: 5000 }).toBe(1);
    expect(await timingOut).toMatchObject({ code: 1, stderr: 'timed out after 2 s\n' });
    await expect.poll(() => processesNamed(late), { timeout: 5000 }).toEqual([]);
  });
});

describe("the argument check's warnings for the project's neuro-san version", () => {
  // "bool" is a type name neuro-san knows from 0.6.98 (perhaps 0.6.96): before, the check reads it as "boolean" and says so.
  // Written relative to AGENT_TOOL_PATH: 0.5.55 never imports a coded tool's fully qualified name.
  const toolbox = '"greet" { class = "echo.Greet", description = "Greets.", parameters { type = object, properties { name { type = string }, loud { type = bool } } } }\n';

  it('are printed on stderr (and in --json) for a project pinned to 0.5.55, and not at the newest release', async () => {
    const dir = mkdtempSync(path.join(tmp, 'pinned-'));
    writeFileSync(path.join(dir, 'tb.hocon'), toolbox);
    writeFileSync(path.join(dir, 'requirements.txt'), 'neuro-san==0.5.55\n');
    const pinned = await call(path.join(dir, 'tb.hocon'), 'greet', '--args', '{"name":"Ada","loud":true}', '--no-default', '--agent-tool-path', 'fixture_tools');
    expect(pinned).toMatchObject({ code: 0, stdout: 'Hello, Ada!\n' });
    expect(pinned.stderr).toContain('toolbox-editor call: warning: arguments: /properties/loud: type "bool" is neither JSON Schema nor a type neuro-san 0.5.55 knows; checked as "boolean"');
    const json = JSON.parse((await call(path.join(dir, 'tb.hocon'), 'greet', '--args', '{"name":"Ada","loud":true}', '--no-default', '--agent-tool-path', 'fixture_tools', '--json')).stdout) as { argumentWarnings?: string[] };
    expect(json.argumentWarnings).toHaveLength(1);
    writeFileSync(path.join(dir, 'requirements.txt'), 'neuro-san==0.7.4\n');
    const newest = await call(path.join(dir, 'tb.hocon'), 'greet', '--args', '{"name":"Ada","loud":true}', '--no-default');
    expect(newest.stderr).not.toContain('warning: arguments');
  }, 30_000);
});
