import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliPath, expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// Issue 24: above 200 tools the description and similarity checks were left out of the app (it said "No problems"
// where `validate` printed thousands of findings), and a newly opened file showed the previous file's catalog.
const TOOLS = 2400;

/** 2,400 tools whose descriptions say what a tool is about but not what it does, and two tools much alike. */
function bigToolbox(): string {
  const entries = [];
  for (let i = 0; i < TOOLS; i++) {
    entries.push(
      `tool_${i} { class = "pkg.mod.Tool${i}", description = "The weather in city ${i}, with its temperature and the wind.", parameters { type = object, properties { city { type = string, description = "The city." } } } }`,
    );
  }
  entries.push('zebra_lookup { class = "pkg.mod.Zebra", description = "Looks up zebras, giraffes and okapis in the savanna registry by their stripes." }');
  entries.push('stripe_finder { class = "pkg.mod.Stripes", description = "Finds zebras, giraffes and okapis in the savanna registry by their stripes." }');
  return `{\n${entries.join('\n')}\n}\n`;
}

test('a 2,400-tool toolbox shows every description finding in Problems, as many as validate prints', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-'));
  writeFileSync(path.join(dir, 'big.hocon'), bigToolbox());
  writeFileSync(path.join(dir, 'small.hocon'), 'only_small_tool { class = "pkg.mod.Small", description = "Returns the one small thing this file is about." }\n');
  const validate = spawnSync(process.execPath, [cliPath, 'validate', 'big.hocon', '--json'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const expected = JSON.parse(validate.stdout) as { severity: string; rule: string }[];
  // Style advice: hints (issue #33), counted apart from warnings.
  const hints = expected.filter((d) => d.severity === 'hint');
  expect(hints.filter((d) => d.rule === 'description-no-verb')).toHaveLength(TOOLS);
  expect(hints.filter((d) => d.rule === 'tools-similar')).toHaveLength(1);
  const errors = expected.filter((d) => d.severity === 'error').length;
  const warnings = expected.filter((d) => d.severity === 'warning').length;

  const server = await startBrowserMode({ dir, open: 'small.hocon' });
  try {
    await page.goto(server.url);
    const catalog = page.getByRole('region', { name: 'Catalog preview' });
    await expect(catalog).toContainText('only_small_tool');

    // Another file: from the moment it is open, the pane no longer shows the first file's catalog.
    await page.getByRole('button', { name: 'Open…' }).click();
    await page.getByLabel('File path').fill('big.hocon');
    await page.getByLabel('File path').press('Enter');
    await page.waitForFunction(() => document.title.includes('big.hocon'));
    expect(await catalog.textContent()).not.toContain('only_small_tool');
    await expect(catalog.getByText('Rendering the catalog of big.hocon…').or(catalog.getByText('"tool_0"'))).toBeVisible();

    await analysisCurrent(page);
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByRole('heading')).toHaveText(`Problems — ${errors} errors, ${warnings} warnings, ${hints.length} hints`);
    await expect(problems.getByText('[description-no-verb]').first()).toBeVisible();
  } finally {
    await server.stop();
  }
});
