import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';

test('closing with unsaved form edits asks first, and the edits are offered back after a crash', async ({ page, context }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await editor.getByLabel('Class', { exact: true }).fill('unsaved.Work');
    await editor.getByLabel('Class', { exact: true }).press('Enter');
    await expect(page).toHaveTitle(/^●/);

    // The Close button asks in the app's own dialog; Cancel keeps the work.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Save changes?' });
    await expect(ask).toContainText('editor_flows.hocon has changes that are not saved');
    await expect(ask.getByRole('button', { name: "Don't save" })).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveTitle(/^●/);

    // Closing the page asks too (beforeunload).
    // Let the recovery snapshot be written (every 2 s while unsaved): it is what the new window offers back.
    const recovery = path.join(server.dir, '.state', 'recovery');
    await expect.poll(() => (existsSync(recovery) ? readdirSync(recovery).filter((f) => f.endsWith('.json')).length : 0), { timeout: 15_000 }).toBeGreaterThan(0);
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');

    // A new window on the same file is offered the unsaved edits.
    const again = await context.newPage();
    await again.goto(server.url);
    await again.getByRole('button', { name: 'Restore unsaved edits' }).click();
    await again.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await expect(again.getByRole('region', { name: 'Editor' }).getByLabel('Class', { exact: true })).toHaveValue('unsaved.Work');
  } finally {
    await server.stop();
  }
});
