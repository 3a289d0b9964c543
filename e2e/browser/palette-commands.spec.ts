import { expect, type Page } from '@playwright/test';
import { testWithPythonFixture } from '../support/pythonFixtures';

const test = testWithPythonFixture('testrun_toolbox.hocon');
test.use({ viewport: { width: 1280, height: 800 } });

/** Opens the palette, types `typed` and answers the palette and the list it shows. */
async function palette(page: Page, typed: string) {
  await page.keyboard.press('ControlOrMeta+Shift+P');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await dialog.getByRole('combobox', { name: 'Command' }).fill(typed);
  return { dialog, commands: dialog.getByRole('listbox', { name: 'Commands' }).getByRole('option') };
}

/** Types `typed` into the palette and picks the command titled `title` (Enter on it, as the keyboard does). */
async function runFromPalette(page: Page, typed: string, title: string) {
  const { dialog, commands } = await palette(page, typed);
  const command = commands.filter({ hasText: title });
  await expect(command).toHaveCount(1);
  await command.click();
  await expect(dialog).toBeHidden();
}

// Issue #35: the palette found nothing for "run" or "catalog". Each pane's actions are commands now, with their
// shortcut, and the focus follows the choice: to where the answer shows and the pane's own keys work.
test('the palette runs the Test run pane, the catalog views, the neuro-san check and focuses each pane', async ({ page, server }) => {
  await page.goto(server.url);
  const testRun = page.getByRole('region', { name: 'Test run' });
  await testRun.getByLabel('Tool', { exact: true }).selectOption('echo');
  await testRun.getByLabel('text', { exact: true }).fill('from the palette');

  // "run": the Test run pane's commands, Run with the key that runs it in the pane; what cannot run yet is greyed.
  const { dialog, commands } = await palette(page, 'run');
  await expect(commands.filter({ hasText: 'Test run: Run the chosen tool' })).toContainText('Ctrl+Enter');
  await expect(commands.filter({ hasText: 'Run all saved cases' })).toHaveAttribute('aria-disabled', 'true');
  await expect(commands.filter({ hasText: 'Save the newest run as a test case' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await runFromPalette(page, 'run', 'Run the chosen tool');
  const result = testRun.getByRole('region', { name: 'Run result' });
  await expect(result.getByLabel('Result content')).toContainText('from the palette');
  // The focus is on the run, in the pane: Ctrl+Enter runs again from there.
  const lastRun = testRun.getByRole('group', { name: 'Last run' });
  await expect(lastRun).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(testRun.getByRole('list', { name: 'Run history' }).locator('li')).toHaveCount(2);

  // Save as test case: the dialog opens on the newest run, its name to type.
  await runFromPalette(page, 'run', 'Save the newest run as a test case');
  const editor = page.getByRole('dialog', { name: 'Save as test case' });
  await expect(editor.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('echo from the palette');
  await editor.getByRole('button', { name: 'Save test case' }).click();
  await expect(editor).toBeHidden();

  await runFromPalette(page, 'run', 'Run all saved cases');
  const cases = testRun.getByRole('region', { name: 'Saved test cases' });
  await expect(cases.getByTestId('cases-summary')).toHaveText('1 passed, 0 failed');
  await expect(cases).toBeFocused();

  // "catalog": every view of the catalog preview, and the pane; a view chosen shows, its tab focused.
  const catalog = page.getByRole('region', { name: 'Catalog preview' });
  const listed = await palette(page, 'catalog');
  await expect(listed.commands.filter({ hasText: /^Catalog:/ })).toHaveCount(7);
  await expect(listed.commands.filter({ hasText: 'Focus the catalog preview' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await runFromPalette(page, 'catalog', 'Show the catalog as JSON');
  await expect(catalog.getByLabel('Catalog JSON')).toBeVisible();
  await expect(catalog.getByRole('tab', { name: 'JSON', exact: true })).toBeFocused();
  await runFromPalette(page, 'catalog', "Show the catalog's token counts");
  await expect(catalog.getByRole('table', { name: 'Tokens per tool' })).toBeVisible();
  await expect(catalog.getByRole('tab', { name: 'Tokens', exact: true })).toBeFocused();

  // "problems": the panel focused on its first problem (Enter shows it), and the check with neuro-san, whose answer
  // takes the focus once it comes.
  const problems = page.getByRole('region', { name: 'Problems' });
  await runFromPalette(page, 'problems', 'Focus the Problems panel');
  await expect(problems.locator('button.problem').first()).toBeFocused();
  await runFromPalette(page, 'problems', 'Check with neuro-san');
  await expect(problems.getByRole('status', { name: 'neuro-san check' })).toBeFocused({ timeout: 30_000 });

  // Each pane: the focus where its keys work.
  await runFromPalette(page, 'focus test run', 'Focus the Test run pane');
  await expect(testRun.getByLabel('text', { exact: true })).toBeFocused();
  await runFromPalette(page, 'focus tool list', 'Focus the tool list');
  await expect(page.getByRole('listbox', { name: 'Tools', exact: true })).toBeFocused();
  await runFromPalette(page, 'show the form', 'Show the form');
  await expect(page.getByRole('form', { name: 'Tool echo' }).getByLabel('Class', { exact: true })).toBeFocused();
  await runFromPalette(page, 'hocon', 'Show the HOCON text');
  // Monaco marks the editor that has the focus.
  await expect(page.locator('#panel-hocon .monaco-editor')).toHaveClass(/\bfocused\b/);
});
