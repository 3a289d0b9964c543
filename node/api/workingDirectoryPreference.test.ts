import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../shared/api/index';
import type { Preferences, ToolboxAnalysis } from '../../shared/api/toolboxApi';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { workspace } from '../testSupport/cliRun';
import type { ApiService } from './handlers';

let service: ApiService | undefined;
afterEach(() => service?.dispose());

function setup(files: Record<string, string>) {
  const dir = workspace(files, 'toolbox-editor-api-cwd-');
  service = browserModeService(dir, { env: {} });
  return { dir, call: apiCaller(service) };
}

// neuro-san looks for a top-level include in the folder it runs in: the preference decides which file that is.
const files = {
  'project/registries/tb.hocon': 'include "shared.hocon"\nt { class = "m.C", description = "Looks things up in the catalog of parts." }\n',
  'project/registries/shared.hocon': 'u { class = "m.U", description = "Read next to the file, as the specification reads it." }\n',
  'project/shared.hocon': 'v { class = "m.V", description = "Read when neuro-san runs in the project root." }\n',
  'elsewhere/shared.hocon': 'w { class = "m.W", description = "Read when neuro-san runs in the other folder." }\n',
};

describe('the preference "neuro-san\'s working directory"', () => {
  it('changes which file a top-level include reads, and the analysis says which folder and why', async () => {
    const { dir, call } = setup(files);
    const file = path.join(dir, 'project', 'registries', 'tb.hocon');
    const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: files['project/registries/tb.hocon'], noDefault: true });
    const own = (a: ToolboxAnalysis) => a.tools.map((t) => t.name);

    const byDefault = await analyse();
    expect(byDefault.workingDirectory).toEqual({ path: path.join(dir, 'project'), why: 'registries' });
    expect(own(byDefault)).toEqual(['v', 't']);
    expect(byDefault.includes).toEqual([
      expect.objectContaining({
        target: 'shared.hocon',
        range: expect.objectContaining({ start: expect.objectContaining({ line: 1, column: 1 }) }),
        neuroSan: { path: path.join(dir, 'project', 'shared.hocon'), found: true, dependsOnCwd: true },
        spec: expect.objectContaining({ read: [path.join(dir, 'project', 'registries', 'shared.hocon')] }),
      }),
    ]);

    // Relative to the project's root.
    await call<Preferences>('prefs.set', { neuroSanCwd: '../elsewhere' });
    const moved = await analyse();
    expect(moved.workingDirectory).toEqual({ path: path.join(dir, 'elsewhere'), why: 'chosen' });
    expect(own(moved)).toEqual(['w', 't']);
    expect(moved.diagnostics.find((d) => d.rule === 'include-working-directory')?.message).toContain(path.join(dir, 'elsewhere', 'shared.hocon'));

    // Absolute, and a folder without the file: neuro-san skips the include.
    await call<Preferences>('prefs.set', { neuroSanCwd: path.join(dir, 'project', 'registries', '..', '..') });
    const none = await analyse();
    expect(none.workingDirectory).toEqual({ path: dir, why: 'chosen' });
    expect(own(none)).toEqual(['t']);
    expect(none.includes?.[0]?.neuroSan).toEqual({ path: path.join(dir, 'shared.hocon'), found: false, dependsOnCwd: true });

    // Empty: the default again.
    await call<Preferences>('prefs.set', { neuroSanCwd: '' });
    expect(own(await analyse())).toEqual(['v', 't']);
  });

  it('is where Go to Definition on the include goes: the file the analysis says neuro-san reads', async () => {
    const { dir, call } = setup(files);
    const file = path.join(dir, 'project', 'registries', 'tb.hocon');
    const text = files['project/registries/tb.hocon'];
    const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text, noDefault: true });
    const goToDefinition = async () => (await call<ApiResponse<'language.definition'>>('language.definition', { path: file, text, offset: 2 })).locations.map((l) => l.path);
    // Not the specification's file (registries/shared.hocon, next to the toolbox), at every setting.
    for (const [chosen, expected] of [['', path.join(dir, 'project', 'shared.hocon')], ['../elsewhere', path.join(dir, 'elsewhere', 'shared.hocon')]] as const) {
      await call<Preferences>('prefs.set', { neuroSanCwd: chosen });
      expect((await analyse()).includes?.[0]?.neuroSan?.path).toBe(expected);
      expect(await goToDefinition()).toEqual([expected]);
    }
  });

  it('defaults to the file\'s folder outside a project, where a relative preference is relative to', async () => {
    const { dir, call } = setup({ 'a/tb.hocon': files['project/registries/tb.hocon'], 'a/shared.hocon': files['project/shared.hocon'], 'b/shared.hocon': files['elsewhere/shared.hocon'] });
    const file = path.join(dir, 'a', 'tb.hocon');
    const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: files['project/registries/tb.hocon'], noDefault: true });
    const byDefault = await analyse();
    expect(byDefault.workingDirectory).toEqual({ path: path.join(dir, 'a'), why: 'file-folder' });
    expect(byDefault.tools.map((t) => t.name)).toEqual(['v', 't']);
    await call<Preferences>('prefs.set', { neuroSanCwd: '../b' });
    const moved = await analyse();
    expect(moved.workingDirectory).toEqual({ path: path.join(dir, 'b'), why: 'chosen' });
    expect(moved.tools.map((t) => t.name)).toEqual(['w', 't']);
  });

  it("gives way to the project's run settings: their workingDirectory is where neuro-san runs, for its includes and its tools alike", async () => {
    const { dir, call } = setup({ ...files, 'project/.toolbox-editor.json': '{ "run": { "workingDirectory": "../elsewhere" } }\n' });
    const file = path.join(dir, 'project', 'registries', 'tb.hocon');
    const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: files['project/registries/tb.hocon'], noDefault: true });
    const set = await analyse();
    expect(set.workingDirectory).toEqual({ path: path.join(dir, 'elsewhere'), why: 'project-file' });
    expect(set.tools.map((t) => t.name)).toEqual(['w', 't']);
    // The test runs of the file run in the same folder.
    const settings = await call<{ settings: { workingDirectory: { value: string; from: string } } }>('run.settings', { path: file });
    expect(settings.settings.workingDirectory).toEqual({ value: path.join(dir, 'elsewhere'), from: 'project file' });
    // The file wins over the preference, for both.
    await call<Preferences>('prefs.set', { neuroSanCwd: '.' });
    expect((await analyse()).workingDirectory).toEqual({ path: path.join(dir, 'elsewhere'), why: 'project-file' });
    expect((await call<{ settings: { workingDirectory: { value: string } } }>('run.settings', { path: file })).settings.workingDirectory.value).toBe(path.join(dir, 'elsewhere'));
  });
});

