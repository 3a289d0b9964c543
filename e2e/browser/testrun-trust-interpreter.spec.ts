import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fixturePath, startBrowserMode } from '../support/browserMode';
import { fixturesPythonDir } from '../support/pythonFixtures';

test.use({ viewport: { width: 1280, height: 800 } });

// Issue #32: a project's committed `.toolbox-editor.json` names a program as its Python. The app shows it and starts it
// only once the user trusts it; the answer is kept in the state folder, not the project.
test("a project's own interpreter runs only after the user trusts it", async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-trust-'));
  copyFileSync(fixturePath('testrun_toolbox.hocon'), path.join(dir, 'testrun_toolbox.hocon'));
  const marker = path.join(dir, 'interpreter-started');
  writeFileSync(path.join(dir, 'project-python.sh'), `#!/bin/sh\n: > '${marker}'\nexec python3 "$@"\n`);
  chmodSync(path.join(dir, 'project-python.sh'), 0o755);
  writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ run: { python: './project-python.sh', pythonPath: ['.', fixturesPythonDir] } }));
  const server = await startBrowserMode({ dir, args: ['testrun_toolbox.hocon'] });
  try {
    await page.goto(server.url);
    const pane = page.getByRole('region', { name: 'Test run' });
    await pane.getByLabel('Tool', { exact: true }).selectOption('greet');
    const warning = pane.getByTestId('untrusted-interpreter');
    await expect(warning).toContainText(`names ${path.join(dir, 'project-python.sh')} as its Python`);
    await pane.getByLabel('name', { exact: true }).fill('Ada');
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    const refusal = pane.getByRole('status').filter({ hasText: 'starts a program a project names only once you trust it' });
    await expect(refusal).toBeVisible();
    expect(existsSync(marker)).toBe(false);

    // The refusal offers the trust itself, in view where it is read (the settings' offer is above, scrolled away).
    const trust = refusal.getByRole('button', { name: 'Trust and use it' });
    await expect(trust).toBeInViewport();
    await trust.click();
    await expect(warning).toHaveCount(0);
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toContainText('Ada');
    expect(existsSync(marker)).toBe(true);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
