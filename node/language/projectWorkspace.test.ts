import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { definition, hoverAt } from '../../shared/language/index';
import { AppLanguage } from './appLanguage';
import { readProject } from './projectReadings';
import { ProjectWorkspace } from './projectWorkspace';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project whose toolbox includes `shared.hocon`: one in the root, one next to the toolbox, one in another folder. */
function project(): { dir: string; root: string; toolbox: string; text: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-include-definition-'));
  dirs.push(dir);
  const text = '# The parts catalog tools.\n\ninclude "shared.hocon"\nmine { class = "m.Mine", description = "Looks things up in the parts catalog by name." }\n';
  const files: Record<string, string> = {
    'project/registries/tb.hocon': text,
    'project/registries/shared.hocon': 'next_to_file { class = "m.Next", description = "Read next to the file." }\n',
    'project/shared.hocon': 'in_root { class = "m.Root", description = "Read when neuro-san runs in the project root." }\n',
    'elsewhere/shared.hocon': 'in_elsewhere { class = "m.Else", description = "Read when neuro-san runs in the other folder." }\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { dir, root: path.join(dir, 'project'), toolbox: path.join(dir, 'project', 'registries', 'tb.hocon'), text };
}

const onInclude = (text: string) => text.indexOf('include') + 2;

describe('Go to Definition on an include opens the file neuro-san reads', () => {
  it('in the app: from the working directory its analysis uses (the preference), else the project root', async () => {
    const { dir, root, toolbox, text } = project();
    const preference = { chosen: '' };
    const language = new AppLanguage(
      {},
      () => (preference.chosen === '' ? { path: root, why: 'registries' } : { path: preference.chosen, why: 'chosen' }),
      { read: readProject, dispose: async () => undefined },
    );
    const opened = async () => (await language.definition(toolbox, text, onInclude(text))).locations.map((l) => l.path);
    // The specification reads registries/shared.hocon (next to the file); neuro-san run from the root reads the root's.
    expect(await opened()).toEqual([path.join(root, 'shared.hocon')]);
    preference.chosen = path.join(dir, 'elsewhere');
    expect(await opened()).toEqual([path.join(dir, 'elsewhere', 'shared.hocon')]);
    await language.dispose();
  });

  it('in the language server: from the root, as its diagnostics read the file; the hover says the same file', async () => {
    const { root, text } = project();
    writeFileSync(path.join(root, '.env'), 'AGENT_TOOLBOX_INFO_FILE=registries/tb.hocon\n');
    const workspace = new ProjectWorkspace(root, new Map(), {});
    workspace.accept(workspace.version, await readProject(workspace.request()));
    expect(definition(workspace, 'registries/tb.hocon', onInclude(text))).toEqual([{ file: 'shared.hocon', start: 0, end: 0 }]);
    const hover = hoverAt(text, onInclude(text), [], { world: workspace, file: 'registries/tb.hocon' });
    expect(hover?.lines).toContain('Go to Definition opens `shared.hocon`.');
    // The project's reading (its diagnostics) reads the same file: its entry is a tool, the one next to the file not.
    expect(workspace.analysis?.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['in_root', 'mine']));
    expect(workspace.analysis?.tools.map((t) => t.name)).not.toContain('next_to_file');
  });

  it('in the language server: a file read only as an include has its includes looked for next to it', async () => {
    const { root } = project();
    // registries/common.hocon is read only where the toolbox includes it: pyhocon reads its own include next to it.
    const common = 'include "shared.hocon"\nextra = 1\n';
    writeFileSync(path.join(root, 'registries', 'common.hocon'), common);
    writeFileSync(path.join(root, 'registries', 'tb.hocon'), 'include "registries/common.hocon"\nmine { class = "m.Mine", description = "Looks things up in the parts catalog by name." }\n');
    const workspace = new ProjectWorkspace(root, new Map(), {});
    workspace.accept(workspace.version, await readProject(workspace.request()));
    expect(workspace.analysis?.files.find((f) => f.path === 'registries/common.hocon')?.kind).toBe('fragment');
    expect(definition(workspace, 'registries/common.hocon', 2)).toEqual([{ file: 'registries/shared.hocon', start: 0, end: 0 }]);
    const hover = hoverAt(common, 2, [], { world: workspace, file: 'registries/common.hocon' });
    expect(hover?.lines[0]).toBe('neuro-san reads `registries/shared.hocon` (found next to the including file)');
  });
});
