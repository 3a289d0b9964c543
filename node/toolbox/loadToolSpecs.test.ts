import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadToolSpecs, ToolSpecLoadError } from './loadToolSpecs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-specs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const full = path.join(tmp, name);
  writeFileSync(full, text);
  return full;
}

describe('loadToolSpecs', () => {
  it('gives coded and LangChain specs in order, over the default toolbox unless asked not to', async () => {
    const toolbox = file(
      'a.hocon',
      ['search { class = "pkg.mod.Search", args { k = 2 } }', 'add { class = "math.Add", description = "Adds." }'].join('\n'),
    );
    const layered = await loadToolSpecs(toolbox, { cwd: tmp, env: {} });
    expect(layered.specs.map((s) => s.name)).toEqual(['get_current_date_time', 'search', 'add']);
    const alone = await loadToolSpecs(toolbox, { cwd: tmp, env: {}, withDefaults: false });
    expect(alone.problems).toEqual([]);
    expect(alone.specs).toEqual([
      { name: 'search', kind: 'langchain', className: 'pkg.mod.Search', args: { k: 2 }, argsJson: '{"k":2}' },
      { name: 'add', kind: 'coded', className: 'math.Add', description: 'Adds.' },
    ]);
  });

  it('lets a user entry override one field of a default tool', async () => {
    const toolbox = file('b.json', '{"get_current_date_time": {"class": "my_tools.Now"}}');
    const { specs } = await loadToolSpecs(toolbox, { cwd: tmp, env: {} });
    expect(specs[0]).toMatchObject({ name: 'get_current_date_time', kind: 'coded', className: 'my_tools.Now' });
    expect(specs[0]?.description).toBeTruthy();
  });

  it('keeps entries neuro-san would refuse out of the specs, with its message', async () => {
    const toolbox = file('c.hocon', 'two { class = "a.B" }\nnone { args {} }\nok { class = "m.C", description = "d" }\n');
    const { specs, problems } = await loadToolSpecs(toolbox, { cwd: tmp, env: {}, withDefaults: false });
    expect(specs.map((s) => s.name)).toEqual(['ok']);
    expect(problems.map((p) => p.tool).sort()).toEqual(['none', 'two']);
    expect(problems.find((p) => p.tool === 'two')?.message).toContain("must be of the form '<package_name>.<module_name>.<ClassName>'");
  });

  it("layers the default toolbox of the neuro-san version the project runs: a 0.5.x project's runs see its default tools", async () => {
    const project = path.join(__dirname, '../../fixtures/versions/pinned_0_5');
    const toolbox = path.join(project, 'tools/my_toolbox.hocon');
    const pinned = (await loadToolSpecs(toolbox, { cwd: project, env: {} })).specs.map((s) => s.name);
    expect(pinned).toEqual(expect.arrayContaining(['tavily_search', 'bing_search', 'requests_get', 'tally_numbers']));
    // The same file for the newest release: only today's default tool.
    const newest = (await loadToolSpecs(toolbox, { cwd: project, env: {}, versionLookup: { override: '0.6.95' } })).specs.map((s) => s.name);
    expect(newest).toEqual(['get_current_date_time', 'tally_numbers']);
  });

  it('refuses other file types, missing files and HOCON syntax errors', async () => {
    await expect(loadToolSpecs(path.join(tmp, 'x.yaml'))).rejects.toThrow('must be a .json or .hocon file');
    await expect(loadToolSpecs(path.join(tmp, 'missing.hocon'))).rejects.toThrow(ToolSpecLoadError);
    await expect(loadToolSpecs(file('d.hocon', 'a { class = '))).rejects.toThrow(/d\.hocon:\d+:\d+: /);
  });

  it('refuses a file, or an included file, that is not UTF-8 instead of running it mangled', async () => {
    const latin1 = path.join(tmp, 'latin1.hocon');
    writeFileSync(latin1, Buffer.from('t { class = "m.T", description = "caf\xe9" }\n', 'latin1'));
    const including = file('including.hocon', 'include "latin1.hocon"\n');
    for (const toolbox of [latin1, including]) {
      await expect(loadToolSpecs(toolbox, { cwd: tmp, env: {} })).rejects.toThrow(`${latin1} is not UTF-8 text (invalid byte at offset 37)`);
    }
  });
});
