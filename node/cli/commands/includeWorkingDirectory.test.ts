import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';

// neuro-san looks for a top-level include in the folder it runs in: the warning says which file that gives.
describe('a top-level include in neuro-san\'s reading', () => {
  const files = {
    'project/toolboxes/tb.hocon': 'include "shared.hocon"\nt { class = "m.C", description = "Looks things up in the catalog." }\n',
    'project/toolboxes/shared.hocon': 'u { class = "m.U", description = "Never read by neuro-san from the project root." }\n',
    'project/shared.hocon': 'v { class = "m.V", description = "Read when neuro-san runs in the project root." }\n',
  };

  it('is looked up in the working directory, and a warning at the include names the file read there', async () => {
    const dir = workspace(files);
    const r = await runCliIn(path.join(dir, 'project'), ['validate', 'toolboxes/tb.hocon', '--cwd', '.']);
    expect(r.stdout).toContain(
      // Paths as the command line prints them: from the folder it runs in.
      `toolboxes/tb.hocon:1:1 warning include-working-directory neuro-san looks for "shared.hocon" in the folder it runs in (the current folder), not next to this file: it reads shared.hocon, where the text seems to mean toolboxes/shared.hocon.`,
    );
    // What differs in the tools comes from that alone: said there, not again at the keys of the file read.
    expect(r.stdout).not.toContain('neuro-san-reads');
    const tools = await runCliIn(path.join(dir, 'project'), ['tools', 'toolboxes/tb.hocon', '--cwd', '.', '--no-default']);
    expect(tools.stdout).toContain('v ');
    expect(tools.stdout).not.toMatch(/^u /m);
  });

  it('says so when there is no such file where neuro-san runs, and the spec\'s reading finds it next to the file', async () => {
    const dir = workspace(files);
    const r = await runCliIn(path.join(dir, 'project', 'toolboxes'), ['validate', 'tb.hocon', '--cwd', '..', '--as', 'neuro-san']);
    expect(r.stdout).toContain('it reads');
    const elsewhere = await runCliIn(dir, ['validate', 'project/toolboxes/tb.hocon', '--cwd', '.']);
    expect(elsewhere.stdout).toContain('there is no shared.hocon, so neuro-san skips the include');
    const spec = await runCliIn(dir, ['validate', 'project/toolboxes/tb.hocon', '--cwd', '.', '--as', 'spec']);
    expect(spec.stdout).not.toContain('include-working-directory');
  });

  it("is the project's run settings' workingDirectory by default, for validate, tools and the runs of call alike", async () => {
    const dir = workspace({
      ...files,
      'project/registries/.keep': '',
      'project/.toolbox-editor.json': '{ "run": { "workingDirectory": "toolboxes" } }\n',
    });
    // neuro-san runs in project/toolboxes: the include reads the file next to tb.hocon there.
    const tools = await runCliIn(dir, ['tools', 'project/toolboxes/tb.hocon', '--no-default']);
    expect(tools.stdout).toMatch(/^u /m);
    expect(tools.stdout).not.toMatch(/^v /m);
    const checked = await runCliIn(dir, ['validate', 'project/toolboxes/tb.hocon']);
    expect(checked.stdout).toContain('in the folder it runs in (project/toolboxes), not next to this file: it reads project/toolboxes/shared.hocon.');
    // A run reads the toolbox from there too: `u` is a tool it can be asked for, `v` is not.
    const call = await runCliIn(dir, ['call', 'project/toolboxes/tb.hocon', 'v', '--no-default', '--python', '/nonexistent/python']);
    expect(call.stderr).toBe('tool not found: v (tools in tb.hocon: u, t)\n');
    // --cwd still decides over the file.
    const given = await runCliIn(dir, ['tools', 'project/toolboxes/tb.hocon', '--no-default', '--cwd', 'project']);
    expect(given.stdout).toMatch(/^v /m);
  });

  it('finding another file there than the one next to the file: said once, at the include, not at the keys of the other', async () => {
    // A project inside a folder whose config/ has a file of the same name: run from the project's root,
    // "../config/llm.hocon" is the folder's, not the project's own config/llm.hocon the text seems to mean.
    const dir = workspace({
      'config/llm.hocon': 'fallbacks = [ { class = "nvidia", model_name = "m" } ]\n',
      'project/registries/manifest.hocon': '{ "net.hocon": true }\n',
      'project/registries/llm_config.hocon': 'include "../config/llm.hocon"\n',
      'project/registries/net.hocon': 'include "../config/llm.hocon"\ntools = [ { name = "front", function { description = "Answers questions about the weather." }, instructions = "Answer." } ]\n',
      'project/config/llm.hocon': 'llm_config { model_name = "gpt-4o" }\n',
    });
    const r = await runCliIn(dir, ['validate', 'project']);
    for (const file of ['llm_config', 'net']) {
      expect(r.stdout).toContain(
        `project/registries/${file}.hocon:1:1 warning include-working-directory neuro-san looks for "../config/llm.hocon" in the folder it runs in (the current folder), not next to this file: it reads ../config/llm.hocon, where the text seems to mean config/llm.hocon.`,
      );
    }
    // Nothing said at the keys of the folder's file: the project does not mean it.
    expect(r.stdout).not.toContain('neuro-san-reads');
    expect(r.stdout).not.toMatch(/^config\/llm\.hocon/m);
  });
});
