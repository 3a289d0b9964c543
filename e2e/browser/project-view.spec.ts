import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { needShared } from '../support/sharedData';
import { NEWEST_KNOWN_VERSION } from '../../shared/neurosan/versions/index';


test('neuro-san-studio opened as a project: each file\'s kind, the toolbox in use and where from, a tool\'s users', async ({ page }, testInfo) => {
  const studio = needShared('conformance/hocon/cases/neurosan/neuro-san-studio');
  const server = await startBrowserMode({ open: studio });
  try {
    await page.setViewportSize({ width: 1500, height: 950 });
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    await expect(view.getByLabel('Toolbox in use')).toHaveText('Toolbox in use: neuro_san_studio/toolbox/toolbox_info.hocon (from convention)');
    await expect(view.getByText('Agent networks (73)')).toBeVisible();
    await expect(view.getByText('Manifests (7)')).toBeVisible();
    await expect(view.getByRole('group', { name: 'Fragments' }).getByRole('button', { name: 'registries/aaosa.hocon' })).toBeVisible();

    await view.getByRole('listbox', { name: 'Project tools' }).getByRole('option', { name: /^send_gmail_message_with_attachment/ }).click();
    const users = view.getByLabel('Users of send_gmail_message_with_attachment');
    await expect(users.getByRole('listitem')).toHaveCount(1);
    await users.getByRole('button', { name: 'registries/tools/gmail.hocon:95' }).click();

    const status = page.getByRole('contentinfo', { name: 'Status' });
    await expect(status.getByLabel('File kind')).toHaveValue('network');
    await expect(status.getByLabel('Toolbox in use')).toHaveText('Toolbox: neuro_san_studio/toolbox/toolbox_info.hocon (convention)');
    // The corpus copy has no requirements.txt: checked for the newest release the editor knows, and it says so.
    await expect(status.getByLabel('neuro-san version')).toHaveText(`neuro-san ${NEWEST_KNOWN_VERSION} (newest known)`);
    await expect(status.getByLabel('neuro-san version')).toHaveAttribute('title', /^newest known: no neuro-san pin/);
    // Read as neuro-san runs it (from the project root, with the project's toolbox): its includes are found, its tools
    // defined. The toolbox's 'attachment_path' typo is a warning in the toolbox (neuro-san ignores a required name it
    // does not know), so this network has nothing to point at (node/project/projectOnDisk.test.ts has a network that
    // uses a tool with an error).
    await expect(status.getByLabel('Problem counts')).toHaveText('0 errors, 0 warnings');
    await page.getByRole('separator', { name: 'Resize the tool list' }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.screenshot({ path: testInfo.outputPath('project-view.png') });
    await view.getByText('Files (161)').scrollIntoViewIfNeeded();
    await view.screenshot({ path: testInfo.outputPath('project-files.png') });

    // A manifest opens as a manifest: no toolbox rule on it. The corpus copy lacks five of the networks this manifest
    // lists, and those are its only problems, as `validate` reports them (manifest-network-missing).
    await view.getByRole('group', { name: 'Manifests' }).getByRole('button', { name: 'registries/basic/manifest.hocon' }).click();
    await expect(status.getByLabel('File kind')).toHaveValue('manifest');
    await expect(status.getByLabel('Problem counts')).toHaveText('5 errors, 0 warnings');
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByText(/The manifest lists 'basic\/[a-z_]+\.hocon', but there is no such file/)).toHaveCount(5);
  } finally {
    await server.stop();
  }
});

test('renaming a tool used by two networks updates both and the toolbox, only the names, and undoes as one step', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-project-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const files = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'registries/reports.hocon'];
  const read = () => files.map((f) => readFileSync(path.join(dir, f), 'utf8'));
  const original = read();
  const server = await startBrowserMode({ open: dir });
  try {
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    await view.getByRole('listbox', { name: 'Project tools' }).getByRole('option', { name: /^lookup_weather/ }).click();
    await expect(view.getByLabel('Users of lookup_weather').getByRole('listitem')).toHaveCount(2);
    await view.getByRole('button', { name: 'Rename across the project…' }).click();

    const dialog = page.getByRole('dialog', { name: "Rename tool 'lookup_weather'" });
    await dialog.getByLabel('New name').fill('get_weather');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByLabel('Edits').getByRole('listitem')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Rename in 3 files' }).click();
    await expect(view.getByRole('status')).toHaveText(/Renamed 'lookup_weather' to 'get_weather' in 3 files\./);

    // Each file differs from before by the name alone.
    const renamed = read();
    renamed.forEach((text, i) => expect(text).toBe(original[i]!.replaceAll('"lookup_weather"', '"get_weather"')));
    expect(renamed.join('')).not.toContain('lookup_weather');
    await expect(view.getByLabel('Users of get_weather').getByRole('listitem')).toHaveCount(2);

    await view.getByRole('button', { name: 'Undo rename' }).click();
    await expect(view.getByRole('status')).toHaveCount(0);
    expect(read()).toEqual(original);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an undefined tool is added to the toolbox from the project view; deleting a used tool lists what breaks', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-project-'));
  cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
  const server = await startBrowserMode({ open: dir });
  try {
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    await view.getByRole('button', { name: 'Add to the toolbox' }).click();
    const tools = page.getByRole('listbox', { name: 'Tools', exact: true });
    await expect(tools.getByRole('option', { name: 'lookup_wether' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).not.toHaveTitle(/^●/);
    expect(readFileSync(path.join(dir, 'toolbox/toolbox_info.hocon'), 'utf8')).toContain('"lookup_wether": {');
    await expect(view.getByText(/^Undefined tools/)).toHaveCount(0);

    await tools.getByRole('option', { name: 'lookup_weather' }).click();
    await page.getByRole('button', { name: 'Delete tool' }).click();
    await expect(view.getByLabel('Tools the networks still use')).toHaveText(
      "Without 'lookup_weather', 2 agents break: registries/reports.hocon:14 (city_weather), registries/weather.hocon:14 (weather_lookup). Undo, or use Rename across the project.",
    );
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(view.getByLabel('Tools the networks still use')).toHaveCount(0);

    // Until the newly opened file's own analysis comes (held here), nothing says it is clean: the toolbox's
    // counts and problems, or a "0 errors" / "No problems", would be said of it falsely.
    const status = page.getByRole('contentinfo', { name: 'Status' });
    await expect(status.getByLabel('Problem counts')).toHaveText('1 error, 0 warnings, 2 hints');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/toolbox.analyze', async (route) => {
      await held;
      await route.continue();
    });
    // The kind is the user's to correct: the project is read again with it.
    await view.getByRole('group', { name: 'Fragments' }).getByRole('button', { name: 'registries/aaosa.hocon' }).click();
    await expect(status.getByLabel('File kind')).toHaveValue('fragment');
    await expect(status.getByLabel('Problem counts')).toHaveText('checking…');
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByText('Checking this file…')).toBeVisible();
    await expect(problems.getByText(/^No problems/)).toHaveCount(0);
    await expect(problems.getByRole('listitem')).toHaveCount(0);
    release(); // every analysis from now on passes at once
    await expect(status.getByLabel('Problem counts')).toHaveText(/^\d+ errors?, \d+ warnings?(, \d+ hints?)?$/);
    const kind = status.getByLabel('File kind');
    await expect(kind).toHaveValue('fragment');
    await kind.selectOption('other');
    await expect(view.getByRole('group', { name: 'Fragments' })).toHaveCount(0);
    await expect(view.getByRole('group', { name: 'Other HOCON' })).toHaveText(/Other HOCON \(1\)/);
    await expect(kind).toHaveValue('other');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
