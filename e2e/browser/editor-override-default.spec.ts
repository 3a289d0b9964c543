import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

test("a default toolbox tool is read-only until overridden in the file; then each field set in the form overrides the default's", async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    const file = path.join(server.dir, 'editor_flows.hocon');
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await tools.getByRole('option', { name: 'get_current_date_time' }).click();
    await expect(editor.getByLabel('Class', { exact: true })).toBeDisabled();
    await expect(editor.getByText(/read-only here/)).toBeVisible();

    await editor.getByRole('button', { name: 'Override in this file' }).click();
    await analysisCurrent(page);
    await expect(editor.getByLabel('Class', { exact: true })).toBeEnabled();
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue('get_current_date_time.GetCurrentDateTime');
    await expect(editor.getByText('overrides default')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Override in this file' })).toHaveCount(0);

    await editor.getByLabel('Display as', { exact: true }).selectOption('llm_agent');
    await analysisCurrent(page);
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveTitle('editor_flows.hocon — Toolbox Editor');
    const saved = readFileSync(file, 'utf8');
    // Only what was overridden is in the file: the rest still comes from the default toolbox.
    expect(saved).toMatch(/"?get_current_date_time"?\s*[:=]?\s*\{\s*# Overrides the default toolbox's entry[^\n]*\n\s*"?display_as"?\s*[:=]\s*"llm_agent"/);
    expect(saved).not.toContain('GetCurrentDateTime');
  } finally {
    await server.stop();
  }
});
