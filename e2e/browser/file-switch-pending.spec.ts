import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startBrowserMode, test } from '../support/browserMode';

/** A toolbox of one coded tool: each file's tool is named after it, so a pane showing the other file's is caught. */
const toolbox = (tool: string) => `{
    "${tool}": {
        "class": "fixture_tools.${tool}.Tool",
        "description": "Only in the file named after it.",
        "parameters": { "type": "object", "properties": { "text": { "type": "string" } } }
    }
}
`;

async function openFile(page: Page, file: string) {
  await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('File path').fill(file);
  await page.getByLabel('File path').press('Enter');
  await expect(page).toHaveTitle(`${file} — Toolbox Editor`);
}

/** Holds every analysis until `release()`: the moment between a file opened and its analysis, made to last. */
async function holdAnalyses(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/toolbox.analyze', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`after a switch to another file, no pane shows the previous file's tools until the new file's analysis (${scheme})`, async ({ page }, testInfo) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-switch-'));
    writeFileSync(path.join(dir, 'first.hocon'), toolbox('first_file_tool'));
    writeFileSync(path.join(dir, 'second.hocon'), toolbox('second_file_tool'));
    const server = await startBrowserMode({ dir, open: 'first.hocon' });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(server.url);
      const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
      const form = page.getByRole('tabpanel', { name: 'Form' });
      const testRun = page.getByRole('region', { name: 'Test run' });
      const catalog = page.getByRole('region', { name: 'Catalog preview' });
      const status = page.getByRole('contentinfo', { name: 'Status' });
      await expect(tools.getByRole('option', { name: 'first_file_tool' })).toHaveAttribute('aria-selected', 'true');
      await expect(form.getByRole('form', { name: 'Tool first_file_tool' })).toBeVisible();
      await expect(testRun.getByLabel('Tool', { exact: true })).toHaveValue('first_file_tool');
      await expect(catalog.getByLabel('Rendered catalog')).toContainText('first_file_tool');

      const release = await holdAnalyses(page);
      await openFile(page, 'second.hocon');
      // Its catalog comes from its own text (not from the analysis held): it is second.hocon's at once.
      await expect(catalog.getByLabel('Rendered catalog')).toContainText('second_file_tool');
      await expect(status.getByLabel('Problem counts')).toHaveText('checking…');
      for (const pane of [page.getByRole('region', { name: 'Tool list' }), form, testRun, catalog]) await expect(pane).not.toContainText('first_file_tool');
      for (const pane of [tools, form, testRun]) await expect(pane.getByText('Checking this file…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add tool' })).toBeDisabled();
      await page.screenshot({ path: testInfo.outputPath(`pending-${scheme}.png`) });

      release();
      await expect(tools.getByRole('option', { name: 'second_file_tool' })).toHaveAttribute('aria-selected', 'true');
      await expect(form.getByRole('form', { name: 'Tool second_file_tool' })).toBeVisible();
      await expect(testRun.getByLabel('Tool', { exact: true })).toHaveValue('second_file_tool');
      await expect(status.getByLabel('Problem counts')).toHaveText(/^\d+ errors?, \d+ warnings?(, \d+ hints?)?$/);
      await expect(page.getByText('Checking this file…')).toHaveCount(0);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('the same file opened again unchanged is checked again, and its tools come back', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-switch-'));
  writeFileSync(path.join(dir, 'first.hocon'), toolbox('first_file_tool'));
  const server = await startBrowserMode({ dir, open: 'first.hocon' });
  try {
    await page.goto(server.url);
    const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
    await expect(tools.getByRole('option', { name: 'first_file_tool' })).toBeVisible();
    await openFile(page, 'first.hocon');
    await expect(tools.getByRole('option', { name: 'first_file_tool' })).toBeVisible();
    await expect(page.getByRole('contentinfo', { name: 'Status' }).getByLabel('Problem counts')).toHaveText(/^\d+ errors?, \d+ warnings?(, \d+ hints?)?$/);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
