import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// Issue #35, at the sizes people use, light and dark: the HOCON tab's code is not squeezed by its outline (100 columns
// beside it, or it folds by itself), the Test run pane's Run is always in view, the Problems filter is one row.
// Checked by the boxes the browser lays out; the screenshots are kept with the results (no pixel baseline).

/** Monaco's code in the HOCON tab: how many columns of its font fit, and the panel's and the editor's widths. */
function codeRoom(page: Page) {
  return page.locator('#panel-hocon').evaluate((panel) => {
    const editor = panel.querySelector<HTMLElement>('.monaco-editor')!;
    const gutter = editor.querySelector<HTMLElement>('.margin')!.getBoundingClientRect().width;
    const scrollbar = editor.querySelector<HTMLElement>('.scrollbar.vertical')?.getBoundingClientRect().width ?? 0;
    // A monospace font: the widest rendered line's width over its characters.
    const line = [...editor.querySelectorAll<HTMLElement>('.view-line > span')].sort((a, b) => (b.textContent?.length ?? 0) - (a.textContent?.length ?? 0))[0]!;
    const charWidth = line.getBoundingClientRect().width / (line.textContent ?? '').length;
    const editorWidth = editor.getBoundingClientRect().width;
    return { panel: panel.getBoundingClientRect().width, editor: editorWidth, columns: Math.floor((editorWidth - gutter - scrollbar) / charWidth) };
  });
}

/** Whether the element is inside the viewport and is what the page shows at its centre (nothing covers it). */
async function wholeInView(page: Page, locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const onTop = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const shown = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return shown !== null && (shown === element || element.contains(shown));
  });
  return inside && onTop;
}

/** A screenshot kept in the test's output folder and attached to its result. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    test(`at ${width}×${height} (${colorScheme}): code beside the outline, Run in view, the Problems filter on one row`, async ({ browser }, testInfo) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-in-view-'));
      cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
      const server = await startBrowserMode({ open: dir });
      const page = await browser.newPage({ viewport: { width, height }, colorScheme });
      try {
        await page.goto(server.url);
        await analysisCurrent(page);
        const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
        await tools.getByRole('option', { name: 'lookup_weather' }).click();

        // The Test run pane on a coded tool, its argument form, settings and history filling it: Run stays in view.
        const testRun = page.getByRole('region', { name: 'Test run' });
        await testRun.getByLabel('Tool', { exact: true }).selectOption('lookup_weather');
        await expect(testRun.getByLabel('city', { exact: true })).toBeVisible();
        const run = testRun.getByRole('button', { name: 'Run', exact: true });
        await expect.poll(() => wholeInView(page, run)).toBe(true);
        // Scrolled to the top of the pane and to its end, still in view.
        const body = testRun.locator('.pane-body');
        await body.evaluate((e) => (e.scrollTop = e.scrollHeight));
        await expect.poll(() => wholeInView(page, run)).toBe(true);
        await body.evaluate((e) => (e.scrollTop = 0));
        await expect.poll(() => wholeInView(page, run)).toBe(true);

        // The Problems filter while filtering (its count and Clear filter shown too): one row, nothing cut off.
        const problems = page.getByRole('region', { name: 'Problems' });
        const filter = problems.getByRole('search', { name: 'Filter problems' });
        await filter.getByLabel('Severity').selectOption('warning');
        await expect(filter.getByRole('button', { name: 'Clear filter' })).toBeVisible();
        const row = [
          problems.getByRole('heading'),
          filter.getByLabel('Filter problems by text'),
          filter.getByLabel('Severity'),
          filter.getByLabel('Rule'),
          filter.getByLabel('Tool'),
          filter.getByLabel('Group by'),
          filter.getByText(/of \d+ shown/),
          filter.getByRole('button', { name: 'Clear filter' }),
          problems.getByRole('button', { name: 'Check with neuro-san' }),
        ];
        const boxes = await Promise.all(row.map(async (l) => (await l.boundingBox())!));
        const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
        for (const box of boxes) {
          expect(Math.abs(middle(box) - middle(boxes[1]!))).toBeLessThan(6);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await attachScreenshot(page, testInfo, `form-testrun-problems-${width}-${colorScheme}`);

        // The HOCON tab: 100 columns of code beside the outline, or the outline folded by itself and the code taking
        // the tab.
        await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
        const outline = page.getByRole('navigation', { name: 'Outline' });
        await expect(page.locator('#panel-hocon .view-lines')).toContainText('lookup_weather');
        const room = await codeRoom(page);
        if (await outline.getByRole('button', { name: 'Expand the outline' }).isVisible()) {
          expect(room.editor).toBeGreaterThan(room.panel - 40);
        } else {
          await expect(outline.getByRole('button', { name: 'lookup_weather' })).toBeVisible();
          expect(room.columns).toBeGreaterThanOrEqual(100);
        }
        // The outline opens by itself where it leaves 100 columns, at the wide window; the user may open it anyway.
        await expect(outline.getByRole('button', { name: 'Expand the outline' })).toBeVisible({ visible: width === 1280 });
        await attachScreenshot(page, testInfo, `hocon-${width}-${colorScheme}`);
        if (width === 1280) {
          await outline.getByRole('button', { name: 'Expand the outline' }).click();
          await outline.getByRole('button', { name: 'lookup_weather' }).click();
          await expect(page.locator('#panel-hocon .monaco-editor')).toHaveClass(/\bfocused\b/);
          await outline.getByRole('button', { name: 'Collapse the outline' }).click();
          await expect(outline.getByRole('button', { name: 'lookup_weather' })).toHaveCount(0);
        }
      } finally {
        await page.close();
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
}
