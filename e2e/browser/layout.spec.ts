import { test, expect } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserMode } from '../support/browserMode';

test('pane sizes survive a restart of browser mode (a new port, so a new origin and localStorage)', async ({ browser }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-layout-'));
  let server = await startBrowserMode({ dir });
  try {
    const first = await browser.newPage();
    await first.goto(server.url);
    const splitter = first.getByRole('separator', { name: 'Resize the tool list' });
    await expect(splitter).toHaveAttribute('aria-valuenow', '260');
    await splitter.focus();
    await first.keyboard.press('Shift+ArrowRight');
    await first.keyboard.press('Shift+ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', '360');
    // Saved to the preferences shortly after the last change.
    const prefsFile = path.join(dir, '.state', 'preferences.json');
    await expect.poll(() => existsSync(prefsFile) && (JSON.parse(readFileSync(prefsFile, 'utf8')) as { layout?: { tools: number } }).layout?.tools).toBe(360);
    await first.close();

    await server.stop();
    const oldPort = server.port;
    server = await startBrowserMode({ dir });
    expect(server.port).not.toBe(oldPort);
    const second = await browser.newPage();
    await second.goto(server.url);
    await expect(second.getByRole('separator', { name: 'Resize the tool list' })).toHaveAttribute('aria-valuenow', '360');
    await second.close();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
