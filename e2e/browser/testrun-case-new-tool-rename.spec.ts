import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliPath, startBrowserMode } from '../support/browserMode';

test.use({ viewport: { width: 1600, height: 1100 } });

const accountant = `class Accountant:
    """Adds up what it is given."""

    def invoke(self, args, sly_data):
        return f"Total: {args['your_argument']}"
`;

// Issue #35: a coded tool added, renamed (F2) and run before the toolbox was ever saved with it; "Save as test case"
// wrote its first name, new_coded_tool, which no save fixed, and `test` then failed in CI ("tool not found").
test('a tool added and renamed before its first save: its saved case names it as the text does, and `test` passes once saved', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-new-rename-'));
  const file = path.join(dir, 'toolbox_info.hocon');
  writeFileSync(file, '# The project\'s tools\n');
  writeFileSync(path.join(dir, 'books.py'), accountant);
  writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ run: { pythonPath: ['.'] } }));
  const server = await startBrowserMode({ dir, env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Open a file…' }).click();
    await page.getByLabel('File path').fill(file);
    await page.getByLabel('File path').press('Enter');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');

    await page.getByRole('button', { name: 'Add tool' }).click();
    await page.getByRole('menuitem', { name: 'Coded tool' }).click();
    await expect(page.getByRole('form', { name: 'Tool new_coded_tool' }).getByLabel('Class', { exact: true })).toBeFocused();
    await page.keyboard.type('books.Accountant');

    // F2 in the tool list, before any save.
    const toolList = page.getByRole('region', { name: 'Tool list' });
    await toolList.getByRole('option', { name: 'new_coded_tool' }).click();
    await page.keyboard.press('F2');
    const rename = page.getByRole('dialog', { name: 'Rename new_coded_tool' });
    await rename.getByLabel('New name').fill('accountant');
    await rename.getByLabel('New name').press('Enter');
    await expect(toolList.getByRole('option', { name: 'accountant' })).toBeVisible();

    const pane = page.getByRole('region', { name: 'Test run' });
    await pane.getByLabel('Tool', { exact: true }).selectOption('accountant');
    await pane.getByLabel('your_argument', { exact: true }).fill('42');
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toHaveText('Total: 42');

    await pane.getByRole('list', { name: 'Run history' }).locator('li').first().getByRole('button', { name: 'Save as test case' }).click();
    const editor = page.getByRole('dialog', { name: 'Save as test case' });
    await editor.getByLabel('Name').fill('adds up');
    await editor.getByRole('button', { name: 'Save test case' }).click();
    await expect(pane.getByRole('status')).toContainText("Saved test case 'adds up' to toolbox_info.tests.json.");
    const casesFile = path.join(dir, 'toolbox_info.tests.json');
    expect(JSON.parse(readFileSync(casesFile, 'utf8')).cases.map((c: { tool: string }) => c.tool)).toEqual(['accountant']);
    await expect(pane.getByRole('list', { name: 'Saved test cases of accountant' }).locator('li')).toHaveCount(1);

    // Saved: the file and its case agree, and CI's `test` finds the tool.
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');
    expect(readFileSync(file, 'utf8')).toContain('accountant');
    expect(JSON.parse(readFileSync(casesFile, 'utf8')).cases.map((c: { tool: string }) => c.tool)).toEqual(['accountant']);
    await expect(pane.getByRole('list', { name: 'Run history' }).locator('li')).toHaveCount(1);
    const run = spawnSync(process.execPath, [cliPath, 'test', file], { cwd: dir, encoding: 'utf8' });
    expect(run.stdout).toMatch(/^ok {4}adds up \(\d+ ms\)\n1 passed, 0 failed /);
    expect(run.status).toBe(0);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
