import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';
import { screenshotBothThemes } from '../support/editorPage';

test('a change on disk while editing can be compared, and keeping mine saves over it', async ({ page }, testInfo) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    const file = path.join(server.dir, 'editor_flows.hocon');
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await editor.getByLabel('Class', { exact: true }).fill('mine.Mine');
    await editor.getByLabel('Class', { exact: true }).press('Enter');
    writeFileSync(file, readFileSync(file, 'utf8').replace('IANA time zone', 'changed elsewhere'));
    await expect(page.getByRole('alert').filter({ hasText: 'changed on disk by another program' })).toBeVisible();
    await page.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with the file on disk' });
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('changed elsewhere');
    await expect(dialog.locator('.monaco-diff-editor')).toContainText('mine.Mine');
    await screenshotBothThemes(page, testInfo, 'compare');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).not.toHaveTitle(/^●/);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('mine.Mine');
    expect(saved).toContain('IANA time zone');
  } finally {
    await server.stop();
  }
});

test('a change on disk to a file without unsaved edits is taken in by itself, the tool still selected', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    const file = path.join(server.dir, 'editor_flows.hocon');
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue('get_time.GetTime');
    writeFileSync(file, readFileSync(file, 'utf8').replace('get_time.GetTime', 'elsewhere.Changed'));
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue('elsewhere.Changed');
    await expect(page.getByRole('alert').filter({ hasText: 'changed on disk by another program' })).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^●/);
  } finally {
    await server.stop();
  }
});
