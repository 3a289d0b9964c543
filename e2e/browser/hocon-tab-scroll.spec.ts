import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, showHoconText, startBrowserMode, test } from '../support/browserMode';

test.use({ viewport: { width: 1280, height: 800 } });

// Issue 24: a tool chosen in the list while the Form tab showed scrolled the hidden HOCON editor sideways by the
// key's indentation, so the HOCON tab opened showing `clude` for `include` (and the next file did too).
test('the HOCON tab opens at the left edge after a tool was chosen on the Form tab, and so does the next file', async ({ page }) => {
  const long = 'Returns what the caller asked for, with every detail it has, in as many words as this line needs to be long. '.repeat(3);
  const tools = Array.from({ length: 12 }, (_, i) => `    "tool_${i}": {\n        "class": "pkg.mod.Tool${i}",\n        "description": "${long}"\n    }`);
  const server = await startBrowserMode({});
  writeFileSync(path.join(server.dir, 'base.hocon'), 'x = 1\n');
  writeFileSync(path.join(server.dir, 'first.hocon'), `include "base.hocon"\n${tools.join('\n')}\n`);
  writeFileSync(path.join(server.dir, 'second.hocon'), `include "base.hocon"\n${tools.slice(0, 2).join('\n')}\n`);
  const scrolledBy = () => page.locator('.monaco-editor .lines-content').first().evaluate((e) => (e as HTMLElement).style.left);
  const open = async (file: string) => {
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Open…' }).click();
    await page.getByLabel('File path').fill(file);
    await page.getByLabel('File path').press('Enter');
    await expect(page).toHaveTitle(`${file} — Toolbox Editor`);
  };
  try {
    await page.goto(server.url);
    await open('first.hocon');
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'tool_7' }).click();
    await showHoconText(page);
    // The chosen tool's line is shown, from the start of the line.
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"tool_7"');
    expect(await scrolledBy()).toBe('0px');

    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Form' }).click();
    await open('second.hocon');
    await showHoconText(page);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('include "base.hocon"');
    expect(await scrolledBy()).toBe('0px');
  } finally {
    await server.stop();
  }
});
