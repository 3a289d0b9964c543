import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fixturePath, startBrowserMode, test, type BrowserModeServer } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';

// Issue 24: a value set in the file and again by `${?VAR}` on the next line. The form shows both and the
// variable's state, and an edit keeps the override line unless the user chooses otherwise.
const FIXTURE = 'env_override.hocon';
const OVERRIDE_LINE = '"max_results": ${?TAVILY_MAX_RESULTS}  # env override';

async function openTool(page: Page, server: BrowserModeServer, tool = 'tavily_search') {
  await page.goto(server.url);
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: tool, exact: true }).click();
  const form = page.getByRole('form', { name: `Tool ${tool}` });
  await expect(form).toBeVisible();
  return form;
}

const onDisk = (server: BrowserModeServer) => readFileSync(path.join(server.dir, FIXTURE), 'utf8');

async function save(page: Page) {
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
}

/** How long the page's thread is kept busy right after the click, and how late each analysis answers. */
const BUSY_MS = 1000;
const ANALYSIS_LATE_MS = 400;
/** A user's pace: each key a separate write of the field (FIELD_WRITE_DELAY_MS is 120), so analyses land between keys. */
const KEY_DELAY_MS = 150;

/**
 * A loaded machine (load about 10 on 2 cores), made to happen every time: the page's thread is busy for BUSY_MS as
 * the next click is handled, so the keys typed meanwhile wait until it is free; and every analysis answers
 * ANALYSIS_LATE_MS late, so the analysis of the first keys lands while the user is still typing. Answers what had the
 * focus as the click was handled, before the next frame: where a key typed then goes.
 */
async function slowMachine(page: Page): Promise<() => Promise<string | undefined>> {
  await page.route('**/api/toolbox.analyze', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ANALYSIS_LATE_MS));
    await route.continue();
  });
  type Seen = { focusedAtClick?: string };
  await page.evaluate((busy) => {
    document.addEventListener(
      'click',
      () => {
        (window as Seen).focusedAtClick = document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '';
        const end = performance.now() + busy;
        while (performance.now() < end);
      },
      { once: true },
    );
  }, BUSY_MS);
  return () => page.evaluate(() => (window as Seen).focusedAtClick);
}

