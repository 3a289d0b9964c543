import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cliPath, expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

/**
 * The workbench at the sizes people use (1280×800, 1920×1080), light and dark: splitters between every pair of panes,
 * a project that opens on its toolbox with room for its tools, and the keyboard (palette, F8, the Problems filter).
 */

/** fixtures/project with ten more tools in its toolbox (14 with the default's), in a folder of its own. */
function projectWithTools(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-workbench-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const toolbox = path.join(dir, 'toolbox', 'toolbox_info.hocon');
  const more = Array.from({ length: 10 }, (_, i) => `    "extra_tool_${i}": { "class": "extra.Tool${i}", "description": "Extra tool number ${i} of the workbench test." }`);
  // Inside the root object: before its closing brace.
  writeFileSync(toolbox, readFileSync(toolbox, 'utf8').replace(/\}\s*$/, `${more.join('\n')}\n}\n`));
  return dir;
}

/** What `toolbox-editor validate FILE --format json` reports. */
function validateJson(file: string): { severity: string; rule: string; tool?: string }[] {
  const run = spawnSync(process.execPath, [cliPath, 'validate', file, '--format', 'json'], { encoding: 'utf8' });
  return JSON.parse(run.stdout) as { severity: string; rule: string; tool?: string }[];
}

/** How many tool rows lie whole inside the tool list's visible part. */
function toolsInView(page: Page): Promise<number> {
  return page.getByRole('listbox', { name: 'Tools', exact: true }).evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="option"]')].filter((o) => {
      const r = o.getBoundingClientRect();
      return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    }).length;
  });
}

/**
 * How many lines of the rendered catalog are in view, unscrolled: inside both the text's box and the pane's visible
 * part (the pane body scrolls when its settings and views leave the text less than its least height).
 */
function catalogLinesInView(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Catalog preview' }).evaluate((pane) => {
    const text = pane.querySelector<HTMLElement>('[aria-label="Rendered catalog"]');
    const body = pane.querySelector<HTMLElement>('.pane-body');
    if (!text || !body) return 0;
    const style = getComputedStyle(text);
    const box = text.getBoundingClientRect();
    const top = Math.max(box.top + parseFloat(style.paddingTop), body.getBoundingClientRect().top);
    const bottom = Math.min(box.bottom - parseFloat(style.paddingBottom), body.getBoundingClientRect().bottom, box.top + text.scrollHeight);
    const lineHeight = style.lineHeight === 'normal' ? 1.2 * parseFloat(style.fontSize) : parseFloat(style.lineHeight);
    return Math.floor(Math.max(0, bottom - top) / lineHeight);
  });
}

