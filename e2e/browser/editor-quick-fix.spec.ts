import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent, screenshotBothThemes } from '../support/editorPage';

test('a quick fix from the Problems panel is applied in the text as a code action', async ({ page }, testInfo) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const problems = page.getByRole('region', { name: 'Problems' });
    const problem = problems.getByRole('button', { name: /"int" is not JSON Schema/ });
    await expect(problem).toBeVisible();
    await screenshotBothThemes(page, testInfo, 'problems');
    await problem.click();
    await expect(page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ControlOrMeta+.');
    await page.getByText('Change "int" to "integer"').click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"integer"');
    await analysisCurrent(page);
    await expect(problem).toHaveCount(0);
    await expect(page.getByLabel('Problem counts')).toHaveText('0 errors, 0 warnings');
  } finally {
    await server.stop();
  }
});
