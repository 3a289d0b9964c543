/**
 * Saved test cases mean what they say (issue #23): a case expecting success fails when the project's neuro-san would
 * not find the tool's class, though the editor's runner would; `check` says the same of the class without calling it.
 * Fixture: fixtures/versions/class_lookup (0.5.55 pinned).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { classLookupProject } from '../../testSupport/classLookupProject';
import { runCliIn } from '../../testSupport/cliRun';

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copy(pin: string): string {
  const dir = classLookupProject(pin);
  copies.push(dir);
  return dir;
}

describe('toolbox-editor test, for the neuro-san version the project pins', () => {
  it('0.5.55: the cases naming a class by its full name could not run, with what would make neuro-san find it', async () => {
    const run = await runCliIn(copy('0.5.55'), ['test', 'toolbox/toolbox_info.hocon'], { PATH: process.env.PATH });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ok {4}shared runs \(\d+ ms\)\n/);
    expect(run.stdout).toContain(
      "ERROR qualified runs (",
    );
    expect(run.stdout).toContain(
      "could not run qualified: neuro-san 0.5.55 would not find coded_tools.shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools).",
    );
    expect(run.stdout).toContain('Could not find class "Outside"');
    expect(run.stdout).toMatch(/1 passed, 0 failed, 2 could not run \(toolbox\/toolbox_info\.tests\.json\)\n$/);
  });

  it('0.6.95 imports a fully qualified name first: every case passes', async () => {
    const run = await runCliIn(copy('0.6.95'), ['test', 'toolbox/toolbox_info.hocon'], { PATH: process.env.PATH });
    expect(run.stdout).toMatch(/3 passed, 0 failed \(toolbox\/toolbox_info\.tests\.json\)\n$/);
    expect(run.code).toBe(0);
  });
});

describe('toolbox-editor check, for the neuro-san version the project pins', () => {
  const problems = (stdout: string) =>
    (JSON.parse(stdout) as { tool: string; rule: string; message: string }[]).map((d) => `${d.tool} ${d.rule}: ${d.message}`);

  it('0.5.55: a class only the editor finds is a problem, saying what would make neuro-san find it', async () => {
    const run = await runCliIn(copy('0.5.55'), ['check', 'toolbox/toolbox_info.hocon', '--json'], { PATH: process.env.PATH });
    expect(run.code).toBe(1);
    const found = problems(run.stdout);
    expect(found.slice(0, 2)).toEqual([
      "qualified class-import: neuro-san 0.5.55 would not find coded_tools.shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools).",
      "outside class-import: neuro-san 0.5.55 would not find helpers.outside.Outside (the editor's runner finds it in helpers/outside.py): move outside.py to coded_tools and write the class as 'outside.Outside', or set AGENT_TOOL_PATH to the folder holding it.",
    ]);
    // Found by neither: the editor's own account, as before.
    expect(found[2]).toBe("level class-import: Class level_tool.Level not found: the package 'level_tool' is neither installed nor on the path.");
    expect(found).toHaveLength(3);
    expect(run.stderr).toContain('1 tool ready, 3 with problems');
  });

  it('0.6.21 looks at every network level but never imports a full name; with deep/sub it finds level_tool', async () => {
    const dir = copy('0.6.21');
    const run = await runCliIn(dir, ['check', 'toolbox/toolbox_info.hocon', '--agent-network', 'deep/sub', '--json'], { PATH: process.env.PATH });
    expect(problems(run.stdout).map((p) => p.split(':')[0])).toEqual(['qualified class-import', 'outside class-import']);
    expect(run.stdout).toContain('neuro-san 0.6.21 would not find coded_tools.shared_tool.Shared');
    const old = await runCliIn(copy('0.5.55'), ['check', 'toolbox/toolbox_info.hocon', '--agent-network', 'deep/sub', '--json'], { PATH: process.env.PATH });
    expect(problems(old.stdout)).toContain(
      "level class-import: neuro-san 0.5.55 would not find level_tool.Level (the editor's runner finds it in coded_tools/deep/level_tool.py): write the class as 'deep.level_tool.Level', relative to AGENT_TOOL_PATH (coded_tools).",
    );
  });

  it('0.6.95 imports a fully qualified name first: only the class nobody finds is a problem', async () => {
    const run = await runCliIn(copy('0.6.95'), ['check', 'toolbox/toolbox_info.hocon', '--json'], { PATH: process.env.PATH });
    expect(problems(run.stdout).map((p) => p.split(':')[0])).toEqual(['level class-import']);
    expect(run.stderr).toContain('3 tools ready, 1 with problems');
  });
});
