import { expect, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent, hoverShowing } from '../support/editorPage';

// The HOCON editor's own features, which depend on the Monaco features the renderer bundles
// (renderer/editor/monacoFeatures.ts): diagnostics drawn as markers, and hovers that explain a field.
test('the HOCON text shows problems as markers and explains a field on hover', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON' }).click();
    await analysisCurrent(page);
    // "type": "long" is an error (neuro-san does not know it), the short description a hint (style advice, drawn as
    // Monaco's Info: a Hint marker is a few faint dots): a squiggle under each.
    await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
    await expect(page.locator('.monaco-editor .squiggly-info').first()).toBeVisible();

    const classKey = page.locator('.monaco-editor .view-lines span', { hasText: /^"class"$/ }).first();
    await hoverShowing(page, classKey, 'Fully qualified class name');
  } finally {
    await server.stop();
  }
});
