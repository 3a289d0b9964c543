import { expect, startBrowserMode, test } from '../support/browserMode';

test('Ctrl+P opens Go to tool, and choosing a tool selects it in the list', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await expect(tools.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ControlOrMeta+p');
    const dialog = page.getByRole('dialog', { name: 'Go to tool' });
    await dialog.getByRole('combobox', { name: 'Tool name' }).fill('sear');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(tools.getByRole('option', { name: /search/ })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await server.stop();
  }
});
