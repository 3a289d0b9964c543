import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, foreignRequests, hoconLines, recordRequests, showHoconText, test, typeAtEndOfEditor } from '../support/browserMode';

test('a file named on the command line opens in Monaco, is edited and saved with every comment kept', async ({ page, server }, testInfo) => {
  const file = path.join(server.dir, 'commented.hocon');
  const original = readFileSync(file, 'utf8');
  const requests = recordRequests(page);

  await page.goto(server.url);
  await showHoconText(page);
  await expect(hoconLines(page)).toContainText('get_time');
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');

  await typeAtEndOfEditor(page, '\n# added in the browser');
  await expect(page).toHaveTitle('● commented.hocon — Toolbox Editor');
  await expect(page.getByLabel('Status')).toContainText('Unsaved changes');

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');
  const saved = readFileSync(file, 'utf8');
  expect(saved).toBe(`${original}\n# added in the browser`);
  expect(saved).toContain('// trailing comment after the class');
  expect(saved).toContain('// LangChain search tool, kept for the agents that still use it');

  // Monaco, its workers and fonts come from the app itself: nothing leaves 127.0.0.1.
  // The editor worker starts a moment after the editor (its first job is finding the links in the text).
  await expect.poll(() => requests.some((u) => /editor\.worker/.test(u))).toBe(true);
  expect(foreignRequests(requests, server.port)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('editor.png') });
});

test('the Open dialog opens a typed path and reports a missing file in plain words', async ({ page, server }) => {
  await page.goto(server.url);
  // The file named on the command line opens first (closing before it has would race with it).
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Open a neuro-san toolbox info file')).toBeVisible();

  await page.getByRole('button', { name: 'Open a file…' }).click();
  await page.getByLabel('File path').fill('missing.hocon');
  await page.getByLabel('File path').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: `No file at ${path.join(server.dir, 'missing.hocon')}` })).toBeVisible();

  await page.getByRole('button', { name: 'Open…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a toolbox file' });
  // The file opened at start is offered as a recent file.
  await dialog.getByRole('button', { name: path.join(server.dir, 'commented.hocon') }).click();
  await showHoconText(page);
  await expect(hoconLines(page)).toContainText('get_time');
});
