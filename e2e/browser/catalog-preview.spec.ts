import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, startBrowserMode, test, typeAtEndOfEditor, type BrowserModeServer } from '../support/browserMode';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 1600, height: 1100 } });

async function openFixture(page: Page, server: BrowserModeServer) {
  await page.goto(server.url);
  const pane = page.getByRole('region', { name: 'Catalog preview' });
  await expect(pane.getByLabel('Rendered catalog')).toContainText('Here is the toolbox catalog: {"tools": [');
  return pane;
}

/** The editor region may open on a form view; the text (Monaco) sits behind its "HOCON" tab. */
async function showHoconEditor(page: Page) {
  const hocon = page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' });
  if (await hocon.count()) await hocon.click();
}

/** Types at the start of the line that closes the braced root (the fixture's last line but one). */
async function typeBeforeLastLine(page: Page, text: string) {
  await showHoconEditor(page);
  await page.locator('.monaco-editor').first().locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowUp'); // the fixture ends with a newline: its last line is empty
  await page.keyboard.press('Home');
  await page.keyboard.type(text);
}

test('the catalog follows the edit as it is typed, and the diff shows what changed against the saved file', async ({ page, server }, testInfo) => {
  const pane = await openFixture(page, server);
  const text = pane.getByLabel('Rendered catalog');
  await expect(text).toContainText('"name": "get_time"');
  await expect(pane.getByRole('region', { name: 'Contract check' })).toContainText('Contract check');

  await typeBeforeLastLine(page, 'extra_tool.class = x.Extra\nextra_tool.description = Added in the editor\n');
  await expect(text).toContainText('"description": "Added in the editor", "input": {}, "name": "extra_tool"');

  await pane.getByRole('tab', { name: 'Diff vs saved' }).click();
  const diff = pane.getByLabel('Catalog diff against the saved file');
  await expect(diff.locator('.diff-added')).toContainText(['"name": "extra_tool"']);
  await expect(diff.locator('.diff-removed')).toHaveCount(await diff.locator('.diff-removed').count()); // rendered
  await pane.getByRole('tab', { name: 'JSON' }).click();
  await expect(pane.getByLabel('Catalog JSON')).toContainText('"name": "extra_tool"');

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page).toHaveTitle('commented.hocon — Toolbox Editor');
  await pane.getByRole('tab', { name: 'Diff vs saved' }).click();
  await expect(pane.getByText('No change since the last save.')).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await pane.getByRole('tab', { name: 'Text' }).click();
  await pane.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // No whitespace at either end here, so the shown text is the text, but for the unknown-value placeholder: shown
  // readable, copied as the template rendered it (JSON-escaped by tojson).
  expect(copied).toContain('"\\u003cunknown until the tool class is loaded\\u003e"');
  expect(copied.replaceAll('\\u003cunknown until the tool class is loaded\\u003e', '<unknown until the tool class is loaded>')).toBe(await text.textContent());
  await pane.screenshot({ path: testInfo.outputPath('catalog-preview-pane.png') });
});

test('a template the user picks, with a variable, shows its contract failures and its stray leading newline', async ({ page, server }, testInfo) => {
  writeFileSync(
    path.join(server.dir, 'picker.jinja2'),
    ['{#- expected_format: Here is the toolbox catalog: \\{.*\\} -#}', '{# this comment leaves its newline #}', 'Pick for {{ task }}: {{ tools | tojson }} ', ''].join('\n'),
  );
  const pane = await openFixture(page, server);
  // The settings are folded under their summary until opened.
  await expect(pane.getByLabel('Template file')).toBeHidden();
  await pane.getByText('Template: default ·').click();
  await pane.getByLabel('Template file').fill('picker.jinja2');
  await pane.getByLabel('Template file').press('Enter');
  await pane.getByRole('button', { name: 'Add variable' }).click();
  await pane.getByLabel('Variable task', { exact: true }).fill('find flights');

  const text = pane.getByLabel('Rendered catalog');
  await expect(text).toContainText('Pick for find flights: [{');
  await expect(pane.getByTestId('leading-whitespace')).toHaveText('↵\n');
  // Jinja2 drops the template's final newline (keep_trailing_newline is off); the space before it stays.
  await expect(pane.getByTestId('trailing-whitespace')).toHaveText('·');
  const contract = pane.getByRole('region', { name: 'Contract check' });
  await expect(contract).toContainText('Contract check: 2 errors,');
  await expect(contract).toContainText('catalog-expected-format');
  await expect(contract).toContainText('catalog-prefix');
  await expect(contract).toContainText('catalog-leading-whitespace');
  await text.scrollIntoViewIfNeeded(); // the pane scrolls: show the contract list and the text in the artifact
  await pane.screenshot({ path: testInfo.outputPath('catalog-contract-failures.png') });

  await pane.getByRole('button', { name: 'Default' }).click();
  await expect(text).toContainText('Here is the toolbox catalog:');
  await expect(contract).not.toContainText('catalog-prefix');
});

test('a template that includes a part from its folder shows the part, as `toolbox-editor catalog` renders it', async ({ page, server }) => {
  mkdirSync(path.join(server.dir, 'prompts', 'parts'), { recursive: true });
  writeFileSync(path.join(server.dir, 'prompts', 'parts', 'tools.jinja2'), '{"from_part": true, "tools": {{ tools | tojson }}}');
  writeFileSync(path.join(server.dir, 'prompts', 'main.jinja2'), "Here is the toolbox catalog: {% include 'parts/tools.jinja2' %}");
  const pane = await openFixture(page, server);
  await pane.getByText('Template: default ·').click();
  await pane.getByLabel('Template file').fill('prompts/main.jinja2');
  await pane.getByLabel('Template file').press('Enter');
  await expect(pane.getByLabel('Rendered catalog')).toContainText('Here is the toolbox catalog: {"from_part": true, "tools": [{');
  await expect(pane.getByRole('region', { name: 'Contract check' })).not.toContainText('template not found');
});

test('"Diff vs saved" opens at the first change, not at the top of a long catalog', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolbox-editor-e2e-'));
  const tools = Array.from({ length: 60 }, (_, i) => `tool_${String(i).padStart(2, '0')} { class = "tools.T${i}", description = "Tool number ${i}, which does its one job." }`);
  writeFileSync(path.join(dir, 'long.hocon'), `${tools.join('\n')}\n`);
  const server = await startBrowserMode({ dir, open: 'long.hocon' });
  try {
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Catalog preview' });
    await expect(pane.getByLabel('Rendered catalog')).toContainText('"name": "tool_59"');
    await typeAtEndOfEditor(page, 'zz_last { class = "tools.Last", description = "Added at the very end." }\n');
    await expect(pane.getByLabel('Rendered catalog')).toContainText('"name": "zz_last"');
    await pane.getByRole('tab', { name: 'Diff vs saved' }).click();
    const diff = pane.getByLabel('Catalog diff against the saved file');
    await expect(diff.locator('.diff-added').first()).toBeInViewport();
    await expect(diff.locator('.diff-same').first()).not.toBeInViewport();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
