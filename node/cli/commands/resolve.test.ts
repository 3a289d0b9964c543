import { describe, expect, it } from 'vitest';
import { runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

const workspace = (files: Record<string, string | Buffer>) => makeWorkspace(files, 'resolve-cli-');

const cli = (args: string[], cwd: string) => runCliIn(cwd, args);

describe('toolbox-editor resolve', () => {
  it('finds includes as tools and validate do (neuro-san): next to the including file, then in the working directory', async () => {
    const dir = workspace({
      'toolboxes/tb.hocon': 'include "shared_tools.hocon"\nmine { class = "a.b.C" }\n',
      'shared_tools.hocon': 'shared_tool { class = "x.y.Z" }\n',
    });
    const resolved = await cli(['resolve', 'toolboxes/tb.hocon'], dir);
    expect(resolved).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(resolved.stdout)).toEqual({ shared_tool: { class: 'x.y.Z' }, mine: { class: 'a.b.C' } });
    const tools = JSON.parse((await cli(['tools', 'toolboxes/tb.hocon', '--json', '--no-default'], dir)).stdout) as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toEqual(['shared_tool', 'mine']);
  });

  it('--base-dir still says where else includes are looked for', async () => {
    const dir = workspace({
      'toolboxes/tb.hocon': 'include "shared_tools.hocon"\nmine { class = "a.b.C" }\n',
      'elsewhere/shared_tools.hocon': 'other_tool { class = "x.y.Z" }\n',
    });
    const resolved = await cli(['resolve', 'toolboxes/tb.hocon', '--base-dir', 'elsewhere'], dir);
    expect(JSON.parse(resolved.stdout)).toEqual({ other_tool: { class: 'x.y.Z' }, mine: { class: 'a.b.C' } });
    expect((await cli(['resolve', '--help'], dir)).stdout).toMatch(/--base-dir DIR .*\(default: the working directory/);
  });

  it('prints integers beyond 2^53 exactly as written, for one file and for several', async () => {
    const dir = workspace({ 'big.hocon': 'i = 9007199254740993\np = 9223372036854775807\nlist = [-9223372036854775808, 1]\n', 'small.hocon': 'a = 1\n' });
    const one = await cli(['resolve', 'big.hocon'], dir);
    expect(one).toEqual({
      code: 0,
      stdout: '{\n  "i": 9007199254740993,\n  "p": 9223372036854775807,\n  "list": [\n    -9223372036854775808,\n    1\n  ]\n}\n',
      stderr: '',
    });
    const many = await cli(['resolve', 'big.hocon', 'small.hocon'], dir);
    expect(many.stdout).toBe(
      '{"file":"big.hocon","ok":true,"json":{"i":9007199254740993,"p":9223372036854775807,"list":[-9223372036854775808,1]}}\n' +
        '{"file":"small.hocon","ok":true,"json":{"a":1}}\n',
    );
  });

  it('--as neuro-san prints what neuro-san reads, finding a top-level include in --cwd, and fails as neuro-san fails', async () => {
    const dir = workspace({
      'registries/tb.hocon': 'include "shared.hocon"\nx = X\nmine { description = """Looks up""" ${x} }\n',
      'shared.hocon': 'shared_tool { class = "x.y.Z" }\n',
      'registries/durations.hocon': 'timeout = 10 seconds\n',
    });
    const resolved = await cli(['resolve', 'registries/tb.hocon', '--as', 'neuro-san'], dir);
    expect(resolved).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(resolved.stdout)).toEqual({ shared_tool: { class: 'x.y.Z' }, x: 'X', mine: { description: 'Looks upX' } });
    // The spec's reading keeps the space; run in registries/, neuro-san does not find shared.hocon.
    expect(JSON.parse((await cli(['resolve', 'registries/tb.hocon'], dir)).stdout).mine).toEqual({ description: 'Looks up X' });
    const inRegistries = await cli(['resolve', 'registries/tb.hocon', '--as', 'neuro-san', '--cwd', 'registries'], dir);
    expect(Object.keys(JSON.parse(inRegistries.stdout))).toEqual(['x', 'mine']);
    const failed = await cli(['resolve', 'registries/durations.hocon', '--as', 'neuro-san'], dir);
    expect(failed).toMatchObject({ code: 1, stdout: '', stderr: 'registries/durations.hocon:1:11: TypeError: Object of type relativedelta is not JSON serializable\n' });
    const many = await cli(['resolve', 'registries/durations.hocon', 'shared.hocon', '--as', 'neuro-san'], dir);
    expect(many.stdout.split('\n').map((line) => (line ? JSON.parse(line) : line))).toEqual([
      { file: 'registries/durations.hocon', ok: false, error: { message: 'TypeError: Object of type relativedelta is not JSON serializable', line: 1, column: 11, file: 'registries/durations.hocon' } },
      { file: 'shared.hocon', ok: true, json: { shared_tool: { class: 'x.y.Z' } } },
      '',
    ]);
    expect((await cli(['resolve', 'shared.hocon', '--as', 'lightbend'], dir)).code).toBe(2);
  });
});
