import { _electron as electron, expect, test } from '@playwright/test';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM helper shared with scripts/start.mjs
import { electronBinary } from '../../scripts/electron-binary.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const binary = electronBinary() as { path: string | null; reason?: string };
if (!binary.path) console.log(`[electron e2e] skipped: ${binary.reason}`);

test.describe('desktop app', () => {
  test.skip(!binary.path, `Electron binary not available: ${binary.reason}`);

  test('opens a file from the command line, edits and saves it with comments kept', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-electron-'));
    const file = path.join(dir, 'commented.hocon');
    copyFileSync(path.join(repoRoot, 'fixtures', 'toolboxes', 'commented.hocon'), file);
    const original = readFileSync(file, 'utf8');
    const app = await electron.launch({
      executablePath: binary.path!,
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), path.join(repoRoot, 'dist', 'electron', 'main.cjs'), file],
      env: { ...process.env, TOOLBOX_EDITOR_STATE_DIR: path.join(dir, '.state') },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.locator('.monaco-editor .view-lines')).toContainText('get_time');
      // The page has no Node: only the narrow bridge.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      await page.locator('.monaco-editor .view-lines').click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('\n# added in the desktop app');
      await page.keyboard.press('ControlOrMeta+s');
      await expect.poll(() => readFileSync(file, 'utf8')).toBe(`${original}\n# added in the desktop app`);
    } finally {
      await app.close();
    }
  });
});
