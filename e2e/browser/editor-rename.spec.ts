import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';

test('renaming a tool from the list renames its key only', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await tools.getByRole('option', { name: 'search' }).click();
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename search' });
    await dialog.getByLabel('New name').fill('get_time');
    await expect(dialog.getByText('There is already a tool named get_time')).toBeVisible();
    await dialog.getByLabel('New name').fill('web_search');
    await dialog.getByLabel('New name').press('Enter');
    await expect(tools.getByRole('option', { name: 'web_search' })).toHaveAttribute('aria-selected', 'true');
    await expect(tools.getByRole('option', { name: 'search', exact: true })).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).not.toHaveTitle(/^●/);
    const saved = readFileSync(path.join(server.dir, 'editor_flows.hocon'), 'utf8');
    expect(saved).toContain('    // LangChain search tool with a nested api_wrapper\n    "web_search": {');
  } finally {
    await server.stop();
  }
});
