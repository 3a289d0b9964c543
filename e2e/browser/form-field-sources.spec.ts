import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startBrowserMode, test, type BrowserModeServer } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';

// Issue 24: a value set in the file and again by `${?VAR}` on the next line. The form shows both and the
// variable's state, and an edit keeps the override line unless the user chooses otherwise.
const FIXTURE = 'env_override.hocon';
const OVERRIDE_LINE = '"max_results": ${?TAVILY_MAX_RESULTS}  # env override';

async function openTool(page: Page, server: BrowserModeServer) {
  await page.goto(server.url);
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'tavily_search', exact: true }).click();
  const form = page.getByRole('form', { name: 'Tool tavily_search' });
  await expect(form).toBeVisible();
  return form;
}

const onDisk = (server: BrowserModeServer) => readFileSync(path.join(server.dir, FIXTURE), 'utf8');

async function save(page: Page) {
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page).toHaveTitle(`${FIXTURE} — Toolbox Editor`);
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
      await choices.getByRole('button', { name: 'Change the base' }).click();
      await expect(field).toHaveValue('5');
      await field.fill('8');
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
});
