import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';

test('editing in the form updates the text and saves with every comment kept', async ({ page }, testInfo) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    const file = path.join(server.dir, 'editor_flows.hocon');
    const original = readFileSync(file, 'utf8');
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    const tools = page.getByRole('listbox', { name: 'Tools' });
    await tools.getByRole('option', { name: 'get_time' }).click();
    await expect(editor.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    await expect(editor.getByLabel('Class', { exact: true })).toHaveValue('get_time.GetTime');
    await expect(editor.getByLabel('Display as', { exact: true })).toHaveValue(''); // not set: shows the inferred value
    await expect(editor.getByLabel('Display as', { exact: true }).locator('option').first()).toHaveText('coded_tool (inferred)');
    await screenshotBothThemes(page, testInfo, 'form');

    await editor.getByLabel('Class', { exact: true }).fill('clock.Clock');
    await editor.getByLabel('Class', { exact: true }).press('Enter');
    await editor.getByLabel('Description', { exact: true }).fill('Gets the time\nin any zone');
    await editor.getByLabel('Display as', { exact: true }).selectOption('llm_agent');
    await analysisCurrent(page);

    await editor.getByRole('tab', { name: 'HOCON' }).click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('clock.Clock');
    await screenshotBothThemes(page, testInfo, 'hocon');
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveTitle('editor_flows.hocon — Toolbox Editor');

    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('"class": "clock.Clock",   // trailing comment after the class');
    expect(saved).toContain('"description": """Gets the time\nin any zone"""');
    expect(saved).toMatch(/"display_as": "llm_agent"/);
    // Nothing else changed: every line of the original that was not edited is still there, in order.
    const untouched = original.split('\n').filter((l) => !/GetTime|Gets the current time/.test(l));
    let at = 0;
    for (const line of untouched) {
      at = saved.indexOf(line, at);
      expect(at, `line kept: ${line}`).toBeGreaterThanOrEqual(0);
    }
  } finally {
    await server.stop();
  }
});

test('the args tree shows nested classes and edits a leaf in place', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'search' }).click();
    await expect(editor.getByLabel('args.api_wrapper class')).toHaveValue('langchain_community.utilities.tavily_search.TavilySearchAPIWrapper');
    await editor.getByLabel('args.api_wrapper.args.region').fill('us');
    await editor.getByLabel('args.api_wrapper.args.region').press('Enter');
    await editor.getByLabel('args.max_results').fill('7');
    await editor.getByLabel('args.max_results').press('Enter');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('editor_flows.hocon — Toolbox Editor');
    const saved = readFileSync(path.join(server.dir, 'editor_flows.hocon'), 'utf8');
    expect(saved).toContain('"args": { "region": "us" }');
    expect(saved).toContain('"max_results": 7,');
  } finally {
    await server.stop();
  }
});

// An arg's field is one line for a number and a cell for text: a value typed from one to the other (as each pause
// writes it) once made the field drawn anew as its analysis landed, without the focus, and the next keys were lost.
test('an arg typed from a number to text keeps the focus and every key', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'search' }).click();
    const region = editor.getByLabel('args.api_wrapper.args.region');
    await expect(region).toHaveValue('eu');
    await region.click();
    await page.keyboard.press('ControlOrMeta+a');
    // 150 ms apart: every key is written (FIELD_WRITE_DELAY_MS is 120) and analysed while the next ones come.
    await page.keyboard.type('2nd region', { delay: 150 });
    await page.keyboard.press('Enter');
    await analysisCurrent(page);
    await expect(region).toHaveValue('2nd region');
    await expect(region).toBeFocused();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('editor_flows.hocon — Toolbox Editor');
    expect(readFileSync(path.join(server.dir, 'editor_flows.hocon'), 'utf8')).toContain('"args": { "region": "2nd region" }');
  } finally {
    await server.stop();
  }
});

test('the Type cell of a parameter suggests the type names neuro-san reads', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const editor = page.getByRole('region', { name: 'Editor' });
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    const type = editor.getByLabel('timezone type', { exact: true });
    await expect(type).toHaveValue('string');
    // No version pinned: the newest release the editor knows, which reads the JSON Schema names and its own.
    const suggested = await type.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => o.value));
    expect(suggested).toEqual(expect.arrayContaining(['string', 'integer', 'number', 'boolean', 'array', 'object', 'int', 'float', 'bool']));
  } finally {
    await server.stop();
  }
});