// Issue #34: a project inside another (tests/registries/ of a project) that nothing says runs it is judged from either
// folder; the preference naming the outer root settles it there, in the app as `validate --cwd .` does on the command line.
describe('the preference for a file of a project inside another', () => {
  const nested = {
    'registries/manifest.hocon': '{ "hello.hocon": true }\n',
    'registries/hello.hocon': '{ "tools": [ { "name": "front", "function": { "description": "Greets." }, "instructions": "Say hello." } ] }\n',
    'tests/registries/manifest.hocon': '{ "basic/music_nerd_pro.hocon": true }\n',
    'tests/registries/basic/music_nerd_pro.hocon':
      '{\n    "tools": [\n        { "name": "front", "function": { "description": "Answers." }, "instructions": "Help.", "tools": ["accountant"] },\n        { "name": "accountant", "function": { "description": "Counts." }, "class": "accountant.Accountant" }\n    ]\n}\n',
    'tests/coded_tools/basic/music_nerd_pro/accountant.py': 'class Accountant:\n    pass\n',
    'coded_tools/__init__.py': '',
    'requirements.txt': 'neuro-san==0.6.95\n',
  };

  it('reads it as a file of the outer project when the preference names the outer root', async () => {
    const { dir, call } = setup(nested);
    const file = path.join(dir, 'tests', 'registries', 'basic', 'music_nerd_pro.hocon');
    const analyse = () => call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: nested['tests/registries/basic/music_nerd_pro.hocon'] });
    const rules = (a: ToolboxAnalysis) => a.diagnostics.map((d) => d.rule).filter((r) => r !== 'neuro-san-reads');
    const byDefault = await analyse();
    expect(byDefault.workingDirectory).toEqual({ path: path.join(dir, 'tests'), why: 'registries' });
    expect(rules(byDefault)).toEqual(['working-directory-unknown']);
    // The outer root: its coded_tools lacks the class, as `validate --cwd . FILE` says.
    await call<Preferences>('prefs.set', { neuroSanCwd: '..' });
    const outer = await analyse();
    expect(outer.workingDirectory).toEqual({ path: dir, why: 'chosen' });
    expect(rules(outer)).toEqual(['coded-class-not-found']);
    // The inner folder: read from there alone, the class found, no note.
    await call<Preferences>('prefs.set', { neuroSanCwd: '.' });
    const inner = await analyse();
    expect(inner.workingDirectory).toEqual({ path: path.join(dir, 'tests'), why: 'chosen' });
    expect(rules(inner)).toEqual([]);
  });
});
