import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

test('editing the HOCON text updates the tool list and the form', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await editor.getByRole('tab', { name: 'HOCON' }).click();
    await page.locator('.monaco-editor .view-lines').getByText('get_time.GetTime').click();
    await page.keyboard.press('End');
    // After the trailing comment: go back to just after GetTime and type.
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ControlOrMeta+ArrowRight');
    await page.keyboard.type('V2');
    await analysisCurrent(page);
    await editor.getByRole('tab', { name: 'Form' }).click();
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue(/V2/);
    await expect(page).toHaveTitle(/^●/);
  } finally {
    await server.stop();
  }
});
