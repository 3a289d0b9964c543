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
    const tools = JSON.parse((await cli(['tools', 'toolboxes/tb.hocon', '--json', '--no-default', '--as', 'spec'], dir)).stdout) as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toEqual(['shared_tool', 'mine']);
    // neuro-san's reading (tools' default) looks a top-level include up only in the directory neuro-san runs in.
    const asNeuroSan = async (...more: string[]) =>
      (JSON.parse((await cli(['tools', 'toolboxes/tb.hocon', '--json', '--no-default', ...more], dir)).stdout) as Array<{ name: string }>).map((t) => t.name);
    expect(await asNeuroSan()).toEqual(['mine']);
    expect(await asNeuroSan('--cwd', '.')).toEqual(['shared_tool', 'mine']);
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
});
