import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import type { Page } from '@playwright/test';
import { needShared } from '../support/sharedData';

test.use({ viewport: { width: 1600, height: 1100 } });


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
  const studio = needShared('reference/neuro-san/toolboxes/studio_toolbox_info.hocon');
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

const nearDuplicates = path.join(repoRoot, 'fixtures/review/near_duplicates.hocon');

test('the Similar tab warns about two near-duplicate tools and ranks the tools against a request', async ({ page }, testInfo) => {
  const server = await startBrowserMode();
  try {
    copyFileSync(nearDuplicates, path.join(server.dir, 'near_duplicates.hocon'));
    const pane = await openFile(page, server.url, 'near_duplicates.hocon');
    await pane.getByRole('tab', { name: 'Similar' }).click();
    await expect(pane.getByText(/lexical overlap, not an LLM's judgement/)).toBeVisible();
    const pairs = pane.getByRole('table', { name: 'Most similar tools' });
    await expect(pairs.locator('tbody tr').first()).toContainText('⚠ search_web_pages / web_page_search');
    await pane.getByLabel('Which tool would match?').fill('convert an amount of money to another currency');
    await pane.getByRole('button', { name: 'Rank' }).click();
    const ranked = pane.getByRole('table', { name: 'Tools matching the request' });
    await expect(ranked.locator('tbody tr').first()).toContainText('convert_currency');
    await pane.screenshot({ path: testInfo.outputPath('catalog-similar.png') });
  } finally {
    await server.stop();
  }
});

test('Compare with… a git revision shows a parameter that became required as breaking, with the token change', async ({ page }, testInfo) => {
  const server = await startBrowserMode();
  try {
    const file = path.join(server.dir, 'near_duplicates.hocon');
    const now = readFileSync(nearDuplicates, 'utf8');
    const git = (...args: string[]) => execFileSync('git', ['-C', server.dir, ...args], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
    git('init', '-q', '-b', 'main');
    writeFileSync(file, now.replace('required = [amount, from_currency, to_currency]', 'required = [amount, from_currency]'));
    git('add', 'near_duplicates.hocon');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-m', 'first');
    git('tag', 'v1');
    writeFileSync(file, now);
    const pane = await openFile(page, server.url, 'near_duplicates.hocon');
    await pane.getByRole('tab', { name: 'Compare with…' }).click();
    await pane.getByLabel('Revision').fill('v1');
    await pane.getByRole('button', { name: 'Compare' }).click();
    await expect(pane.getByTestId('diff-verdict')).toContainText('Breaking: an agent that uses these tools may fail');
    await expect(pane.getByRole('table', { name: 'Tool changes' })).toContainText('parameter to_currency: became required');
    await expect(pane.getByTestId('diff-tokens')).toContainText(/Catalog: \d+ → \d+ tokens/);
    await pane.screenshot({ path: testInfo.outputPath('catalog-compare.png') });
    await pane.getByLabel('Revision').fill('no-such-tag');
    await pane.getByRole('button', { name: 'Compare' }).click();
    await expect(pane.getByRole('alert')).toContainText('cannot read near_duplicates.hocon at no-such-tag');
  } finally {
    await server.stop();
  }
});
