import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startBrowserMode, test, type BrowserModeServer } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';
import { startWithPythonFixtures } from '../support/pythonFixtures';
import { REVIEW_RULE_IDS } from '../../shared/toolbox/reviewSettings';

// The six problems of issue 14, each as a user meets it in browser mode.
const FIXTURE = 'form_round_trip.hocon';

async function openFixture(page: Page, server: BrowserModeServer, tool: string) {
  await page.goto(server.url);
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: tool, exact: true }).click();
  const form = page.getByRole('form', { name: `Tool ${tool}` });
  await expect(form).toBeVisible();
  return form;
}

const onDisk = (server: BrowserModeServer) => readFileSync(path.join(server.dir, FIXTURE), 'utf8');

test.describe('the form edits the document as the user types', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('typing a description marks the file unsaved, shows in the catalog preview, and Ctrl+S saves it without leaving the field', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      const form = await openFixture(page, server, 'search');
      const description = form.getByLabel('Description', { exact: true });
      await description.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Fast');
      // The first keystrokes already reach the document: the title's marker and the catalog preview follow.
      await expect(page).toHaveTitle(`● ${FIXTURE} — Toolbox Editor`);
      await expect(page.getByRole('region', { name: 'Catalog preview' })).toContainText('Searches the web for what the user asks. Fast');
      await page.keyboard.type('er.');
      await expect(description).toBeFocused();
      await page.keyboard.press('ControlOrMeta+s');
      await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
      expect(onDisk(server)).toBe(original.replace('Searches the web for what the user asks.', 'Searches the web for what the user asks. Faster.'));

      // The whole burst of typing is one undo step.
      await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
      await expect(page).toHaveTitle(`● ${FIXTURE} — Toolbox Editor`);
      await page.keyboard.press('ControlOrMeta+s');
      await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
      expect(onDisk(server)).toBe(original);
    } finally {
      await server.stop();
    }
  });

  test('renaming a parameter renames it in required; removing one removes it; a stale required name is fixed in one click', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      let form = await openFixture(page, server, 'search');
      const table = form.getByRole('table', { name: 'Parameters' });
      await table.getByLabel('query name').fill('text');
      await table.getByLabel('text required').waitFor();
      await expect(table.getByLabel('text required')).toBeChecked();
      await table.getByRole('button', { name: 'Remove limit' }).click();
      await analysisCurrent(page);
      await expect(page.getByRole('region', { name: 'Problems' })).not.toContainText('requires "text"');

      await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'call_agent', exact: true }).click();
      form = page.getByRole('form', { name: 'Tool call_agent' });
      await form.getByRole('button', { name: 'Remove inquiry from required' }).click();
      await analysisCurrent(page);
      await expect(page.getByRole('region', { name: 'Problems' })).not.toContainText('required-unknown');

      await page.keyboard.press('ControlOrMeta+s');
      await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
      const saved = onDisk(server);
      expect(saved).toContain('"text": {');
      expect(saved).toContain('"required": ["text"]');
      expect(saved).toContain('"required": ["agent_name"]');
      expect(saved).not.toContain('"limit"');
      // Outside the edits, nothing moved: the lines of the other tools are as they were.
      for (const line of original.split('\n').filter((l) => /"w\d"|long_line/.test(l))) expect(saved).toContain(line);
    } finally {
      await server.stop();
    }
  });

  test('a multi-line parameter description keeps every line break on disk, byte for byte outside the edit', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      const form = await openFixture(page, server, 'search');
      const cell = form.getByLabel('query description');
      await expect(cell).toHaveValue('What to look for.\nWrite it as a question;\nthe search engine reads it as it is.');
      const box = await cell.boundingBox();
      expect(box!.height, 'the cell shows its three lines').toBeGreaterThan(45);
      await cell.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Or not.');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('Last line.');
      await page.keyboard.press('ControlOrMeta+s');
      await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
      expect(onDisk(server)).toBe(original.replace('the search engine reads it as it is."""', 'the search engine reads it as it is. Or not.\nLast line."""'));
    } finally {
      await server.stop();
    }
  });
});

