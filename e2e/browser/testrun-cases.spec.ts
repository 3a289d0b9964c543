import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliPath, startBrowserMode } from '../support/browserMode';

test.use({ viewport: { width: 1600, height: 1100 } });

/** The environment of another shell: nothing of the app's, no PYTHONPATH. */
function bareEnv(): NodeJS.ProcessEnv {
  const { PYTHONPATH: _ignored, TOOLBOX_EDITOR_STATE_DIR: _state, ...rest } = process.env;
  return rest;
}

const implemented = `class MyTool:
    """Finds what it is asked for."""

    def invoke(self, args, sly_data):
        return f"Found: {args['query'].upper()}"
`;

async function saveCaseFromHistory(page: Page, entry: number, name: string, expect_: { kind?: string; text: string }) {
  const pane = page.getByRole('region', { name: 'Test run' });
  await pane.getByRole('list', { name: 'Run history' }).locator('li').nth(entry).getByRole('button', { name: 'Save as test case' }).click();
  const editor = page.getByRole('dialog', { name: 'Save as test case' });
  await editor.getByLabel('Name').fill(name);
  if (expect_.kind) await editor.getByLabel('Expectation').selectOption({ label: expect_.kind });
  await editor.getByLabel('Expected').fill(expect_.text);
  await editor.getByRole('button', { name: 'Save test case' }).click();
  await expect(editor).toBeHidden();
  await expect(pane.getByRole('status')).toContainText(`Saved test case '${name}' to toolbox_info.tests.json.`);
}