test.describe('a field set again by an environment override', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('unset: the form shows both definitions and that the override keeps 5; an edit changes 5 and keeps the override', async ({ page }, testInfo) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server);
      const field = form.getByLabel('args.max_results', { exact: true });
      await expect(field).toHaveValue('5');
      const note = form.getByRole('note', { name: 'Where args.max_results comes from' });
      await expect(note).toContainText('line 6 5 written here — wins');
      await expect(note).toContainText('line 7 ${?TAVILY_MAX_RESULTS} environment override: TAVILY_MAX_RESULTS unset, keeps 5');
      await screenshotBothThemes(page, testInfo, 'override-unset');

      await field.fill('10');
      await field.press('Enter');
      await analysisCurrent(page);
      await save(page);
      expect(onDisk(server)).toBe(original.replace('"max_results": 5', '"max_results": 10'));
      expect(onDisk(server)).toContain(OVERRIDE_LINE);
    } finally {
      await server.stop();
    }
  });

  test('set: the form shows its value and asks which definition to change; only "Replace both" removes the override', async ({ page }, testInfo) => {
    const server = await startBrowserMode({ fixture: FIXTURE, env: { TAVILY_MAX_RESULTS: '3' } });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server);
      const field = form.getByLabel('args.max_results', { exact: true });
      await expect(field).toHaveValue('3');
      await expect(field).toBeDisabled();
      const note = form.getByRole('note', { name: 'Where args.max_results comes from' });
      await expect(note).toContainText('line 6 5 written here — overridden');
      await expect(note).toContainText('environment override: TAVILY_MAX_RESULTS = 3 — wins');
      await screenshotBothThemes(page, testInfo, 'override-set-1280');
      await page.setViewportSize({ width: 1920, height: 1080 });
      await screenshotBothThemes(page, testInfo, 'override-set-1920');
      await page.setViewportSize({ width: 1280, height: 800 });

      // The base: what neuro-san gets once the variable is unset. The override line stays.
      const choices = note.getByRole('group', { name: 'Which definition of args.max_results an edit changes' });
      // The field takes the focus, its value selected: what is typed next replaces it (issue #35).
      await choices.getByRole('button', { name: 'Change the base' }).click();
      await expect(field).toHaveValue('5');
      await expect(field).toBeFocused();
      await page.keyboard.type('8');
      await expect(field).toHaveValue('8');
      await field.press('Enter');
      await analysisCurrent(page);
      await save(page);
      expect(onDisk(server)).toBe(original.replace('"max_results": 5', '"max_results": 8'));
      // While the base is chosen the field shows it; chosen again, the choice is undone and the value wins again.
      await expect(field).toHaveValue('8');
      await choices.getByRole('button', { name: 'Change the base' }).click();
      await expect(field).toHaveValue('3');
      await expect(field).toBeDisabled();

      // Replace both: the user's choice, and then the only way the override goes.
      await choices.getByRole('button', { name: 'Replace both' }).click();
      await expect(field).toBeFocused();
      await field.fill('9');
      await field.press('Enter');
      await analysisCurrent(page);
      await save(page);
      expect(onDisk(server)).toBe(original.replace('"max_results": 5', '"max_results": 9').replace(`            ${OVERRIDE_LINE}\n`, ''));
      await expect(field).toHaveValue('9');
      await expect(form.getByRole('note', { name: 'Where args.max_results comes from' })).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });

  test('an argument set only by an unset ${?VAR} is shown, says so, and is replaced only once chosen', async ({ page }, testInfo) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server);
      // HOCON skips the override, so neuro-san gets no search_depth: the form still shows the key the user wrote.
      const field = form.getByLabel('args.search_depth', { exact: true });
      await expect(field).toHaveValue('');
      await expect(field).toBeDisabled();
      const note = form.getByRole('note', { name: 'Where args.search_depth comes from' });
      await expect(note).toContainText('line 9 ${?TAVILY_SEARCH_DEPTH} environment override: TAVILY_SEARCH_DEPTH unset now, and nothing else sets the key');
      await expect(note).toContainText('neuro-san gets no value');
      await screenshotBothThemes(page, testInfo, 'lone-override');
      await note.getByRole('button', { name: 'Change the override' }).click();
      await page.keyboard.type('advanced');
      await expect(field).toBeFocused();
      await field.press('Enter');
      await analysisCurrent(page);
      await save(page);
      expect(onDisk(server)).toBe(original.replace('${?TAVILY_SEARCH_DEPTH}', '"advanced"'));
    } finally {
      await server.stop();
    }
  });

  test('a parameter cell set again by ${?VAR}: a folded note under the cell, and the same choice as a field', async ({ page }, testInfo) => {
    const server = await startBrowserMode({ fixture: FIXTURE, env: { CITY_HELP: 'A city name, e.g. Paris.' } });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server, 'weather');
      const cell = form.getByLabel('city description', { exact: true });
      await expect(cell).toHaveValue('A city name, e.g. Paris.');
      await expect(cell).toBeDisabled();
      const folded = form.getByRole('table', { name: 'Parameters' }).locator('details.field-source-compact');
      await expect(folded.locator('summary')).toHaveText('${?CITY_HELP} wins — choose');
      await screenshotBothThemes(page, testInfo, 'parameter-cell-folded');
      await folded.locator('summary').click();
      const note = form.getByRole('note', { name: 'Where city description comes from' });
      await expect(note).toContainText('line 20 "The city." written here — overridden');
      await expect(note).toContainText('environment override: CITY_HELP = A city name, e.g. Paris. — wins');
      await screenshotBothThemes(page, testInfo, 'parameter-cell-open');
      await note.getByRole('button', { name: 'Change the base' }).click();
      await page.keyboard.type('The city to report on.');
      await expect(cell).toBeFocused();
      await cell.press('Tab');
      await analysisCurrent(page);
      await save(page);
      expect(onDisk(server)).toBe(original.replace('"The city."', '"The city to report on."'));
      expect(onDisk(server)).toContain('"description": ${?CITY_HELP}  # env override');
    } finally {
      await server.stop();
    }
  });

  // A key typed right after the choice, on a busy machine, once went elsewhere or was lost: the field was focused a
  // frame later and took the base's value in a render after that (the keys landed after "The city."), and the
  // analysis of the first keys typed into an unset override's field turned it from a line into a cell, drawn anew
  // without the focus ("advanc" for "advanced").
  test('on a slow machine, keys typed right after "Change the override" all land in the field and are saved', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server);
      const field = form.getByLabel('args.search_depth', { exact: true });
      await expect(field).toBeDisabled();
      const focusedAtClick = await slowMachine(page);
      await form.getByRole('note', { name: 'Where args.search_depth comes from' }).getByRole('button', { name: 'Change the override' }).click();
      await page.keyboard.type('advanced', { delay: KEY_DELAY_MS });
      await page.keyboard.press('Enter');
      await analysisCurrent(page);
      await expect(field).toHaveValue('advanced');
      await expect(field).toBeFocused();
      await save(page);
      expect(onDisk(server)).toBe(original.replace('${?TAVILY_SEARCH_DEPTH}', '"advanced"'));
      // Focused as the click was handled: a key the browser dispatches before its next frame goes there too.
      expect(await focusedAtClick()).toBe('args.search_depth');
      // The typing, a write per key, is one undo step.
      await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
      await save(page);
      expect(onDisk(server)).toBe(original);
    } finally {
      await server.stop();
    }
  });

  test('on a slow machine, keys typed right after "Change the base" replace the base and are saved', async ({ page }) => {
    const server = await startBrowserMode({ fixture: FIXTURE, env: { CITY_HELP: 'A city name, e.g. Paris.' } });
    try {
      const original = onDisk(server);
      const form = await openTool(page, server, 'weather');
      const cell = form.getByLabel('city description', { exact: true });
      await expect(cell).toBeDisabled();
      await form.getByRole('table', { name: 'Parameters' }).locator('details.field-source-compact summary').click();
      const focusedAtClick = await slowMachine(page);
      await form.getByRole('note', { name: 'Where city description comes from' }).getByRole('button', { name: 'Change the base' }).click();
      await page.keyboard.type('The city to report on.', { delay: KEY_DELAY_MS });
      await page.keyboard.press('Tab');
      await analysisCurrent(page);
      await expect(cell).toHaveValue('The city to report on.');
      await save(page);
      expect(onDisk(server)).toBe(original.replace('"The city."', '"The city to report on."'));
      expect(await focusedAtClick()).toBe('city description');
      await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
      await save(page);
      expect(onDisk(server)).toBe(original);
    } finally {
      await server.stop();
    }
  });

  // Issue 34: neuro-san-studio loads the project's .env before neuro-san reads the toolbox, and runs have it too.
  test("set by the project's .env: the form shows that value, says where it is set, and asks before an edit", async ({ page }, testInfo) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-dotenv-'));
    mkdirSync(path.join(dir, 'registries'));
    writeFileSync(path.join(dir, 'registries', 'manifest.hocon'), '{}\n');
    writeFileSync(path.join(dir, '.env'), 'TAVILY_MAX_RESULTS=12\n');
    writeFileSync(path.join(dir, FIXTURE), readFileSync(fixturePath(FIXTURE), 'utf8'));
    const server = await startBrowserMode({ dir, open: FIXTURE });
    try {
      const form = await openTool(page, server);
      const field = form.getByLabel('args.max_results', { exact: true });
      await expect(field).toHaveValue('12');
      await expect(field).toBeDisabled();
      const note = form.getByRole('note', { name: 'Where args.max_results comes from' });
      await expect(note).toContainText('line 6 5 written here — overridden');
      await expect(note).toContainText("environment override: TAVILY_MAX_RESULTS = 12 (in the project's .env) — wins");
      await expect(note.getByRole('button', { name: 'Change the base' })).toBeVisible();
      await screenshotBothThemes(page, testInfo, 'override-dotenv');
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a project's .env that cannot be read: Problems says so, and the form keeps the file's value", async ({ page }, testInfo) => {
    test.skip(process.platform === 'win32', 'no FIFOs on Windows');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-dotenv-fifo-'));
    mkdirSync(path.join(dir, 'registries'));
    writeFileSync(path.join(dir, 'registries', 'manifest.hocon'), '{}\n');
    execFileSync('mkfifo', [path.join(dir, '.env')]);
    writeFileSync(path.join(dir, FIXTURE), readFileSync(fixturePath(FIXTURE), 'utf8'));
    const server = await startBrowserMode({ dir, open: FIXTURE });
    try {
      const form = await openTool(page, server);
      // validate FILE's words, apart from the file's problems (it is no problem of the file).
      const problems = page.getByRole('region', { name: 'Problems' });
      await expect(problems.getByRole('alert')).toHaveText(`The project's .env was not read, so its settings are not used: ${path.join(dir, '.env')} is not a regular file (a device, FIFO or socket); only files are read.`);
      await expect(form.getByLabel('args.max_results', { exact: true })).toHaveValue('5');
      // The Test run pane says it too, as no problem of the run settings file (it once said ".toolbox-editor.json: …").
      const testRun = page.getByRole('region', { name: 'Test run' });
      await expect(testRun).toContainText(`The project's .env was not read, so its settings are not used: ${path.join(dir, '.env')}`);
      await expect(testRun).not.toContainText(".toolbox-editor.json: The project's .env");
      await screenshotBothThemes(page, testInfo, 'dotenv-not-read');
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
