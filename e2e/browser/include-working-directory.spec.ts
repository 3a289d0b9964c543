import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, hoconLines, showHoconText, startBrowserMode, test } from '../support/browserMode';
import type { Locator, Page } from '@playwright/test';
import { analysisCurrent, hoverShowing } from '../support/editorPage';

/**
 * Ctrl/Cmd+click on `target` by its place on screen: Monaco re-renders the word under a pointer held with Ctrl (it
 * underlines a link or a definition), which a locator's click takes for its element detached, and retries forever.
 */
async function ctrlClick(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.keyboard.down('ControlOrMeta');
  await page.mouse.down();
  await page.mouse.up();
  await page.keyboard.up('ControlOrMeta');
}

// neuro-san finds a top-level include in the folder it runs in: the preference "neuro-san's working directory"
// decides which file that is, the reading follows it at once, and a hover on the include says which file was read.
test('the working directory preference changes what an include reads; the hover names the file; F12 and Ctrl+click open it', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-cwd-'));
  const files: Record<string, string> = {
    // (The include is not on the first line: no hover shows on line 1 of the HOCON tab, for any provider.)
    'project/registries/tb.hocon': '# The parts catalog tools.\n\ninclude "shared.hocon"\nmine { class = "m.Mine", description = "Looks things up in the parts catalog by name." }\n',
    'project/registries/shared.hocon': 'next_to_file { class = "m.Next", description = "Read next to the file, as the specification reads it." }\n',
    'project/shared.hocon': 'in_root { class = "m.Root", description = "Read when neuro-san runs in the project root." }\n',
    'elsewhere/shared.hocon': 'in_elsewhere { class = "m.Else", description = "Read when neuro-san runs in the other folder." }\n',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const server = await startBrowserMode({ dir, open: 'project/registries/tb.hocon' });
  try {
    await page.goto(server.url);
    const list = page.getByRole('region', { name: 'Tool list' });
    // By default neuro-san runs in the project's root (the folder holding registries/).
    await expect(list.getByRole('option', { name: 'in_root' })).toBeVisible();
    await expect(list.getByRole('option', { name: 'next_to_file' })).toHaveCount(0);

    await showHoconText(page);
    await analysisCurrent(page);
    const include = hoconLines(page).locator('span', { hasText: /^include$/ }).first();
    const hover = await hoverShowing(page, include, 'neuro-san reads');
    await expect(hover).toContainText(`neuro-san reads ${path.join(dir, 'project', 'shared.hocon')} (found in its working directory ${path.join(dir, 'project')})`);
    await expect(hover).toContainText(`The specification reads ${path.join(dir, 'project', 'registries', 'shared.hocon')}`);
    await page.mouse.move(0, 0);

    const prefs = page.getByRole('dialog', { name: 'Preferences' });
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs.getByTestId('working-directory-used')).toContainText(`${path.join(dir, 'project')} (the nearest folder with registries/)`);
    await prefs.getByLabel("neuro-san's working directory").fill('../elsewhere');
    await prefs.getByRole('button', { name: 'Save preferences' }).click();
    await expect(prefs).toBeHidden();

    // The open file is read again: the include now reads the other folder's file.
    await expect(list.getByRole('option', { name: 'in_elsewhere' })).toBeVisible();
    await expect(list.getByRole('option', { name: 'in_root' })).toHaveCount(0);
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs.getByTestId('working-directory-used')).toContainText(`${path.join(dir, 'elsewhere')} (set in Preferences)`);
    await prefs.getByRole('button', { name: 'Cancel' }).click();

    // Before the file's analysis comes (held here) the editor has no include links: F12, and a Ctrl/Cmd+click,
    // are answered by Go to Definition, which opens the file neuro-san reads there too (not the specification's,
    // registries/shared.hocon). Each starts on a freshly loaded page, so no earlier analysis can answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let analysesHeld = 0;
    await page.route('**/api/toolbox.analyze', async (route) => {
      analysesHeld++;
      await held;
      // A request of the page before a reload was dropped with it.
      await route.continue().catch(() => undefined);
    });
    const problems = page.getByRole('region', { name: 'Problems' });
    const reloadedWithoutAnalysis = async () => {
      const before = analysesHeld;
      await page.reload();
      await showHoconText(page);
      await expect(hoconLines(page)).toContainText('mine {');
      await expect.poll(() => analysesHeld).toBeGreaterThan(before);
      await expect(problems).not.toHaveAttribute('data-analysis', 'current');
    };
    for (const open of ['F12', 'Ctrl/Cmd+click'] as const) {
      await reloadedWithoutAnalysis();
      await expect(async () => {
        if (open === 'F12') {
          await include.click();
          await page.keyboard.press('F12');
        } else {
          await ctrlClick(page, include);
        }
        await expect(hoconLines(page), `${open} opens the file neuro-san reads`).toContainText('in_elsewhere {', { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(hoconLines(page)).not.toContainText('next_to_file {');
      await expect(problems).not.toHaveAttribute('data-analysis', 'current');
    }
    release(); // every analysis from now on passes at once
    await page.unroute('**/api/toolbox.analyze');

    // With the analysis come, Ctrl/Cmd+click on the include (the editor's link) opens the same file.
    await page.reload();
    await showHoconText(page);
    await analysisCurrent(page);
    await expect(async () => {
      await ctrlClick(page, include);
      await expect(hoconLines(page)).toContainText('in_elsewhere {', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
