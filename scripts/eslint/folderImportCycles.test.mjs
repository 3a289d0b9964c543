import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import folderImportCycles from './folderImportCycles.mjs';

/** A source tree in a temporary folder, linted with the rule alone; answers each file's messages. */
async function lintTree(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folder-cycles-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true });
    writeFileSync(path.join(dir, 'src', name), text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { local: folderImportCycles }, rules: { 'local/folder-import-cycles': ['error', { root: 'src' }] } },
    ],
  });
  const results = await eslint.lintFiles(['src']);
  return Object.fromEntries(results.map((r) => [path.relative(path.join(dir, 'src'), r.filePath), r.messages.map((m) => m.message)]));
}
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('no import cycles between folders', () => {
  it('reports a cycle of folders that no ring of files makes, at each arrow of it', async () => {
    const messages = await lintTree({
      'form/ToolForm.ts': "import { label } from '../tools/labels';\nexport const form = label;\n",
      'tools/labels.ts': "export const label = 'x';\n",
      'tools/actions.ts': "import { focus } from '../form/focus';\nexport const act = focus;\n",
      'form/focus.ts': "export const focus = 1;\n",
      'ui/Button.ts': "export const button = 1;\n",
      'form/Other.ts': "import { button } from '../ui/Button';\nexport const other = button;\n",
    });
    expect(messages['form/ToolForm.ts']).toEqual([expect.stringContaining("'form/' imports 'tools/', which imports back: form/ → tools/ → form/")]);
    expect(messages['tools/actions.ts']).toEqual([expect.stringContaining("'tools/' imports 'form/'")]);
    // A one-way arrow is fine.
    expect(messages['form/Other.ts']).toEqual([]);
  });

  it("counts type imports too, but not the composition root's contract", async () => {
    const messages = await lintTree({
      'workspace.ts': "import { makeCatalog } from './catalog/store';\nexport interface Workspace { catalog: ReturnType<typeof makeCatalog> }\n",
      'catalog/store.ts': "export const makeCatalog = () => 1;\n",
      'catalog/Region.ts': "import type { Workspace } from '../workspace';\nexport const region = (w: Workspace) => w.catalog;\n",
      'state/view.ts': "import type { Hook } from '../catalog/hook';\nexport type View = Hook;\n",
      'catalog/hook.ts': "import { View } from '../state/view';\nexport type Hook = number;\nexport const v: View | undefined = undefined;\n",
    });
    expect(messages['catalog/Region.ts']).toEqual([]);
    expect(messages['workspace.ts']).toEqual([]);
    expect(messages['state/view.ts']).toEqual([expect.stringContaining("'state/' imports 'catalog/'")]);
  });

  it('finds a longer ring, and names it', async () => {
    const messages = await lintTree({
      'a/x.ts': "import '../b/y';\n",
      'b/y.ts': "import '../c/z';\n",
      'c/z.ts': "export { w } from '../a/w';\n",
      'a/w.ts': 'export const w = 1;\n',
    });
    expect(messages['a/x.ts']).toEqual([expect.stringContaining('a/ → b/ → c/ → a/')]);
  });
});
