import { expect, test } from '../support/browserMode';

test('the token leaves the address bar after load, and a reload still works', async ({ page, server }) => {
  await page.goto(server.url);
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');
  await expect.poll(() => page.url()).toBe(`http://127.0.0.1:${server.port}/`);

  // The tab keeps the token for itself: a reload is still authorised, the file opens again.
  await page.reload();
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');
  expect(page.url()).not.toContain(server.token);
});