test('a new toolbox, its class created and implemented, two named cases saved in the app: `toolbox-editor test` passes from another folder with no options, and "Copy as CLI" repeats the last run', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-fresh-'));
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-elsewhere-'));
  // Nothing on PYTHONPATH: whatever a run needs must come from the project's own settings.
  const server = await startBrowserMode({ dir, env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    // A new toolbox (the template's coded tool my_tool, class my_tool.MyTool), saved in the fresh folder.
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'New' }).click();
    await expect(page).toHaveTitle(/Untitled/);
    await page.keyboard.press('ControlOrMeta+s');
    const saveAs = page.getByRole('dialog', { name: 'Save as' });
    await saveAs.getByLabel('File path').fill(path.join(dir, 'toolbox_info.hocon'));
    await saveAs.getByLabel('File path').press('Enter');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');

    // "Create Python class", under a folder of its own: recorded in the project's run settings.
    await page.getByRole('region', { name: 'Tool list' }).getByRole('option', { name: 'my_tool' }).click();
    const form = page.getByRole('form', { name: 'Tool my_tool' });
    await form.getByRole('button', { name: 'Create Python class' }).click();
    const create = page.getByRole('dialog');
    await create.getByRole('textbox').fill(path.join(dir, 'src'));
    await create.getByRole('button', { name: 'Create' }).click();
    const module = path.join(dir, 'src', 'my_tool.py');
    await expect(form.getByRole('status')).toContainText(`Wrote ${module}.`);
    await expect(form.getByRole('status')).toContainText(`${path.join(dir, 'src')} was added to the project's PYTHONPATH in .toolbox-editor.json`);
    expect(JSON.parse(readFileSync(path.join(dir, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { toolRoot: 'src', pythonPath: ['.', 'src'] } });

    // The class implemented; two runs in the pane, which shows where its PYTHONPATH comes from.
    writeFileSync(module, implemented);
    const pane = page.getByRole('region', { name: 'Test run' });
    await pane.getByLabel('Tool', { exact: true }).selectOption('my_tool');
    await expect(pane.getByTestId('python-paths')).toHaveText(`PYTHONPATH ${dir} (project file) ${path.join(dir, 'src')} (project file) · AGENT_TOOL_PATH neuro-san's default`);
    const result = pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content');
    for (const query of ['ada', 'bo']) {
      await pane.getByLabel('query', { exact: true }).fill(query);
      await pane.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(result).toHaveText(`Found: ${query.toUpperCase()}`);
    }

    // Two cases, named when saved: one expects the exact content, the other a part of it.
    await saveCaseFromHistory(page, 0, 'finds Bo', { text: 'Found: BO' });
    await saveCaseFromHistory(page, 1, 'finds Ada', { kind: 'Content contains', text: 'ADA' });
    const cases = pane.getByRole('list', { name: 'Saved test cases of my_tool' }).locator('li');
    await expect(cases).toHaveCount(2);
    await expect(cases.nth(1)).toContainText('finds Ada');
    await expect(cases.nth(1)).toContainText('expects contains "ADA"');
    await pane.getByRole('button', { name: 'Run all 2 saved cases' }).click();
    await expect(pane.getByTestId('cases-summary')).toHaveText('2 passed, 0 failed');

    // CI: from another folder, in a shell without the app's environment, no options.
    const test = spawnSync(process.execPath, [cliPath, 'test', path.join(dir, 'toolbox_info.hocon')], { cwd: elsewhere, encoding: 'utf8', env: bareEnv() });
    expect(test.stdout).toMatch(/^ok {4}finds Bo \(\d+ ms\)\nok {4}finds Ada \(\d+ ms\)\n2 passed, 0 failed /);
    expect(test.status).toBe(0);

    // "Copy as CLI" of the last run: the same answer from that other shell.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await pane.getByRole('list', { name: 'Run history' }).locator('li').first().getByRole('button', { name: 'Copy as CLI' }).click();
    const line = await page.evaluate(() => navigator.clipboard.readText());
    expect(line).toBe(`toolbox-editor call ${path.join(dir, 'toolbox_info.hocon')} my_tool --args '{"query":"bo"}'`);
    const shell = spawnSync('sh', ['-c', line.replace(/^toolbox-editor/, `"${process.execPath}" "${cliPath}"`)], { cwd: elsewhere, encoding: 'utf8', env: bareEnv() });
    expect(shell.stdout).toBe('Found: BO\n');

    // Renamed in the tool list: its cases and its runs go with it, and `test` still passes once the file is saved.
    const toolList = page.getByRole('region', { name: 'Tool list' });
    await toolList.getByRole('option', { name: 'my_tool' }).click();
    await toolList.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename my_tool' });
    await rename.getByLabel('New name').fill('finder');
    await rename.getByLabel('New name').press('Enter');
    await expect(pane.getByRole('status')).toHaveText(
      "Its 2 saved test cases and its runs move to 'finder' in toolbox_info.tests.json when you save the toolbox (undo the rename, or close without saving, and they stay with 'my_tool').",
    );
    await pane.getByLabel('Tool', { exact: true }).selectOption('finder');
    await expect(pane.getByRole('list', { name: 'Saved test cases of finder' }).locator('li')).toHaveCount(2);
    await expect(pane.getByRole('list', { name: 'Run history' }).locator('li')).toHaveCount(2);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');
    await expect(pane.getByRole('status')).toHaveText("Saved: moved 2 test cases and the runs of 'my_tool' to 'finder'.");
    const renamed = spawnSync(process.execPath, [cliPath, 'test', path.join(dir, 'toolbox_info.hocon')], { cwd: elsewhere, encoding: 'utf8', env: bareEnv() });
    expect(renamed.stdout).toMatch(/^ok {4}finds Bo .*\nok {4}finds Ada .*\n2 passed, 0 failed /);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("a tool renamed in the list: its cases follow the saved file — moved when it is saved, left alone after an undo or without a save; a deleted tool's are kept", async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-case-rename-'));
  writeFileSync(
    path.join(dir, 'toolbox_info.hocon'),
    'my_tool {\n  class = "my_tool.MyTool"\n  description = "Finds what it is asked for."\n  parameters { type = object, properties { query { type = string, description = "What to find." } }, required = [query] }\n}\n',
  );
  writeFileSync(path.join(dir, 'my_tool.py'), implemented);
  const casesFile = path.join(dir, 'toolbox_info.tests.json');
  writeFileSync(casesFile, JSON.stringify({ version: 2, cases: [{ name: 'finds Bo', tool: 'my_tool', args: { query: 'bo' }, expect: { content: 'Found: BO' } }] }, null, 2));
  const onDisk = () => (JSON.parse(readFileSync(casesFile, 'utf8')) as { cases: { tool: string }[] }).cases.map((c) => c.tool);
  const server = await startBrowserMode({ dir, open: 'toolbox_info.hocon', env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    const toolList = page.getByRole('region', { name: 'Tool list' });
    const pane = page.getByRole('region', { name: 'Test run' });
    const renameTo = async (from: string, to: string) => {
      await toolList.getByRole('option', { name: from }).click();
      await toolList.getByRole('button', { name: 'Rename', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Rename ${from}` });
      await dialog.getByLabel('New name').fill(to);
      await dialog.getByLabel('New name').press('Enter');
      await expect(toolList.getByRole('option', { name: to })).toBeVisible();
    };
    await toolList.getByRole('option', { name: 'my_tool' }).click();
    await expect(pane.getByRole('list', { name: 'Saved test cases of my_tool' }).locator('li')).toHaveCount(1);

    // Renamed, not saved: shown under the new name, and they run against it; the file on disk is untouched.
    await renameTo('my_tool', 'finder');
    await pane.getByLabel('Tool', { exact: true }).selectOption('finder');
    await expect(pane.getByRole('list', { name: 'Saved test cases of finder' }).locator('li')).toHaveCount(1);
    await pane.getByRole('button', { name: 'Run all 1 saved case' }).click();
    await expect(pane.getByTestId('cases-summary')).toHaveText('1 passed, 0 failed');
    expect(onDisk()).toEqual(['my_tool']);

    // Undone: back under my_tool, nothing to move back, nothing offered.
    await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
    await expect(toolList.getByRole('option', { name: 'my_tool' })).toBeVisible();
    await pane.getByLabel('Tool', { exact: true }).selectOption('my_tool');
    await expect(pane.getByRole('list', { name: 'Saved test cases of my_tool' }).locator('li')).toHaveCount(1);
    await expect(pane.getByRole('group', { name: 'Cases of tools this toolbox does not have' })).toHaveCount(0);
    expect(onDisk()).toEqual(['my_tool']);

    // Renamed and saved: now they move.
    await renameTo('my_tool', 'finder');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(pane.getByRole('status')).toHaveText("Saved: moved 1 test case and the runs of 'my_tool' to 'finder'.");
    expect(onDisk()).toEqual(['finder']);

    // Renamed and never saved: they stay with the name the file on disk has.
    await renameTo('finder', 'seeker');
    expect(onDisk()).toEqual(['finder']);

    // Deleted: its cases are kept, and the toast says so.
    await toolList.getByRole('button', { name: 'Delete tool' }).click();
    await expect(toolList.getByRole('status')).toContainText(
      'Deleted seeker. Its 1 saved test case and its runs are kept in toolbox_info.tests.json: Undo brings the tool back; saved without it, the Test run pane offers to move them to another tool or delete them.',
    );
    expect(onDisk()).toEqual(['finder']);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
