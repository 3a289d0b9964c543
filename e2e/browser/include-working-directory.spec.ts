import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, hoconLines, showHoconText, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent, hoverShowing } from '../support/editorPage';

// neuro-san finds a top-level include in the folder it runs in: the preference "neuro-san's working directory"
// decides which file that is, the reading follows it at once, and a hover on the include says which file was read.
test('the working directory preference changes what an include reads; the hover names the file; Ctrl+click opens it', async ({ page }) => {
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

    // Ctrl/Cmd+click on the include opens the file neuro-san reads there.
    await showHoconText(page);
    await analysisCurrent(page);
    await expect(async () => {
      await include.click({ modifiers: ['ControlOrMeta'] });
      await expect(hoconLines(page)).toContainText('in_elsewhere {', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
