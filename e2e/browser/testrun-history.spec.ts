import { test, expect, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliPath } from '../support/browserMode';
import { fixturesPythonDir, startWithPythonFixtures } from '../support/pythonFixtures';

test.use({ viewport: { width: 1600, height: 1100 } });

/** A coded tool written into the test's folder, so the test can change it afterwards. */
const shoutTool = (body: string) => `from fixture_tools.coded_base import CodedTool


class Shout(CodedTool):
    def invoke(self, args, sly_data):
        return ${body}
`;

const shoutEntry = `,
    "shout": {
        "class": "shout_tool.Shout",
        "description": "Shouts its text.",
        "parameters": { "type": "object", "properties": { "text": { "type": "string" } }, "required": ["text"] }
    }
}
`;

function toolboxEditor(dir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: [dir, fixturesPythonDir].join(path.delimiter) },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function shoutPane(page: Page, url: string) {
  await page.goto(url);
  const pane = page.getByRole('region', { name: 'Test run' });
  await pane.getByLabel('Tool', { exact: true }).selectOption('shout');
  return pane;
}

test('history survives a reload and a restart; a run is re-run, copied as a CLI command and saved as a test case that `toolbox-editor test` checks', async ({ page }, testInfo) => {
  // Two servers, a reload, six runs in Python and the CLI: 38 s on a loaded 2-core machine, past 60 s in CI once.
  test.slow();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-history-'));
  const toolbox = path.join(dir, 'testrun_toolbox.hocon');
  writeFileSync(path.join(dir, 'shout_tool.py'), shoutTool('args["text"].upper()'));
  let server = await startWithPythonFixtures({ fixture: 'testrun_toolbox.hocon', dir, extraPythonPath: [dir] });
  try {
    writeFileSync(toolbox, readFileSync(toolbox, 'utf8').replace(/\}\s*$/, shoutEntry));

    let pane = await shoutPane(page, server.url);
    const result = pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content');
    for (const text of ['hey', 'you']) {
      await pane.getByLabel('text', { exact: true }).fill(text);
      await pane.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(result).toHaveText(text.toUpperCase());
    }
    const history = pane.getByRole('list', { name: 'Run history' }).locator('li');
    await expect(history).toHaveCount(2);
    await expect(pane.getByText('History keeps the last 50 runs of each tool, and the newest runs of the toolbox up to 64 MB: older ones make way.')).toBeVisible();

    await page.reload();
    pane = await shoutPane(page, server.url);
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText('{"text":"you"}');

    await server.stop();
    server = await startWithPythonFixtures({ fixture: 'testrun_toolbox.hocon', dir, extraPythonPath: [dir] });
    writeFileSync(toolbox, readFileSync(toolbox, 'utf8').replace(/\}\s*$/, shoutEntry));
    pane = await shoutPane(page, server.url);
    await expect(history).toHaveCount(2);

    // Re-run the older call: its arguments come back into the form, and it runs again.
    const older = history.filter({ hasText: '{"text":"hey"}' });
    await older.getByRole('button', { name: 'Re-run' }).click();
    await expect(result).toHaveText('HEY');
    await expect(pane.getByLabel('text', { exact: true })).toHaveValue('hey');
    await expect(history).toHaveCount(3);

    // The copied command line runs the same call from a shell.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await history.first().getByRole('button', { name: 'Copy as CLI' }).click();
    const line = await page.evaluate(() => navigator.clipboard.readText());
    // It carries what the CLI would not find by itself (here the PYTHONPATH the server's environment had; the
    // toolbox's folder, where shout_tool.py is, is on it by the layout): no setup to repeat.
    expect(line).toBe(`toolbox-editor call ${toolbox} shout --args '{"text":"hey"}' --pythonpath ${fixturesPythonDir}`);
    const { PYTHONPATH: _inherited, ...withoutPythonPath } = process.env;
    const shell = spawnSync('sh', ['-c', line.replace(/^toolbox-editor/, `"${process.execPath}" "${cliPath}"`)], {
      cwd: dir,
      encoding: 'utf8',
      env: withoutPythonPath,
    });
    expect(shell.stdout).toBe('HEY\n');

    await history.first().getByRole('button', { name: 'Save as test case' }).click();
    // Named when saved (after its tool and arguments unless the user says otherwise), expecting what the run gave.
    const editor = page.getByRole('dialog', { name: 'Save as test case' });
    await expect(editor.getByLabel('Name')).toHaveValue('shout {"text":"hey"}');
    await expect(editor.getByLabel('Expected')).toHaveValue('HEY');
    await editor.getByRole('button', { name: 'Save test case' }).click();
    await expect(editor).toBeHidden();
    await expect(pane.getByRole('status')).toHaveText(`Saved test case 'shout {"text":"hey"}' to testrun_toolbox.tests.json.`);
    await expect(pane.getByTestId('saved-cases')).toHaveText('1 saved test case for shout in testrun_toolbox.tests.json');

    // The same check in the app, against the editor's text.
    await pane.getByRole('button', { name: 'Run all 1 saved case' }).click();
    await expect(pane.getByTestId('cases-summary')).toHaveText('1 passed, 0 failed');

    const passing = toolboxEditor(dir, 'test', 'testrun_toolbox.hocon');
    expect(passing.stdout).toMatch(/^ok {4}shout \{"text":"hey"\} \(\d+ ms\)\n1 passed, 0 failed/);
    expect(passing.code).toBe(0);

    // The tool changes: the saved case now fails, and the exit code says so.
    writeFileSync(path.join(dir, 'shout_tool.py'), shoutTool('args["text"].upper() + "!"'));
    const failing = toolboxEditor(dir, 'test', 'testrun_toolbox.hocon');
    expect(failing.stdout).toContain('FAIL  shout {"text":"hey"}');
    expect(failing.stdout).toContain('expected "HEY", got "HEY!"');
    expect(failing.code).toBe(1);
    // The app's warm worker picks up the changed module too.
    await pane.getByRole('button', { name: 'Run all 1 saved case' }).click();
    await expect(pane.getByTestId('cases-summary')).toHaveText('0 passed, 1 failed');
    await expect(pane.getByRole('region', { name: 'Saved test cases' })).toContainText('expected "HEY", got "HEY!"');
    await pane.getByRole('list', { name: 'Run history' }).scrollIntoViewIfNeeded();
    await pane.screenshot({ path: testInfo.outputPath('test-run-history.png') });
    // Clear all forgets the toolbox's runs, and they stay forgotten after a reload.
    await pane.getByRole('button', { name: 'Clear all' }).click();
    await expect(pane.getByText('No runs of this tool yet.')).toBeVisible();
    await page.reload();
    pane = await shoutPane(page, server.url);
    await expect(pane.getByText('No runs of this tool yet.')).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
