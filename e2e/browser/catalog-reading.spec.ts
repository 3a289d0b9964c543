import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, fixturePath, startBrowserMode, test } from '../support/browserMode';

test.use({ viewport: { width: 1600, height: 1100 } });

test("the catalog shows neuro-san's text by default, and marks where the specification's reading differs", async ({ page }, testInfo) => {
  // A description ending in """ ${...}: neuro-san drops the space before the substitution.
  const server = await startBrowserMode({ fixture: 'reading_differs.hocon' });
  try {
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Catalog preview' });
    const text = pane.getByLabel('Rendered catalog');
    await expect(text).toContainText('"description": "Searches the web. See also:Looks things up."');
    await expect(pane.getByRole('note')).toContainText('the two catalogs differ');

    await pane.getByRole('button', { name: 'Show where' }).click();
    const diff = pane.getByLabel('Catalog diff against the other reading');
    await expect(diff.locator('.diff-added')).toContainText(['"description": "Searches the web. See also:Looks things up."']);
    await expect(diff.locator('.diff-removed')).toContainText(['"description": "Searches the web. See also: Looks things up."']);

    // The specification's reading, on demand: what the text seems to say.
    await pane.getByLabel('Reading of the file').selectOption('spec');
    await pane.getByRole('tab', { name: 'Text' }).click();
    await expect(text).toContainText('"description": "Searches the web. See also: Looks things up."');

    // The Problems pane says it at the place, with its fix.
    await expect(page.getByRole('region', { name: 'Problems' })).toContainText('neuro-san drops the space before ${base.description}');
    await pane.screenshot({ path: testInfo.outputPath('catalog-reading.png') });
  } finally {
    await server.stop();
  }
});

test('the reading chosen is kept for its file: the next file opens in neuro-san\'s, and the first keeps its own', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'reading_differs.hocon' });
  try {
    copyFileSync(fixturePath('commented.hocon'), path.join(server.dir, 'commented.hocon'));
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Catalog preview' });
    const reading = pane.getByLabel('Reading of the file');
    await pane.getByLabel('Reading of the file').selectOption('spec');

    const open = async (file: string) => {
      await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Open…' }).click();
      await page.getByLabel('File path').fill(file);
      await page.getByLabel('File path').press('Enter');
      await expect(page).toHaveTitle(`${file} — Toolbox Editor`);
    };
    await open('commented.hocon');
    await expect(reading).toHaveValue('neuro-san');
    await open('reading_differs.hocon');
    await expect(reading).toHaveValue('spec');
    await expect(pane.getByLabel('Rendered catalog')).toContainText('"description": "Searches the web. See also: Looks things up."');
  } finally {
    await server.stop();
  }
});
