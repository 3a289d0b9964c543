import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

test.use({ viewport: { width: 1280, height: 800 } });

// Issue #35: a `#` typed before a key makes the whole text unreadable to neuro-san for a moment. The tool list kept
// only the default toolbox's tool, moved the selection and the project view said the networks' agents break.
test('a syntax error typed in the text keeps the tool list and its selection, says "not parsed: line N", and nothing breaks', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-unparsed-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const server = await startBrowserMode({ open: dir });
  try {
    await page.goto(server.url);
    const toolList = page.getByRole('region', { name: 'Tool list' });
    const tools = toolList.getByRole('listbox', { name: 'Tools', exact: true });
    const names = ['get_current_date_time', 'lookup_weather', 'send_report', 'unused_tool'];
    await expect(tools.getByRole('option')).toHaveText(names.map((n) => new RegExp(`^${n}`)));
    await analysisCurrent(page);
    await tools.getByRole('option', { name: 'send_report' }).click();
    const problems = page.getByRole('region', { name: 'Problems' });
    const status = toolList.getByRole('status', { name: 'Text not read' });

    // The key is selected in the text: Home puts the cursor before it, and `#` makes the rest of its entry unreadable.
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
    await page.keyboard.press('Home');
    await page.keyboard.type('#');
    await analysisCurrent(page);
    await expect(problems.locator('.problem-row')).toContainText(['ParseException']);
    // Where neuro-san's reading (pyhocon) stops, as Problems says: the next key, whose entry the `}` left closed.
    await expect(status).toHaveText('not parsed: line 28');
    await expect(tools.getByRole('option')).toHaveText(names.map((n) => new RegExp(`^${n}`)));
    await expect(tools.getByRole('option', { name: 'send_report' })).toHaveAttribute('aria-selected', 'true');
    await expect(toolList.getByRole('heading')).toHaveText('Tools (4/4)');
    // Nothing is said to break from a half-typed text: the networks' agents still find their tools.
    await expect(page.getByRole('alert', { name: 'Tools the networks still use' })).toHaveCount(0);
    // No edit is computed from a text that does not parse.
    await expect(toolList.getByRole('button', { name: 'Rename' })).toBeDisabled();

    // Another tool chosen meanwhile: its fields come with a text that parses, and the form says so (it said
    // "Reading lookup_weather…" until then).
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'Form' }).click();
    await tools.getByRole('option', { name: 'lookup_weather' }).click();
    await expect(page.getByText('lookup_weather is shown once the text parses again (not parsed: line 28).')).toBeVisible();
    await tools.getByRole('option', { name: 'send_report' }).click();

    // The status shows where the text stops parsing.
    await status.getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' })).toHaveAttribute('aria-selected', 'true');

    // The `#` taken away: the text's own tools, the selection where it was, no status.
    await page.keyboard.press('ControlOrMeta+Z');
    await analysisCurrent(page);
    await expect(status).toHaveCount(0);
    await expect(problems.locator('.problem-row').filter({ hasText: 'ParseException' })).toHaveCount(0);
    await expect(tools.getByRole('option')).toHaveText(names.map((n) => new RegExp(`^${n}`)));
    await expect(tools.getByRole('option', { name: 'send_report' })).toHaveAttribute('aria-selected', 'true');
    await expect(toolList.getByRole('button', { name: 'Rename' })).toBeEnabled();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
