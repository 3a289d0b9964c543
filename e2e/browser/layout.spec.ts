import { test, expect, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserMode } from '../support/browserMode';

test.use({ viewport: { width: 1280, height: 800 } });

test('pane sizes survive a restart of browser mode (a new port, so a new origin and localStorage)', async ({ browser }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-layout-'));
  let server = await startBrowserMode({ dir });
  try {
    const first = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await first.goto(server.url);
    const splitter = first.getByRole('separator', { name: 'Resize the tool list' });
    // The default share of the tool list (DEFAULT_PANE_SIZES.tools, 0.19) of a 1280-pixel window.
    const initial = 243;
    await expect(splitter).toHaveAttribute('aria-valuenow', String(initial));
    await splitter.focus();
    await first.keyboard.press('Shift+ArrowRight');
    await first.keyboard.press('Shift+ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', String(initial + 100));
    // Saved to the preferences shortly after the last change, as a proportion of the window's width.
    const prefsFile = path.join(dir, '.state', 'preferences.json');
    const saved = () => (existsSync(prefsFile) ? (JSON.parse(readFileSync(prefsFile, 'utf8')) as { layout?: { tools: number } }).layout?.tools : undefined);
    await expect.poll(() => saved() && Math.round(saved()! * 1280)).toBe(initial + 100);
    await first.close();

    await server.stop();
    const oldPort = server.port;
    server = await startBrowserMode({ dir });
    expect(server.port).not.toBe(oldPort);
    const second = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await second.goto(server.url);
    await expect(second.getByRole('separator', { name: 'Resize the tool list' })).toHaveAttribute('aria-valuenow', String(initial + 100));
    await second.close();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('each window keeps its own pane sizes, across its reloads; a new window starts from the last change', async ({ browser }) => {
  const server = await startBrowserMode();
  // One browser, so one localStorage; each tab its own sessionStorage.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const toolList = (page: Page) => page.getByRole('separator', { name: 'Resize the tool list' });
    const open = async () => {
      const page = await context.newPage();
      await page.goto(server.url);
      return page;
    };
    const [a, b] = [await open(), await open()];
    const initial = 243; // DEFAULT_PANE_SIZES.tools of 1280 pixels
    await expect(toolList(b)).toHaveAttribute('aria-valuenow', String(initial));
    await toolList(a).focus();
    await a.keyboard.press('Shift+ArrowRight');
    await expect(toolList(a)).toHaveAttribute('aria-valuenow', String(initial + 50));
    await toolList(b).focus();
    await b.keyboard.press('Shift+ArrowLeft');
    await expect(toolList(b)).toHaveAttribute('aria-valuenow', String(initial - 50));
    await expect(toolList(a)).toHaveAttribute('aria-valuenow', String(initial + 50));
    // B changed last: the preferences hold its sizes (what a reload would take if it did not keep its own).
    const prefsFile = path.join(server.dir, '.state', 'preferences.json');
    const savedTools = () => (existsSync(prefsFile) ? (JSON.parse(readFileSync(prefsFile, 'utf8')) as { layout?: { tools: number } }).layout?.tools : undefined);
    await expect.poll(() => savedTools() && Math.round(savedTools()! * 1280)).toBe(initial - 50);

    // Reloaded, each keeps its own, once the preferences have been read too.
    for (const [page, px] of [[a, initial + 50], [b, initial - 50]] as const) {
      const prefsRead = page.waitForResponse((r) => r.url().endsWith('/api/prefs.get'));
      await page.reload();
      await prefsRead;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(toolList(page)).toHaveAttribute('aria-valuenow', String(px));
    }

    // A new tab starts from the sizes changed last (B's).
    const c = await open();
    await expect(toolList(c)).toHaveAttribute('aria-valuenow', String(initial - 50));
  } finally {
    await context.close();
    await server.stop();
  }
});
