import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';
import { lowContrastText } from '../support/textContrast';

/**
 * Text reads in both themes (WCAG AA): the dark theme once showed the light theme's red, amber and green, and the
 * run settings' sources at 2.6:1, and white on a light blue in the status bar and the selected buttons.
 */

/** A tool with an enum and a required parameter, and one whose argument has an environment override. */
const TOOLBOX = `{
    "convert_currency": {
        "class": "money.Convert",
        "description": "Converts an amount.",
        "parameters": { "type": "object", "properties": { "currency": { "type": "string", "enum": ["USD", "EUR"], "description": "The target currency." } }, "required": ["currency"] }
    },
    "web_search": {
        "class": "langchain_community.tools.tavily_search.TavilySearchResults",
        "args": { "max_results": 5, "max_results": \${?TAVILY_MAX_RESULTS} }
    }
}
`;

for (const colorScheme of ['light', 'dark'] as const) {
  test(`text reads at 4.5:1 or more in the ${colorScheme} theme: a project, its problems and run settings, a tool's sources`, async ({ browser }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-contrast-'));
    cpSync(path.join(repoRoot, 'fixtures', 'project'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'currency.hocon'), TOOLBOX);
    const server = await startBrowserMode({ open: dir });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
    try {
      await page.goto(server.url);
      // The project's toolbox: an error and warnings in Problems and the tree, the contract check, the run settings.
      await analysisCurrent(page);
      await expect(page.getByRole('region', { name: 'Test run' }).getByText('(layout)').first()).toBeVisible();
      expect(await lowContrastText(page)).toEqual([]);

      // A selected tool with warnings, a required parameter, and a value with an environment override.
      await page.getByRole('button', { name: 'Open…' }).click();
      await page.getByRole('dialog').getByRole('textbox').first().fill(path.join(dir, 'currency.hocon'));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('contentinfo', { name: 'Status' })).toContainText('currency.hocon');
      await analysisCurrent(page);
      await page.getByRole('listbox', { name: 'Tools', exact: true }).getByRole('option', { name: /web_search/ }).click();
      await expect(page.getByText('environment override')).toBeVisible();
      expect(await lowContrastText(page)).toEqual([]);
    } finally {
      await page.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
