import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, fixturePath, test } from '../support/browserMode';

test('the Open dialog browses folders and toolbox files, listed by the server under its token', async ({ page, server }) => {
  mkdirSync(path.join(server.dir, 'more'));
  copyFileSync(fixturePath('editor_flows.hocon'), path.join(server.dir, 'more', 'editor_flows.hocon'));
  await page.goto(server.url);
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');

  await page.getByRole('button', { name: 'Open…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a toolbox file' });
  const browser = dialog.getByRole('group', { name: 'Browse files' });
  // The server's folder: the sub-folder first, then the toolbox file; its hidden state folder is not listed.
  await expect(browser.getByRole('listitem')).toHaveText([/more\//, /commented\.hocon/]);
  await browser.getByRole('button', { name: /more\// }).click();
  await browser.getByRole('button', { name: /editor_flows\.hocon/ }).click();
  await expect(page).toHaveTitle('editor_flows.hocon — Toolbox Editor');
  await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' })).toBeVisible();

  // Without the token the listing is refused.
  const refused = await page.request.post(`http://127.0.0.1:${server.port}/api/folder.list`, { data: { path: server.dir } });
  expect(refused.status()).toBe(401);
});