test.describe('problems', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('errors come first; a click shows the line from its start below the sticky header, or the form field; fixes are buttons', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      // The review checks would add a hint or two per tool: off, so the rows this test clicks stay in view.
      writeFileSync(path.join(server.dir, '.toolbox-editor.json'), JSON.stringify({ rules: Object.fromEntries(REVIEW_RULE_IDS.map((r) => [r, 'off'])) }));
      await openFixture(page, server, 'search');
      const problems = page.getByRole('region', { name: 'Problems' });
      await analysisCurrent(page);
      // Errors are listed first: the 'wait' error above the seven warnings written before it.
      await expect(problems.locator('button.problem').nth(0)).toContainText("Unrecognized type 'long' for field 'limit'");
      await expect(problems.locator('button.problem').nth(1)).toContainText("Unrecognized type 'str' for field 'wait'");

      // From the Form tab, a problem in a field selects that field; the form's message names the parameter.
      const form = page.getByRole('form', { name: 'Tool search' });
      await expect(form).toContainText("Parameter limit: Unrecognized type 'long'");
      await problems.getByRole('button', { name: /Unrecognized type 'long'/ }).first().click();
      await expect(form.getByLabel('limit type')).toBeFocused();

      // A key the form does not show: its line in the HOCON tab, the start of the line in view.
      await problems.getByRole('button', { name: /Unknown key 'displai_as'/ }).click();
      await expect(page.getByRole('tab', { name: 'HOCON' })).toHaveAttribute('aria-selected', 'true');
      const line = page.locator('.monaco-editor .view-line', { hasText: '"long_line": { "displai_as"' });
      await expect(line).toBeVisible();
      // Monaco may still move its lines after the reveal (the sticky header settles, lines are re-rendered): the line
      // must end up shown from its start, below the sticky header, inside the text area.
      await expect(async () => {
        const lineBox = await line.boundingBox();
        expect(lineBox).not.toBeNull();
        // Not scrolled to the right: the line starts at the left edge of the text area.
        const textArea = (await page.locator('.monaco-editor .monaco-scrollable-element').first().boundingBox())!;
        expect(lineBox!.x).toBeGreaterThanOrEqual(textArea.x - 1);
        const sticky = page.locator('.monaco-editor .sticky-widget');
        const stickyBox = (await sticky.count()) && (await sticky.isVisible()) ? await sticky.boundingBox() : null;
        expect(lineBox!.y).toBeGreaterThanOrEqual(stickyBox ? stickyBox.y + stickyBox.height : 0);
        expect(lineBox!.y + lineBox!.height).toBeLessThanOrEqual(textArea.y + textArea.height);
      }).toPass({ timeout: 5000 });

      // The quick fix is a button on the row.
      await problems.getByRole('button', { name: 'Change "long" to "integer"' }).first().click();
      await analysisCurrent(page);
      await expect(problems.getByRole('button', { name: /Unrecognized type 'long'/ })).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });
});

test.describe('test-run pane at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('inputs stay at least two lines tall and the result of a run is in view', async ({ page }) => {
    const server = await startWithPythonFixtures({ fixture: 'testrun_toolbox.hocon' });
    try {
      await page.goto(server.url);
      const pane = page.getByRole('region', { name: 'Test run' });
      await pane.getByLabel('Tool', { exact: true }).selectOption('echo');
      await pane.getByRole('tab', { name: 'JSON' }).click();
      const args = pane.getByLabel('Arguments JSON');
      const sly = pane.getByLabel('sly_data (JSON object; blank sends none)');
      const lineHeight = await sly.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 1.2 * parseFloat(getComputedStyle(el).fontSize));
      for (const box of [args, sly]) expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(2 * lineHeight);
      // They grow with what is typed.
      await args.fill('{\n  "text": "hi",\n  "mood": "loud",\n  "times": 2\n}');
      expect((await args.boundingBox())!.height).toBeGreaterThanOrEqual(5 * lineHeight);
      await pane.getByRole('button', { name: 'Run', exact: true }).click();
      const result = pane.getByRole('region', { name: 'Run result' });
      await expect(result.getByLabel('Result content')).toContainText('"mood": "loud"');
      await expect(result.getByLabel('Result content')).toBeInViewport();
    } finally {
      await server.stop();
    }
  });
});

