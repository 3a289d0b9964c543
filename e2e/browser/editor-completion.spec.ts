import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// A tool name completed after `"toolbox": "`: the editor closes the quote as it is typed, and the completion's own
// quotes replace that pair, so the line reads `"toolbox": "send_report"`, not `"toolbox": "send_report""` (found
// trying the app on neuro-san-studio: every completion between auto-closed quotes broke the file).
test('a tool name completed between the quotes the editor closed leaves one pair of quotes', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-completion-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const server = await startBrowserMode({ open: dir });
  try {
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    await view.getByRole('group', { name: 'Agent networks' }).getByRole('button', { name: 'registries/weather.hocon' }).click();
    await expect(page).toHaveTitle('weather.hocon — Toolbox Editor');
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
    await analysisCurrent(page);

    // A new line after `"name": "weather_lookup",`: type the key and the opening quote (the editor adds the closing one).
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+G');
    await page.keyboard.type('14');
    await page.keyboard.press('Enter');
    // Keys typed while Go to Line is still closing go to it, not to the editor (seen once in CI: the text landed on
    // line 14 itself): wait for the editor to have the cursor, then for the new line.
    const activeLine = page.locator('.monaco-editor .line-numbers.active-line-number').first();
    await expect(page.locator('.quick-input-widget')).toBeHidden();
    await expect(activeLine).toHaveText('14');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(activeLine).toHaveText('15');
    await page.keyboard.type('"toolbox": "');
    await page.keyboard.press('Control+Space');
    const suggestions = page.locator('.monaco-editor .suggest-widget');
    await suggestions.getByRole('option', { name: /send_report/ }).click();

    await expect(page.locator('.monaco-editor .suggest-widget.visible')).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).not.toHaveTitle(/^●/);
    const saved = readFileSync(path.join(dir, 'registries', 'weather.hocon'), 'utf8');
    expect(saved.split('\n').filter((l) => l.includes('send_report')).map((l) => l.trim())).toEqual(['"toolbox": "send_report"']);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
