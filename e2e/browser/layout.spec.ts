import { test, expect } from '@playwright/test';
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
