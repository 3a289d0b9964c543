import { expect, test } from '@playwright/test';
import { startWithPythonFixtures } from '../support/pythonFixtures';

// The window holds one copy of the preferences that every pane reads: a change saved in the dialog shows in the
// test-run pane at once, without a reload.
test('a new Python interpreter saved in Preferences is what the test-run pane shows and uses', async ({ page }) => {
  const server = await startWithPythonFixtures({ fixture: 'testrun_toolbox.hocon' });
  try {
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Test run' });
    await pane.getByLabel('Tool', { exact: true }).selectOption('echo');
    await expect(pane.getByTestId('interpreter')).toContainText('python3');

    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preferences' });
    await dialog.getByLabel('Python interpreter').fill('/usr/bin/python3');
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await expect(dialog).toBeHidden();

    await expect(pane.getByTestId('interpreter')).toContainText('/usr/bin/python3');
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Run result' })).toContainText('/usr/bin/python3');
  } finally {
    await server.stop();
  }
});
