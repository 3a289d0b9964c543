import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// The HOCON tab's outline, Format Document, go to definition (F12), find references (Shift+F12) and rename (F2), all
// from the language service (shared/language) that the language server uses too.

/** The line the cursor is on: the editor marks its number. */
async function cursorLine(page: Page): Promise<number> {
  return Number(await page.locator('.monaco-editor .line-numbers.active-line-number').first().textContent());
}

/** Puts the cursor at a line and column with Go to Line (Ctrl+G), as a keyboard user would. */
async function placeCursor(page: Page, line: number, column: number): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => cursorLine(page)).toBe(line);
}

/** The text as saved (Ctrl+S), read from disk. */
async function savedText(page: Page, file: string): Promise<string> {
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page).not.toHaveTitle(/^●/);
  return readFileSync(file, 'utf8');
}

test('the HOCON tab has an outline, Format Document, F12, Shift+F12 and F2', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'shared_args.hocon' });
  try {
    // The formatting options come from .editorconfig, as `toolbox-editor format` reads them (3 spaces: neither
    // Monaco's 4 nor the formatter's default 2).
    writeFileSync(path.join(server.dir, '.editorconfig'), 'root = true\n[*.hocon]\nindent_style = space\nindent_size = 3\n');
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
    await analysisCurrent(page);

    const file = path.join(server.dir, 'shared_args.hocon');
    // The outline lists the tools and their keys; a click shows the key in the editor. At this window's width it folds
    // by itself (the code keeps its room): the user opens it.
    const outline = page.getByRole('navigation', { name: 'Outline' });
    await outline.getByRole('button', { name: 'Expand the outline' }).click();
    await expect(outline.getByRole('button', { name: 'fetch_again' })).toBeVisible();
    await outline.getByRole('button', { name: 'fetch_again' }).click();
    await expect.poll(() => cursorLine(page)).toBe(11);

    // Format Document (Shift+Alt+F; Ctrl+Shift+I on Linux): the odd indentation and separator are tidied, nothing else.
    const formatDocument = () => page.keyboard.press(process.platform === 'linux' ? 'Control+Shift+I' : 'Shift+Alt+F');
    // First from the command palette, with the Form tab showing: the HOCON tab shows the result.
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Form' }).click();
    await page.keyboard.press('ControlOrMeta+Shift+P');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox', { name: 'Command' }).fill('format');
    const formatCommand = palette.getByRole('listbox', { name: 'Commands' }).getByRole('option', { name: /Format the document/ });
    await expect(formatCommand).toContainText(process.platform === 'linux' ? 'Ctrl+Shift+I' : 'Shift+Alt+F');
    await formatCommand.click();
    await expect(page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' })).toHaveAttribute('aria-selected', 'true');
    // The options come from the main side: the edits arrive a moment later (the title then says "unsaved").
    await expect(page).toHaveTitle(/^●/);
    await expect.poll(() => savedText(page, file)).toContain('\n   "fetch_slow": {\n      "class": "langchain');
    // Text that does not parse is not formatted, and the editor says why (it did nothing).
    await placeCursor(page, 2, 2);
    await page.keyboard.type('}');
    await formatDocument();
    const notice = page.getByRole('alert', { name: 'Editor notice' });
    await expect(notice).toContainText(/^Not formatted: line \d+, column \d+: /);
    await page.keyboard.press('ControlOrMeta+z');
    await expect(notice).toHaveCount(0);
    await expect.poll(() => savedText(page, file)).toContain('{\n   "fetch"');

    // F12 on `args` in ${fetch.args}: to the key it reads.
    await placeCursor(page, 9, 26);
    await page.keyboard.press('F12');
    await expect.poll(() => cursorLine(page)).toBe(5);

    // Shift+F12: the key and the two ${...} that read it.
    await placeCursor(page, 9, 26);
    await page.keyboard.press('Shift+F12');
    const peek = page.locator('.peekview-widget');
    await expect(peek).toBeVisible();
    await expect(peek).toContainText('References (3)');
    await page.keyboard.press('Escape');

    // F2 on the tool's key: the key and every ${fetch...} that names it.
    await placeCursor(page, 3, 6);
    await page.keyboard.press('F2');
    const input = page.locator('.rename-box input, .rename-input').first();
    await expect(input).toBeVisible();
    await input.fill('fetch_fast');
    await input.press('Enter');
    await expect.poll(() => savedText(page, file)).toContain('"fetch_fast": {');
    const text = readFileSync(file, 'utf8');
    expect(text.match(/\$\{fetch_fast\.args\}/g)).toHaveLength(2);
    expect(text).not.toContain('${fetch.args}');
  } finally {
    await server.stop();
  }
});
