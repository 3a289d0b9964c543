import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';

test.use({ viewport: { width: 1500, height: 950 } });

// The neuro-san version a project runs is its runs' Python's once a run has started that Python (#22): here a Python
// whose PYTHONPATH holds the metadata of an installed neuro-san 0.5.40 (fixtures/versions/installed_0_5_40, no code),
// in a project that pins 0.5.55.
/** A project pinning 0.5.55 whose runs' PYTHONPATH holds `pythonPath` besides the project. */
function project(pythonPath: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-installed-'));
  const files: Record<string, string> = {
    'registries/.keep': '',
    'toolbox/toolbox_info.hocon': 'echo {\n  class = "echo_tool.Echo"\n  description = "Says back what it is given."\n}\n',
    // Under AGENT_TOOL_PATH (the project's coded_tools/): neuro-san 0.5.x never imports a full module path.
    'coded_tools/echo_tool.py': 'class Echo:\n    def invoke(self, args, sly_data):\n        return "said"\n',
    'requirements.txt': 'neuro-san==0.5.55\n',
    '.toolbox-editor.json': JSON.stringify({ run: { pythonPath: ['.', ...pythonPath] } }),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

async function runEcho(page: Page) {
  const pane = page.getByRole('region', { name: 'Test run' });
  await pane.getByLabel('Tool', { exact: true }).selectOption('echo');
  await pane.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toHaveText('said');
}

test("after a run, the file is checked for the neuro-san the runs' Python has installed, and the status bar says so", async ({ page }) => {
  const dir = project([path.join(repoRoot, 'fixtures', 'versions', 'installed_0_5_40')]);
  const server = await startBrowserMode({ dir, open: 'toolbox/toolbox_info.hocon', env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    const status = page.getByRole('contentinfo', { name: 'Status' });
    const version = status.getByLabel('neuro-san version');
    // Opening runs no Python: the pin.
    await expect(version).toHaveText('neuro-san 0.5.55 (pin)');
    await expect(version).toHaveAttribute('title', 'pin: neuro-san==0.5.55 in requirements.txt:1');

    await runEcho(page);

    await expect(version).toHaveText('neuro-san 0.5.40 (installed in python3)');
    await expect(version).toHaveAttribute('title', 'interpreter: installed in python3 (importlib.metadata)');
    // The default toolbox is 0.5.40's: its LangChain tools are listed.
    await expect(page.getByRole('region', { name: 'Tool list' }).getByRole('option', { name: 'bing_search' })).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

// Issue 34: the pin's version alone read as what the runs' Python has, while that Python had no neuro-san.
test("after a run in a Python without neuro-san, the status bar says the version is the pin's and that Python has none", async ({ page }) => {
  const dir = project([]);
  const server = await startBrowserMode({ dir, open: 'toolbox/toolbox_info.hocon', env: { PYTHONPATH: '' } });
  try {
    await page.goto(server.url);
    const version = page.getByRole('contentinfo', { name: 'Status' }).getByLabel('neuro-san version');
    await expect(version).toHaveText('neuro-san 0.5.55 (pin)');
    await runEcho(page);
    await expect(version).toHaveText('neuro-san 0.5.55 (pin; python3 has none)');
    await expect(version).toHaveAttribute('title', 'pin: neuro-san==0.5.55 in requirements.txt:1; python3 has no neuro-san installed (importlib.metadata)');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
