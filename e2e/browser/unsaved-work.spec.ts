import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hoconLines, showHoconText, test, typeAtEndOfEditor } from '../support/browserMode';

test('closing the page with unsaved changes asks first', async ({ page, server }) => {
  await page.goto(server.url);
  await typeAtEndOfEditor(page, '\n# not saved');
  await expect(page).toHaveTitle(/^●/);
  const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
  await page.close({ runBeforeUnload: true });
  expect(await dialog).toBe('beforeunload');
});

test('a change made on disk under unsaved edits is noticed and, by choice, reloaded', async ({ page, server }) => {
  await page.goto(server.url);
  await showHoconText(page);
  await expect(hoconLines(page)).toContainText('get_time');
  // Unsaved edits: the change on disk waits for the user (a clean buffer reloads by itself).
  await typeAtEndOfEditor(page, '\n# mine, not saved');
  await expect(page).toHaveTitle(/^●/);
  writeFileSync(path.join(server.dir, 'commented.hocon'), '# rewritten elsewhere\nother_tool { class = "x.Y" }\n');
  await expect(page.getByRole('alert').filter({ hasText: 'changed on disk by another program' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload from disk' }).click();
  await showHoconText(page);
  await expect(hoconLines(page)).toContainText('other_tool');
  await expect(hoconLines(page)).not.toContainText('mine, not saved');
  await expect(page).not.toHaveTitle(/^●/);
});
