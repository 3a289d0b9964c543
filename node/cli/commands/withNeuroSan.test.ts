import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { NEWEST_SUMMARY, runCliIn, workspace } from '../../testSupport/cliRun';

// `validate --with-neuro-san` against fixtures/fake_neuro_san (a FAKE neuro_san package standing in for the real
// entry points: see its README), and against an interpreter that has no neuro_san at all.
const fake = path.join(appRoot(), 'fixtures', 'fake_neuro_san');
const toolbox = [
  '{ "t": { "class": "m.C", "description": "d", "parameters": { "type": "object", "properties": { "n": { "type": "str" } } } },',
  '  "get_current_date_time": null,',
  '  "ok": { "class": "m.Ok", "description": "fine" } }',
].join('\n');

describe('validate --with-neuro-san', () => {
  it("where neuro-san is installed: its version, each tool's error in its words, and no difference", async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    const { code, stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san', '--pythonpath', fake], { PATH: process.env.PATH });
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.includes(' neuro-san-tool '))).toEqual([
      // In position order, as every problem is listed.
      "tb.hocon:1:3 error neuro-san-tool neuro-san 0.0.0+fake (function_spec): ValueError: Unrecognized type 'str' for field 'n'",
      "tb.hocon:2:3 error neuro-san-tool neuro-san 0.0.0+fake (create_tool_from_toolbox): ValueError: Tool 'get_current_date_time' is not defined in the default toolbox info file or in tb.hocon.",
    ]);
    expect(lines.slice(lines.indexOf('neuro-san 0.0.0+fake (python3) loaded tb.hocon with its own code:'))).toEqual([
      'neuro-san 0.0.0+fake (python3) loaded tb.hocon with its own code:',
      "  get_current_date_time: create_tool_from_toolbox: ValueError: Tool 'get_current_date_time' is not defined in the default toolbox info file or in tb.hocon.",
      "  t: function_spec: ValueError: Unrecognized type 'str' for field 'n'",
      "  2 errors; its reading equals the editor's.",
      NEWEST_SUMMARY,
    ]);
  });

  it("a value neuro-san reads differently is shown plainly as the editor's bug, at its tool", async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    const env = { PATH: process.env.PATH, FAKE_NEURO_SAN_EDITS: JSON.stringify({ '/ok/description': 'changed by neuro-san' }) };
    const { stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--json', '--with-neuro-san', '--pythonpath', fake], env);
    const differs = (JSON.parse(stdout) as Array<{ rule: string; line: number; tool?: string; message: string }>).filter((d) => d.rule === 'reading-differs');
    expect(differs).toEqual([
      expect.objectContaining({
        line: 3,
        tool: 'ok',
        message: 'Our bug: at /ok/description neuro-san reads "changed by neuro-san", the editor reads "fine". Please report it.',
      }),
    ]);
  });

  it("neuro-san's load error is an error of the file", async () => {
    const dir = workspace({ 'tb.hocon': '{ "t": { "class": "m.C" ' });
    const { stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san', '--pythonpath', fake], { PATH: process.env.PATH });
    expect(stdout).toContain('tb.hocon:1:1 error neuro-san-load neuro-san 0.0.0+fake cannot load the file: ValueError: There was an error loading toolbox_info file "tb.hocon".');
    expect(stdout).toContain('  load error: ValueError: There was an error loading toolbox_info file "tb.hocon".');
  });

  it('where neuro-san is there but cannot be imported, the environment is said, exit 2, and no difference', async () => {
    const dir = workspace({
      'tb.hocon': '{ "ok": { "class": "m.Ok", "description": "Answers ok for any question asked." } }',
      // A neuro_san without the modules that load a toolbox (as when a dependency of them is missing).
      'half/neuro_san/__init__.py': '__version__ = "0.6.2"\n',
      'broken/neuro_san/__init__.py': 'import a_dependency_that_is_not_installed_here\n',
    });
    const half = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san', '--pythonpath', 'half'], { PATH: process.env.PATH });
    expect(half.code).toBe(2);
    expect(half.stdout).toContain("neuro-san 0.6.2 cannot be imported by python3: ModuleNotFoundError: No module named 'neuro_san.internals'.");
    expect(half.stdout).not.toContain('Our bug');
    expect(half.stdout).not.toContain('reading-differs');
    const broken = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san', '--pythonpath', 'broken'], { PATH: process.env.PATH });
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain("cannot be imported by python3: ModuleNotFoundError: No module named 'a_dependency_that_is_not_installed_here'.");
  });

  it('where the interpreter cannot import neuro_san, one line says so', async () => {
    const dir = workspace({
      'tb.hocon': '{ "ok": { "class": "m.Ok", "description": "fine" } }',
      // The description checks have tests of their own: off here, so the one line is all there is.
      '.toolbox-editor.json': JSON.stringify({ rules: { 'description-too-short': 'off', 'description-no-verb': 'off' } }),
    });
    const { code, stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san'], { PATH: process.env.PATH });
    expect(code).toBe(0);
    expect(stdout).toBe(
      "neuro-san is not installed for python3 (ModuleNotFoundError: No module named 'neuro_san'): the check with its own loader was skipped.\n" +
        `${NEWEST_SUMMARY}\n`,
    );
  });

  it("runs in the project's run settings (.toolbox-editor.json), as call, test and check do; the command line overrides them", async () => {
    const installed = path.join(appRoot(), 'fixtures', 'versions', 'installed_0_5_40');
    const dir = workspace({
      'tb.hocon': toolbox,
      // The fake neuro_san and the metadata of an installed 0.5.40 on the project's PYTHONPATH: no flag gives them.
      '.toolbox-editor.json': JSON.stringify({ run: { pythonPath: [fake, installed] } }),
    });
    const { stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san'], { PATH: process.env.PATH });
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toContain('neuro-san 0.0.0+fake (python3) loaded tb.hocon with its own code:');
    // The version that Python has installed is the version checked for.
    expect(lines.at(-1)).toBe('checked for neuro-san 0.5.40 (interpreter: installed in python3 (importlib.metadata))');
    // --python over the file's interpreter: one that cannot start.
    const other = await runCliIn(dir, ['validate', 'tb.hocon', '--with-neuro-san', '--python', path.join(dir, 'no-such-python')], { PATH: process.env.PATH });
    expect(other.stdout).toContain('tb.hocon: the check with neuro-san could not run');
    expect(other.stdout.trimEnd().split('\n').at(-1)).toBe(NEWEST_SUMMARY);
  }, 30_000);
});

