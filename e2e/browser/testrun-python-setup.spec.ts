import { expect, test } from '@playwright/test';
import { startBrowserMode } from '../support/browserMode';
import { fixturesPythonDir } from '../support/pythonFixtures';

test.use({ viewport: { width: 1280, height: 800 } });

test('PYTHONPATH from the layout, `web --pythonpath` and Preferences: shown with its source, used by runs, in the copied command line', async ({ page }) => {
  // Nothing inherited from this shell: the tools are found only through --pythonpath.
  const server = await startBrowserMode({ fixture: 'testrun_toolbox.hocon', args: ['--pythonpath', fixturesPythonDir], env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Test run' });
    await pane.getByLabel('Tool', { exact: true }).selectOption('greet');
    // Without a settings file: the folder neuro-san runs in (neuro-san-studio's layout), then the environment's.
    await expect(pane.getByTestId('python-paths')).toHaveText(`PYTHONPATH ${server.dir} (layout) ${fixturesPythonDir} (environment) · AGENT_TOOL_PATH neuro-san's default`);
    await pane.getByLabel('name', { exact: true }).fill('Ada');
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toContainText('Ada');

    // A folder added in Preferences is this machine's: after the project's; AGENT_TOOL_PATH is explained where it is set.
    await page.getByRole('button', { name: 'Preferences' }).click();
    const prefs = page.getByRole('dialog', { name: 'Preferences' });
    await expect(prefs).toContainText('Where neuro-san looks for coded tools');
    await prefs.getByLabel('PYTHONPATH (one folder a line)').fill('/tmp/extra-tools\n');
    await prefs.getByRole('button', { name: 'Save preferences' }).click();
    await expect(pane.getByTestId('python-paths')).toHaveText(`PYTHONPATH ${server.dir} (layout) /tmp/extra-tools (preference) ${fixturesPythonDir} (environment) · AGENT_TOOL_PATH neuro-san's default`);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await pane.getByRole('button', { name: 'Copy as CLI' }).first().click();
    const line = await page.evaluate(() => navigator.clipboard.readText());
    expect(line).toContain(`greet --args '{"name":"Ada"}' --pythonpath /tmp/extra-tools --pythonpath ${fixturesPythonDir}`);
    const notice = pane.getByRole('status').filter({ hasText: 'Copied:' });
    await expect(notice).toBeVisible();

    // Another file opened: the message about this one's runs goes.
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'New' }).click();
    await expect(page).toHaveTitle(/Untitled/);
    await expect(notice).toHaveCount(0);
  } finally {
    await server.stop();
  }
});
