import { expect, startBrowserMode, test } from '../support/browserMode';
import { screenshotBothThemes } from '../support/editorPage';

test('deleting a tool is undoable, and adding one uses a template', async ({ page }, testInfo) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await tools.getByRole('option', { name: 'get_time' }).click();
    await page.getByRole('button', { name: 'Delete tool' }).click();
    await expect(tools.getByRole('option', { name: 'get_time' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Deleted get_time' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
    await expect(tools.getByRole('option', { name: 'get_time' })).toBeVisible();

    // Keyboard: the listbox navigates with arrows and deletes with Delete; Ctrl+Z outside the text undoes it.
    await tools.getByRole('option', { name: 'get_time' }).click();
    await tools.press('ArrowDown');
    await expect(tools.getByRole('option', { name: 'search' })).toHaveAttribute('aria-selected', 'true');
    await tools.press('Delete');
    await expect(tools.getByRole('option', { name: 'search' })).toHaveCount(0);
    await tools.press('ControlOrMeta+z');
    await expect(tools.getByRole('option', { name: 'search' })).toBeVisible();
    await expect(page).not.toHaveTitle(/^●/);

    await page.getByRole('button', { name: 'Add tool' }).click();
    await page.getByRole('menuitem', { name: 'LangChain tool' }).click();
    await expect(tools.getByRole('option', { name: 'new_langchain_tool' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Editor' }).getByLabel('Class', { exact: true })).toHaveValue('your_package.your_module.YourLangChainTool');
    await screenshotBothThemes(page, testInfo, 'tool-list');
  } finally {
    await server.stop();
  }
});
