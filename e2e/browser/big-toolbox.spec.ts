import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

/**
 * A select of hundreds of tools (the Test run's, the Problems filter's) holds only its chosen option while closed,
 * so a big file opens without making thousands of them (renderer/ui/useOptionsWhenUsed.ts): used, it offers every
 * tool, by keyboard and by choice, and shows the choice when it closes again.
 */
test('a 400-tool toolbox: the Test run and Problems selects offer every tool once used, and keep the choice', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-selects-'));
  // Descriptions too short to be good: every tool has a hint, so the Problems filter lists them all.
  const tools = Array.from({ length: 400 }, (_, i) => `tool_${i} { class = "m.Tool${i}", description = "Short ${i}" }`);
  writeFileSync(path.join(dir, 'big.hocon'), `${tools.join('\n')}\n`);
  const server = await startBrowserMode({ dir, open: 'big.hocon' });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(server.url);
    await analysisCurrent(page);
    const testRun = page.getByRole('region', { name: 'Test run' });
    const tool = testRun.getByLabel('Tool', { exact: true });
    // Closed: "choose a tool" and the tool it shows (the first, selected in the list), no other.
    await expect(tool.locator('option')).toHaveCount(2);
    await expect(tool.locator('option:checked')).toHaveText('tool_0');

    // Used from the keyboard: focused, it offers all 401 (the 400 and the default toolbox's); a key moves to the next.
    await tool.focus();
    await expect(tool.locator('option')).toHaveCount(402);
    await tool.selectOption('tool_321');
    await expect(testRun).toContainText('tool_321');
    await page.keyboard.press('ArrowDown');
    await expect(tool).toHaveValue('tool_322');
    // Left, it shows the choice with nothing else made.
    await tool.blur();
    await expect(tool).toHaveValue('tool_322');
    await expect(tool.locator('option')).toHaveCount(2);
    await expect(tool.locator('option:checked')).toHaveText('tool_322');

    // A press opens it with every tool in it (made before the browser's list opens).
    await tool.click();
    await expect(tool.locator('option')).toHaveCount(402);
    await page.keyboard.press('Escape');

    // The Problems filter by tool: the same.
    const problems = page.getByRole('region', { name: 'Problems' });
    const facet = problems.getByLabel('Tool', { exact: true });
    await expect(facet.locator('option')).toHaveCount(1); // "All tools"
    await facet.focus();
    await expect(facet.locator('option')).toHaveCount(401);
    await facet.selectOption('tool_7');
    await facet.blur();
    await expect(facet).toHaveValue('tool_7');
    await expect(facet.locator('option:checked')).toHaveText(/^tool_7 \(\d+\)$/);
    await expect(problems.getByRole('listitem').first()).toContainText("'tool_7'");
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a catalog of over 62,000 characters shows its head and tail until asked, and Copy copies all of it', async ({ page, context }, testInfo) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-catalog-'));
  const tools = Array.from({ length: 800 }, (_, i) => `tool_${i} { class = "m.Tool${i}", description = "Returns the forecast number ${i} for the city it is given, in degrees." }`);
  writeFileSync(path.join(dir, 'big.hocon'), `${tools.join('\n')}\n`);
  const server = await startBrowserMode({ dir, open: 'big.hocon' });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(server.url);
    const catalog = page.getByRole('region', { name: 'Catalog preview' }).getByLabel('Rendered catalog');
    const length = Number(await catalog.getAttribute('data-length'));
    expect(length).toBeGreaterThan(70_000);
    // The head (the first tools), what is not shown, and the tail (the last tool).
    await expect(catalog).toContainText('forecast number 0 ');
    await expect(catalog).not.toContainText('forecast number 500 ');
    await expect(catalog).toContainText('forecast number 799 ');
    await expect(catalog).toContainText(/… [\d,]+ characters not shown …/);
    await catalog.getByRole('button', { name: 'Show all' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('catalog-not-all-shown.png') });
    await page.getByRole('region', { name: 'Catalog preview' }).getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.length).toBe(length);
    expect(copied).toContain('forecast number 500 ');
    await catalog.getByRole('button', { name: 'Show all' }).click();
    await expect(catalog).toContainText('forecast number 500 ');
    await expect(catalog).not.toContainText('characters not shown');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
