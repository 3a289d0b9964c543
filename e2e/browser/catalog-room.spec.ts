import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';

/**
 * The catalog preview at 1280×800: the contract check's warnings scroll in a box of their own, so the rendered
 * catalog stays a short scroll away however many there are (LangChain tools give two each: description and input
 * are unknown until their class is loaded).
 */
test('at 1280×800, twenty contract warnings scroll on their own and the rendered catalog stays near', async ({ page }, testInfo) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-room-'));
  const tools = Array.from({ length: 10 }, (_, i) => `    "search_${i}": { "class": "langchain_community.tools.tavily_search.TavilySearchResults" }`);
  writeFileSync(path.join(dir, 'searches.hocon'), `{\n${tools.join('\n')}\n}\n`);
  const server = await startBrowserMode({ dir, open: path.join(dir, 'searches.hocon') });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Catalog preview' });
    const check = pane.getByRole('region', { name: 'Contract check' });
    await expect(check).toContainText('Contract check: 0 errors, 20 warnings');
    const list = check.getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(20);
    // The list scrolls within a few warnings' height; every warning is there to scroll to.
    const { scrolls, height } = await list.evaluate((ul) => ({ scrolls: ul.scrollHeight > ul.clientHeight, height: ul.clientHeight }));
    expect(scrolls).toBe(true);
    expect(height).toBeLessThanOrEqual(120);
    await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(list.getByRole('listitem').last()).toContainText("'search_9'");
    // The rendered catalog starts a little below the check (its views and figures between), not twenty warnings down.
    const text = pane.getByLabel('Rendered catalog');
    await expect(text).toContainText('Here is the toolbox catalog');
    const gap = (await text.boundingBox())!.y - (await check.boundingBox())!.y;
    expect(gap).toBeLessThanOrEqual(260);
    await page.screenshot({ path: testInfo.outputPath('catalog-1280.png') });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
