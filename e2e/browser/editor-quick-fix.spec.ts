import { expect, showHoconText, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';

test('a quick fix from the Problems panel is applied in the text as a code action', async ({ page }, testInfo) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const problems = page.getByRole('region', { name: 'Problems' });
    const problem = problems.getByRole('button', { name: /Unrecognized type 'long'/ });
    await expect(problem).toBeVisible();
    await screenshotBothThemes(page, testInfo, 'problems');
    // From the Form tab a click selects the form field; from the HOCON tab it reveals the line.
    await showHoconText(page);
    await problem.click();
    await expect(page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' })).toHaveAttribute('aria-selected', 'true');
    // The editor takes focus and learns its markers a moment after the jump; on a busy machine the first Ctrl+.
    // can come before that (and then shows nothing), so it is pressed again until the menu offers the fix.
    await expect(page.locator('.monaco-editor.focused')).toBeVisible();
    // Monaco's code-action menu (the Problems row has the same fix as a button of its own).
    const fix = page.locator('.context-view, .monaco-editor').getByText('Change "long" to "integer"').first();
    await expect(async () => {
      await page.keyboard.press('ControlOrMeta+.');
      await expect(fix).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await fix.click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"integer"');
    await analysisCurrent(page);
    await expect(problem).toHaveCount(0);
    // What is left is the review's style advice, hints (not neuro-san's concern): get_time's four-word description,
    // and get_time reading much like the default toolbox's get_current_date_time.
    await expect(page.getByLabel('Problem counts')).toHaveText('0 errors, 0 warnings, 2 hints');
  } finally {
    await server.stop();
  }
});
