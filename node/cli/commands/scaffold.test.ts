import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { runCliIn, workspace } from '../../testSupport/cliRun';

const fixture = path.join(appRoot(), 'fixtures', 'toolboxes', 'scaffold_toolbox.hocon');
const fakeNeuroSan = path.join(appRoot(), 'fixtures', 'python_neuro_san');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const env = { PATH: process.env.PATH, HOME: process.env.HOME };

/** A folder of its own holding a copy of the toolbox (its run settings are written beside it). */
function freshRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-scaffold-'));
  made.push(dir);
  copyFileSync(fixture, path.join(dir, 'scaffold_toolbox.hocon'));
  return dir;
}
const toolboxIn = (root: string) => path.join(root, 'scaffold_toolbox.hocon');

describe('toolbox-editor scaffold', () => {
  it("writes outside the project only where the user named the root, never where a committed toolRoot points", async () => {
    const root = freshRoot();
    const outside = freshRoot();
    writeFileSync(path.join(root, '.toolbox-editor.json'), JSON.stringify({ run: { toolRoot: outside } }));
    const refused = await runCliIn(appRoot(), ['scaffold', toolboxIn(root), 'word_count'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The run settings put new modules under ${outside}, outside the file's folder ${root}: no module was written.`);
    expect(readdirSync(outside)).toEqual(['scaffold_toolbox.hocon']);
    const named = await runCliIn(appRoot(), ['scaffold', toolboxIn(root), 'word_count', '--root', outside], env);
    expect(named.code).toBe(0);
    expect(existsSync(path.join(outside, 'new_tools', 'word_count.py'))).toBe(true);
  });

  it('writes nothing through a package folder that is a link out of the root', async () => {
    const root = freshRoot();
    const outside = freshRoot();
    mkdirSync(path.join(outside, 'target'));
    symlinkSync(path.join(outside, 'target'), path.join(root, 'new_tools'));
    const result = await runCliIn(appRoot(), ['scaffold', toolboxIn(root), 'word_count', '--root', root], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${path.join(root, 'new_tools')} is a symbolic link to ${path.join(outside, 'target')}, outside the toolbox's folder ${root}.`);
    expect(result.stderr).toContain('No module was written');
    expect(readdirSync(path.join(outside, 'target'))).toEqual([]);
    expect(existsSync(path.join(root, 'new_tools', 'word_count.py'))).toBe(false);
  });

  it('writes a module that `call` runs at once, from anywhere, answering its not-implemented message; a second run refuses', async () => {
    const root = freshRoot();
    const toolbox = toolboxIn(root);
    const elsewhere = freshRoot();
    const first = await runCliIn(appRoot(), ['scaffold', toolbox, 'word_count', '--root', elsewhere], env);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const module = path.join(elsewhere, 'new_tools', 'word_count.py');
    expect(first.stdout).toContain(`wrote ${module}\nwrote ${path.join(elsewhere, 'new_tools', '__init__.py')}\n`);
    expect(first.stdout).toContain('is a plain class for now');
    // The root is recorded in the project's run settings, with the folder runs had on PYTHONPATH before.
    const settings = path.join(root, '.toolbox-editor.json');
    expect(first.stdout).toContain(`recorded ${elsewhere} in ${settings} (toolRoot and pythonPath)\n`);
    const relative = path.relative(root, elsewhere);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual({ run: { toolRoot: relative, pythonPath: ['.', relative] } });

    const call = await runCliIn(os.tmpdir(), ['call', toolbox, 'word_count', '--args', '{"text": "a b", "class": "fancy"}'], env);
    expect(call).toMatchObject({
      code: 0,
      stdout: "Not implemented: WordCount.invoke in word_count.py does not do anything yet (called with text='a b', top=None, class='fancy').\n",
    });

    const before = readFileSync(module, 'utf8');
    // Asked again, it writes under the recorded root, where the module is now: refused.
    const again = await runCliIn(appRoot(), ['scaffold', toolbox, 'word_count'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`The module new_tools.word_count exists already (${module})`);
    expect(readFileSync(module, 'utf8')).toBe(before);
  });

  it("subclasses neuro-san's CodedTool when the interpreter imports it, reads each parameter with its type, and passes preflight", async () => {
    const root = freshRoot();
    const toolbox = toolboxIn(root);
    const made = await runCliIn(appRoot(), ['scaffold', toolbox, 'word_count', '--root', root, '--pythonpath', fakeNeuroSan], env);
    expect(made.code).toBe(0);
    const text = readFileSync(path.join(root, 'new_tools', 'word_count.py'), 'utf8');
    expect(text).toContain('from neuro_san.interfaces.coded_tool import CodedTool\n\n\nclass WordCount(CodedTool):\n    """\n    Counts the words of a text.\n');
    expect(text).toContain('        text = args.get("text")  # string, required: The text to count.\n');
    expect(text).toContain('        top = args.get("top")  # integer: How many frequent words to list.\n');
    expect(text).toContain('        class_ = args.get("class")  # string (one of "plain", "fancy")\n');

    const check = await runCliIn(appRoot(), ['check', toolbox, '--pythonpath', fakeNeuroSan, '--pythonpath', path.join(appRoot(), 'fixtures', 'python')], env);
    expect(check).toMatchObject({ code: 0 });
    expect(check.stdout).toMatch(/^2 tools ready, 0 with problems/);
  });

  // neuro-san-cc's layout: AGENT_TOOL_PATH is the module path `coded_tools` (no .env: the convention), its tools'
  // packages under coded_tools/. neuro-san imports `coded_tools.cmp.word_counter` first: the module goes there, not in
  // a second top-level `cmp` package beside coded_tools/.
  it('writes under the project\'s AGENT_TOOL_PATH when it is a module path (coded_tools), beside the package\'s modules', async () => {
    const project = workspace({
      'registries/manifest.hocon': '{}\n',
      'coded_tools/__init__.py': '',
      'coded_tools/cmp/__init__.py': '',
      'coded_tools/cmp/txt_loader.py': 'class TxtLoader:\n    pass\n',
      'toolbox/toolbox_info.hocon': '{\n    "word_counter": {\n        "class": "cmp.word_counter.WordCounter",\n        "description": "Counts words."\n    }\n}\n',
    }, 'tbe-scaffold-');
    made.push(project);
    const toolbox = path.join(project, 'toolbox', 'toolbox_info.hocon');
    const result = await runCliIn(os.tmpdir(), ['scaffold', toolbox, 'word_counter'], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const module = path.join(project, 'coded_tools', 'cmp', 'word_counter.py');
    expect(result.stdout).toContain(`wrote ${module}\n`);
    expect(existsSync(path.join(project, 'cmp'))).toBe(false);
    // The folder is on neither PYTHONPATH nor anything new: AGENT_TOOL_PATH finds it, so only toolRoot is recorded.
    expect(result.stdout).toContain(`recorded ${path.join(project, 'coded_tools')} in ${path.join(project, '.toolbox-editor.json')} (toolRoot)\n`);
    const call = await runCliIn(os.tmpdir(), ['call', toolbox, 'word_counter', '--args', '{}'], env);
    expect(call).toMatchObject({ code: 0, stdout: expect.stringContaining('Not implemented: WordCounter.invoke in word_counter.py') });
  });

  it('takes a relative AGENT_TOOL_PATH folder from the environment from the working directory, as neuro-san resolves it', async () => {
    const root = freshRoot();
    const result = await runCliIn(os.tmpdir(), ['scaffold', toolboxIn(root), 'word_count'], { ...env, AGENT_TOOL_PATH: './my_tools/' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`wrote ${path.join(root, 'my_tools', 'new_tools', 'word_count.py')}\n`);
  });

  it('refuses a LangChain entry: its class is not a module of the user', async () => {
    const root = freshRoot();
    const run = await runCliIn(appRoot(), ['scaffold', toolboxIn(root), 'fake_search', '--root', root], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("'fake_search' is a LangChain entry");
  });
});
