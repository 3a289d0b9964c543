import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 1600, height: 1100 } });

const studio = path.resolve(repoRoot, '../shared/reference/neuro-san/toolboxes/studio_toolbox_info.hocon');

async function openFile(page: Page, url: string, name: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('File path').fill(name);
  await page.getByLabel('File path').press('Enter');
  const pane = page.getByRole('region', { name: 'Catalog preview' });
  await expect(pane.getByLabel('Rendered catalog')).toContainText('Here is the toolbox catalog:');
  return pane;
}

test('the catalog pane counts the tokens of the studio toolbox catalog, heaviest tool first, per tokenizer', async ({ page }, testInfo) => {
  test.skip(!existsSync(studio), `${studio} is not here`);
  const server = await startBrowserMode();
  try {
    copyFileSync(studio, path.join(server.dir, 'studio_toolbox_info.hocon'));
    const pane = await openFile(page, server.url, 'studio_toolbox_info.hocon');
    await pane.getByRole('tab', { name: 'Tokens' }).click();
    const total = pane.getByTestId('catalog-token-total');
    await expect(total).toContainText('tokens in the whole catalog');
    const table = pane.getByRole('table', { name: 'Tokens per tool' });
    const firstRow = table.locator('tbody tr').first();
    // google_serper's long description makes it the heaviest entry under either tokenizer.
    await expect(firstRow.locator('td').first()).toHaveText('google_serper');
    const counts = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(counts.map(Number)).toEqual([...counts.map(Number)].sort((a, b) => b - a));
    await pane.getByLabel('Tokenizer').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await pane.screenshot({ path: testInfo.outputPath('catalog-tokens-studio.png') });

    const o200k = await total.textContent();
    await pane.getByLabel('Tokenizer').selectOption('cl100k_base');
    await expect(total).not.toHaveText(o200k!);
    // Sorting by name puts the table in alphabetical order.
    await table.getByRole('button', { name: /^Tool/ }).click();
    const names = await table.locator('tbody tr td:first-child').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  } finally {
    await server.stop();
  }
});