test('pane sizes are proportions: widened at 1920, the editor keeps 40% of a 1280 window after a reload', async ({ page }) => {
  const server = await startBrowserMode({ fixture: FIXTURE });
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(server.url);
    for (const name of ['Resize the tool list', 'Resize the side panes']) {
      const splitter = page.getByRole('separator', { name });
      await splitter.focus();
      for (let i = 0; i < 14; i++) await page.keyboard.press(name.includes('side') ? 'Shift+ArrowLeft' : 'Shift+ArrowRight');
    }
    const editor = page.getByRole('region', { name: 'Editor' });
    await expect.poll(async () => (await editor.boundingBox())!.width).toBeLessThan(1920 * 0.5);
    // Saved (to the preferences too) a moment after the last change.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('toolbox-editor.layout'))).not.toBeNull();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await editor.boundingBox())!.width).toBeGreaterThanOrEqual(1280 * 0.4);
    await page.reload();
    await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first()).toBeVisible();
    expect((await editor.boundingBox())!.width).toBeGreaterThanOrEqual(1280 * 0.4);
  } finally {
    await server.stop();
  }
});

test('unsaved work: Save, Don\'t save and Cancel in the app\'s own dialog', async ({ page }) => {
  const server = await startBrowserMode({ fixture: FIXTURE });
  try {
    const original = onDisk(server);
    const form = await openFixture(page, server, 'w1');
    await form.getByLabel('Description', { exact: true }).fill('Changed.');
    const toolbar = page.getByRole('toolbar', { name: 'File' });
    const ask = page.getByRole('dialog', { name: 'Save changes?' });
    await toolbar.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Open a neuro-san toolbox info file')).toBeVisible();
    expect(onDisk(server)).toBe(original.replace('"description": "One."', '"description": "Changed."'));

    await page.getByRole('button', { name: 'Open a file…' }).click();
    await page.getByRole('dialog', { name: 'Open a toolbox file' }).getByRole('button', { name: path.join(server.dir, FIXTURE) }).click();
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'w2', exact: true }).click();
    await page.getByRole('form', { name: 'Tool w2' }).getByLabel('Description', { exact: true }).fill('Dropped.');
    await toolbar.getByRole('button', { name: 'New' }).click();
    await ask.getByRole('button', { name: "Don't save" }).click();
    await expect(page).toHaveTitle('● Untitled.hocon — Toolbox Editor');
    expect(onDisk(server)).not.toContain('Dropped.');
  } finally {
    await server.stop();
  }
});

test('Add tool in an empty file writes a valid entry whose class placeholder is selected, ready to type over', async ({ page }) => {
  const server = await startBrowserMode();
  try {
    const file = path.join(server.dir, 'empty.hocon');
    writeFileSync(file, '');
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Open a file…' }).click();
    await page.getByLabel('File path').fill(file);
    await page.getByLabel('File path').press('Enter');
    await expect(page).toHaveTitle('empty.hocon — Toolbox Editor');
    await page.getByRole('button', { name: 'Add tool' }).click();
    await page.getByRole('menuitem', { name: 'Coded tool' }).click();
    const form = page.getByRole('form', { name: 'Tool new_coded_tool' });
    const className = form.getByLabel('Class', { exact: true });
    await expect(className).toBeFocused();
    await expect(className).toHaveValue('your_package.your_module.YourTool');
    await page.keyboard.type('weather.Forecast');
    await expect(className).toHaveValue('weather.Forecast');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('empty.hocon — Toolbox Editor');
    await analysisCurrent(page);
    await expect(page.getByLabel('Problem counts')).toHaveText(/^0 errors/);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('new_coded_tool = {\n    "class": "weather.Forecast",');
    expect(saved).toContain('"your_argument"');
  } finally {
    await server.stop();
  }
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`screenshots of the form, problems and test run at ${size.width}×${size.height}, light and dark`, async ({ page }, testInfo) => {
    const server = await startWithPythonFixtures({ fixture: FIXTURE });
    try {
      await page.setViewportSize(size);
      const form = await openFixture(page, server, 'search');
      await analysisCurrent(page);
      await expect(form.getByLabel('query description')).toHaveValue(/\n/);
      // The editor column keeps its share, whatever the window.
      expect((await page.getByRole('region', { name: 'Editor' }).boundingBox())!.width).toBeGreaterThanOrEqual(size.width * 0.4);
      await screenshotBothThemes(page, testInfo, `form-${size.width}x${size.height}`);
      await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'call_agent', exact: true }).click();
      await expect(page.getByRole('form', { name: 'Tool call_agent' }).getByRole('button', { name: 'Remove inquiry from required' })).toBeVisible();
      await screenshotBothThemes(page, testInfo, `stale-required-${size.width}x${size.height}`);
    } finally {
      await server.stop();
    }
  });
}
