import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, fixturePath, hoconLines, showHoconText, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

test('editing the HOCON text updates the tool list and the form', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    await editor.getByRole('tab', { name: 'HOCON' }).click();
    await page.locator('.monaco-editor .view-lines').getByText('get_time.GetTime').click();
    await page.keyboard.press('End');
    // After the trailing comment: go back to just after GetTime and type.
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ControlOrMeta+ArrowRight');
    await page.keyboard.type('V2');
    await analysisCurrent(page);
    await editor.getByRole('tab', { name: 'Form' }).click();
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue(/V2/);
    await expect(page).toHaveTitle(/^●/);
  } finally {
    await server.stop();
  }
});

test('a file opened while the Form tab shows: the HOCON tab shows it from its first line, with its markers', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    // Long enough to scroll: the first file is left scrolled to its end.
    const tools = Array.from({ length: 80 }, (_, i) => `tool_${i} { class = "m.Tool${i}", description = "Returns the value number ${i} of the fixture." }`);
    writeFileSync(path.join(server.dir, 'long.hocon'), `# long.hocon: the first line\n${tools.join('\n')}\n`);
    copyFileSync(fixturePath('neuro_san_checks.hocon'), path.join(server.dir, 'neuro_san_checks.hocon'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    const open = async (file: string) => {
      await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Open…' }).click();
      await page.getByLabel('File path').fill(file);
      await page.getByLabel('File path').press('Enter');
      await expect(page).toHaveTitle(`${file} — Toolbox Editor`);
    };
    await open('long.hocon');
    await showHoconText(page);
    await hoconLines(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await expect(hoconLines(page)).toContainText('tool_79');
    await expect(hoconLines(page)).not.toContainText('the first line');

    await editor.getByRole('tab', { name: 'Form' }).click();
    await open('neuro_san_checks.hocon');
    await analysisCurrent(page);
    await showHoconText(page);
    await expect(hoconLines(page)).toContainText('One tool per check neuro-san makes');
    await expect(hoconLines(page)).not.toContainText('tool_');
    // Its problems are marked in the text (Monaco's squiggles), and typing edits this file.
    await expect(editor.locator('.squiggly-error').first()).toBeVisible();
    await hoconLines(page).getByText('One tool per check').click();
    await page.keyboard.press('End');
    await page.keyboard.type('TYPED');
    await expect(hoconLines(page)).toContainText('pins the words).TYPED');
    await expect(page).toHaveTitle(/^● neuro_san_checks\.hocon/);

    // A tool chosen in the list while the Form tab shows is shown in the text when the HOCON tab shows.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page).toHaveTitle('neuro_san_checks.hocon — Toolbox Editor');
    await editor.getByRole('tab', { name: 'Form' }).click();
    await open('long.hocon');
    const list = page.getByRole('listbox', { name: 'Tools', exact: true });
    await list.getByRole('option', { name: 'tool_0' }).click();
    await page.keyboard.press('End'); // the list shows the tools in view only: the last one, by key
    await expect(list.getByRole('option', { name: 'tool_79' })).toHaveAttribute('aria-selected', 'true');
    await showHoconText(page);
    await expect(hoconLines(page)).toContainText('Returns the value number 79');
    await expect(hoconLines(page)).not.toContainText('the first line');
  } finally {
    await server.stop();
  }
});
