import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Helpers for the editor flows: waiting for the analysis of the current text, reading Monaco's text. */

/** Waits until the Problems panel reflects the text as it is now (the analysis caught up with the last edit). */
export async function analysisCurrent(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Problems' })).toHaveAttribute('data-analysis', 'current');
}

/** The document text as Monaco holds it (the shared model behind the form and the HOCON tab). */
export async function editorText(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'HOCON' }).click();
  return page.evaluate(() => {
    const monaco = (window as unknown as { monaco?: { editor: { getModels(): { getValue(): string; getLanguageId(): string }[] } } }).monaco;
    return monaco?.editor.getModels().find((m) => m.getLanguageId() === 'hocon')?.getValue() ?? '';
  });
}

/** Screenshots of a main screen in light and dark, kept as test artifacts. */
export async function screenshotBothThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}.png`) });
  }
}

/**
 * Rests the mouse on `target` until the editor's hover saying `text` shows, and answers that hover. A hover shows
 * after the mouse rests: the mouse moves away and back until it does (a busy machine may miss the first).
 */
export async function hoverShowing(page: Page, target: Locator, text: string): Promise<Locator> {
  const hover = page.getByRole('tooltip').filter({ hasText: text });
  await expect(async () => {
    await page.mouse.move(0, 0);
    // The pointer glides in, as a hand moves it: Monaco sometimes shows no hover for a pointer that jumps onto a word
    // from outside the editor in one move (seen on a loaded CI machine, and always on the first line).
    const box = await target.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    else await target.hover();
    await expect(hover).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return hover;
}
