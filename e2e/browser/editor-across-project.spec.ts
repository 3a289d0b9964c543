import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// F12, Shift+F12 and F2 in the HOCON tab go across the project, as the language server does: a network's
// "toolbox": "name" → the tool's entry in the toolbox file (opened); the tool's references in every network, in
// Monaco's peek; a rename of the tool in every file, all or none, undone as one step.

async function cursorLine(page: Page): Promise<number> {
  return Number(await page.locator('.monaco-editor .line-numbers.active-line-number').first().textContent());
}

/** Puts the cursor inside the first `text` of `file` (as on disk), with Go to Line (Ctrl+G). */
async function cursorOn(page: Page, file: string, text: string): Promise<void> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  expect(line).toBeGreaterThanOrEqual(0);
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(`${line + 1}:${lines[line]!.indexOf(text) + 3}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => cursorLine(page)).toBe(line + 1);
}

test('F12, Shift+F12 and F2 on a tool in a network reach the toolbox and the other networks', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-across-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const files = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'registries/reports.hocon'];
  const read = () => files.map((f) => readFileSync(path.join(dir, f), 'utf8'));
  const original = read();
  const weather = path.join(dir, 'registries', 'weather.hocon');
  /** The text the editor shows (the files here are short: every line is on screen). */
  const shown = page.locator('.monaco-editor .view-lines').first();
  const server = await startBrowserMode({ open: dir });
  try {
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    const openNetwork = async () => {
      await view.getByRole('group', { name: 'Agent networks' }).getByRole('button', { name: 'registries/weather.hocon' }).click();
      await expect(page).toHaveTitle('weather.hocon — Toolbox Editor');
      await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
      await analysisCurrent(page);
    };
    await openNetwork();

    // F12 on "toolbox": "lookup_weather": the toolbox file opens at the tool's entry.
    await cursorOn(page, weather, '"lookup_weather"');
    await page.keyboard.press('F12');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');
    await expect.poll(() => cursorLine(page)).toBe(3);

    // Shift+F12 there: the entry and the agents of both networks that use it, in the peek, with their files.
    await openNetwork();
    await cursorOn(page, weather, '"lookup_weather"');
    await page.keyboard.press('Shift+F12');
    const peek = page.locator('.peekview-widget');
    await expect(peek).toContainText('References (3)');
    for (const file of ['toolbox_info.hocon', 'reports.hocon', 'weather.hocon']) await expect(peek.locator('.reference-file', { hasText: file })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // F2 with unsaved changes: refused (the rename edits the files on disk), nothing written.
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await cursorOn(page, weather, '"lookup_weather"');
    await page.keyboard.press('F2');
    await expect(page.locator('.monaco-editor-overlaymessage')).toContainText('Save your changes first');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page).not.toHaveTitle(/^●/);

    // F2 on the tool: renamed in the toolbox and both networks, the open file read again; Undo puts all back.
    await cursorOn(page, weather, '"lookup_weather"');
    await page.keyboard.press('F2');
    const input = page.locator('.rename-box input, .rename-input').first();
    await expect(input).toBeVisible();
    await input.fill('get_weather');
    await input.press('Enter');
    const notice = page.getByRole('status', { name: 'Editor notice' });
    await expect(notice).toContainText("Renamed 'lookup_weather' to 'get_weather' in 3 files");
    const renamed = read();
    renamed.forEach((text, i) => expect(text).toBe(original[i]!.replaceAll('"lookup_weather"', '"get_weather"')));
    await expect(shown).toContainText('get_weather');
    await notice.getByRole('button', { name: 'Undo rename' }).click();
    await expect.poll(read).toEqual(original);
    await expect(shown).toContainText('lookup_weather');
    await expect(shown).not.toContainText('get_weather');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