const SPLITTERS = ['Resize the project tree', 'Resize the tool list', 'Resize the side panes', 'Resize the catalog preview', 'Resize the problems panel'];

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a project at 1280×800 (${colorScheme}): its toolbox open, eight tools in view, a splitter between every pair of panes`, async ({ browser }, testInfo) => {
    const dir = projectWithTools();
    const server = await startBrowserMode({ open: dir });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
    try {
      await page.goto(server.url);
      // The toolbox in use opens with the project: no click on its name first.
      await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText(path.join('toolbox', 'toolbox_info.hocon'));
      const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
      await expect(tools.getByRole('option', { name: 'extra_tool_9' })).toHaveCount(1);
      await expect.poll(() => toolsInView(page)).toBeGreaterThanOrEqual(8);
      for (const name of SPLITTERS) await expect(page.getByRole('separator', { name })).toBeVisible();
      // Nothing wider than the window: the side column ends at its right edge.
      const side = await page.getByRole('region', { name: 'Test run' }).boundingBox();
      expect(side!.x + side!.width).toBeLessThanOrEqual(1280);
      // The catalog reads in its pane: nine lines of it under its settings and views (one before), unscrolled.
      await expect(page.getByRole('region', { name: 'Catalog preview' }).getByLabel('Rendered catalog')).toContainText('Here is the toolbox catalog');
      await expect.poll(() => catalogLinesInView(page)).toBeGreaterThanOrEqual(9);
      await page.screenshot({ path: testInfo.outputPath(`project-1280-${colorScheme}.png`) });

      // The splitter between the catalog and the test run moves their border, and the layout is kept.
      const catalog = page.getByRole('region', { name: 'Catalog preview' });
      const before = (await catalog.boundingBox())!.height;
      await page.getByRole('separator', { name: 'Resize the catalog preview' }).focus();
      await page.keyboard.press('Shift+ArrowDown');
      await expect.poll(async () => Math.round((await catalog.boundingBox())!.height - before)).toBe(50);
      const prefsFile = path.join(server.dir, '.state', 'preferences.json');
      const savedLayout = () => (existsSync(prefsFile) ? (JSON.parse(readFileSync(prefsFile, 'utf8')) as { layout?: { catalog?: number; collapsed?: string[] } }).layout : undefined);
      await expect.poll(() => savedLayout()?.catalog).toBeGreaterThan(0.6);

      // Folding the project tree gives the tool list its room; folding is kept too.
      const inView = await toolsInView(page);
      await page.getByRole('button', { name: 'Collapse the project tree' }).click();
      await expect(page.getByRole('region', { name: 'Project' }).getByText('Toolbox in use:')).toBeHidden();
      await expect.poll(() => toolsInView(page)).toBeGreaterThan(inView);
      await expect.poll(() => savedLayout()?.collapsed).toEqual(['project']);
      await page.getByRole('button', { name: 'Expand the project tree' }).click();
      await expect(page.getByRole('region', { name: 'Project' }).getByText('Toolbox in use:')).toBeVisible();

      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect.poll(() => toolsInView(page)).toBeGreaterThanOrEqual(12);
      await expect.poll(() => catalogLinesInView(page)).toBeGreaterThanOrEqual(20);
      await page.screenshot({ path: testInfo.outputPath(`project-1920-${colorScheme}.png`) });
    } finally {
      await page.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('Ctrl+Shift+P and F1 open the command palette: every command with its shortcut, Enter runs one', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'neuro_san_checks.hocon' });
  try {
    await page.goto(server.url);
    await analysisCurrent(page);
    await page.keyboard.press('ControlOrMeta+Shift+P');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const commands = palette.getByRole('listbox', { name: 'Commands' });
    await expect(commands.getByRole('option', { name: /Go to the next problem/ })).toContainText('F8');
    await expect(commands.getByRole('option', { name: /Show all commands/ })).toContainText('Ctrl+Shift+P');
    await expect(commands.getByRole('option', { name: /Go to tool/ })).toContainText('Ctrl+P');
    await expect(commands.getByRole('option', { name: /Add a coded tool/ })).toBeVisible();
    await palette.getByRole('combobox', { name: 'Command' }).fill('next problem');
    await expect(commands.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.locator('[aria-current="true"]')).toContainText('no_description has no description');

    // F1 too, from inside the HOCON editor (Monaco's own palette is F1 there).
    await page.getByRole('tab', { name: 'HOCON' }).click();
    await page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('F1');
    await expect(palette).toBeVisible();
    await expect(page.locator('.quick-input-widget')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  } finally {
    await server.stop();
  }
});

test('F8 and Shift+F8 move through the problems as Problems lists them, and show each', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'neuro_san_checks.hocon' });
  try {
    await page.goto(server.url);
    await analysisCurrent(page);
    const problems = page.getByRole('region', { name: 'Problems' });
    const active = problems.locator('[aria-current="true"]');
    const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
    await page.keyboard.press('F8');
    await expect(active).toContainText('no_description has no description');
    await expect(tools.getByRole('option', { name: 'no_description' })).toHaveAttribute('aria-selected', 'true');
    // Focus is in the form now (the field the problem is about): F8 still moves on.
    await page.keyboard.press('F8');
    await expect(active).toContainText('no_type needs to have a parameters.type');
    await expect(tools.getByRole('option', { name: 'no_type' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+F8');
    await expect(active).toContainText('no_description has no description');
    // From the first, Shift+F8 goes round to the last: style advice, listed after every warning.
    await page.keyboard.press('Shift+F8');
    await expect(active).toHaveClass(/problem-hint/);
  } finally {
    await server.stop();
  }
});

test('the Problems filter narrows the list by text, severity, rule and tool, groups it, and F8 follows it', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'neuro_san_checks.hocon' });
  try {
    await page.goto(server.url);
    await analysisCurrent(page);
    const problems = page.getByRole('region', { name: 'Problems' });
    const filter = problems.getByRole('search', { name: 'Filter problems' });
    const rows = problems.locator('.problem-row');
    // What validate prints for the same file: the panel shows the same problems, and the filter narrows them.
    const all = validateJson(path.join(server.dir, 'neuro_san_checks.hocon'));
    const count = (keep: (d: (typeof all)[number]) => boolean) => all.filter(keep).length;
    const errors = count((d) => d.severity === 'error');
    const hints = count((d) => d.severity === 'hint');
    expect(hints).toBeGreaterThan(0);
    await expect(problems.getByRole('heading')).toContainText(`${errors} errors, ${count((d) => d.severity === 'warning')} warnings, ${hints} hints`);

    await filter.getByLabel('Filter problems by text').fill('parameter-undocumented');
    await expect(filter).toContainText(`${count((d) => d.rule === 'parameter-undocumented')} of ${all.length} shown`);
    for (const text of await rows.allTextContents()) expect(text).toContain('[parameter-undocumented]');

    await filter.getByRole('button', { name: 'Clear filter' }).click();
    await filter.getByLabel('Severity').selectOption('error');
    await expect(filter).toContainText(`${errors} of ${all.length} shown`);
    await expect(problems.locator('.problem-row.problem-warning')).toHaveCount(0);
    await filter.getByLabel('Severity').selectOption('hint');
    await expect(filter).toContainText(`${hints} of ${all.length} shown`);
    await expect(problems.locator('.problem-row:not(.problem-hint)')).toHaveCount(0);

    await filter.getByLabel('Severity').selectOption('all');
    await filter.getByLabel('Rule').selectOption('description-too-short');
    await expect(filter).toContainText(`${count((d) => d.rule === 'description-too-short')} of ${all.length} shown`);
    await filter.getByLabel('Tool').selectOption({ label: `no_type (${count((d) => d.tool === 'no_type')})` });
    await expect(filter).toContainText(`1 of ${all.length} shown`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("The description of 'no_type' is 1 word");

    // F8 moves through what is shown only.
    await page.keyboard.press('F8');
    await expect(problems.locator('[aria-current="true"]')).toContainText("The description of 'no_type' is 1 word");

    // Grouped by tool: one title row per tool, which folds its problems away.
    await filter.getByRole('button', { name: 'Clear filter' }).click();
    await filter.getByLabel('Group by').selectOption('tool');
    const group = problems.getByRole('button', { name: `no_type (${count((d) => d.tool === 'no_type')})`, exact: true });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    const shownBefore = await rows.count();
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => rows.count()).toBeLessThan(shownBefore);
  } finally {
    await server.stop();
  }
});

test('the Add tool menu closes on Escape (focus back on its button) and on a click elsewhere', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const add = page.getByRole('button', { name: 'Add tool' });
    const menu = page.getByRole('menu');
    await add.click();
    await expect(page.getByRole('menuitem', { name: 'Coded tool' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'LangChain tool' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(add).toBeFocused();

    await add.click();
    await expect(menu).toBeVisible();
    await page.getByRole('region', { name: 'Problems' }).click({ position: { x: 400, y: 60 } });
    await expect(menu).toBeHidden();
  } finally {
    await server.stop();
  }
});

test('browser mode: Open Folder asks for a Folder and browses folders; after clicking a folder in Save As, Enter saves', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-folders-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), path.join(dir, 'weather-project'), { recursive: true });
  mkdirSync(path.join(dir, 'saved'));
  const server = await startBrowserMode({ dir });
  try {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Open Folder…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a folder as a project' });
    const folders = dialog.getByRole('group', { name: 'Browse folders' });
    await expect(folders.getByRole('button', { name: 'weather-project/' })).toBeVisible();
    await folders.getByRole('button', { name: 'weather-project/' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveValue(path.join(dir, 'weather-project'));
    await expect(dialog.getByRole('textbox', { name: 'Folder' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Project' })).toContainText('Project: weather-project');
    await expect(page).toHaveTitle('toolbox_info.hocon — Toolbox Editor');

    // Each listing answered late, as on a busy machine: "↑" clicked twice before the first listing is in goes up
    // two levels (the second click once took the parent of the folder still shown: CI saw the same folder twice).
    await page.route('**/folder.list', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save As…' }).click();
    const saveAs = page.getByRole('dialog', { name: 'Save as' });
    await saveAs.getByRole('button', { name: 'Parent folder' }).click();
    await saveAs.getByRole('button', { name: 'Parent folder' }).click();
    await saveAs.getByRole('group', { name: 'Browse files' }).getByRole('button', { name: 'saved/' }).click();
    await expect(saveAs.getByLabel('File path')).toHaveValue(path.join(dir, 'saved', 'toolbox_info.hocon'));
    await page.keyboard.press('Enter');
    await expect(saveAs).toBeHidden();
    await expect.poll(() => existsSync(path.join(dir, 'saved', 'toolbox_info.hocon'))).toBe(true);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

const CURRENCY_TOOL = `{
    "convert_currency": {
        "class": "money.Convert",
        "description": "Converts an amount from one currency to another at today's rate and returns the result.",
        "parameters": {
            "type": "object",
            "properties": {
                "amount": { "type": "number", "description": "The amount to convert, in the source currency." },
                "currency": { "type": "string", "enum": ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD"], "description": "The target currency: USD, EUR, GBP, JPY, CHF, CAD or AUD." }
            },
            "required": ["amount", "currency"]
        }
    },
    "web_search": {
        "class": "langchain_community.tools.tavily_search.TavilySearchResults",
        "args": { "max_results": 5 }
    }
}
`;

test('at 1280×800 a parameter reads whole (its type, its enum as chips); + parameter and Add put the cursor in the new row', async ({ page }, testInfo) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-parameters-'));
  writeFileSync(path.join(dir, 'currency.hocon'), CURRENCY_TOOL);
  const server = await startBrowserMode({ dir, open: path.join(dir, 'currency.hocon') });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await analysisCurrent(page);
    const form = page.getByRole('form', { name: 'Tool convert_currency' });
    // Not cut: the text fits the field.
    const type = form.getByLabel('amount type');
    await expect(type).toHaveValue('number');
    expect(await type.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const chips = form.getByRole('button', { name: 'currency enum: USD, EUR, GBP, JPY, CHF, CAD, AUD' });
    await expect(chips.locator('.chip')).toHaveText(['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD']);
    const box = (await chips.boundingBox())!;
    for (const chip of await chips.locator('.chip').all()) {
      const c = (await chip.boundingBox())!;
      expect(c.x + c.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    await page.screenshot({ path: testInfo.outputPath('parameters-1280.png') });
    // Focus turns the chips into the text to edit; leaving turns it back.
    await chips.focus();
    await expect(form.getByLabel('currency enum', { exact: true })).toBeFocused();
    await expect(form.getByLabel('currency enum', { exact: true })).toHaveValue('USD, EUR, GBP, JPY, CHF, CAD, AUD');

    await form.getByRole('button', { name: '+ parameter' }).click();
    const name = form.getByLabel('new_parameter name');
    await expect(name).toBeFocused();
    // Selected: what is typed replaces the placeholder name.
    await page.keyboard.type('target_date');
    await expect(form.getByLabel('target_date name')).toBeFocused();

    await page.getByRole('listbox', { name: 'Tools', exact: true }).getByRole('option', { name: 'web_search' }).click();
    const langchain = page.getByRole('form', { name: 'Tool web_search' });
    await langchain.getByRole('button', { name: '+ argument' }).click();
    await langchain.getByLabel('Argument name').fill('timeout');
    await page.keyboard.press('Enter');
    await expect(langchain.getByLabel('args.timeout', { exact: true })).toBeFocused();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
