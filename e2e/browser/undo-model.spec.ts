import { expect, hoconLines, showHoconText, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';

// Issue 24: one undo model for the form and the text. A burst of typing in a field is one step, whether Ctrl+Z is
// pressed in that field, on the page, in the HOCON tab, or the toolbar's Undo is clicked.
const ORIGINAL = 'Gets the current time';

test('a burst of typing in a form field is one undo step from the field, the toolbar, the page and the HOCON tab', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: 'get_time' }).click();
    const form = page.getByRole('form', { name: 'Tool get_time' });
    const description = form.getByLabel('Description', { exact: true });
    const undoButton = page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' });
    const redoButton = page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Redo' });
    await expect(description).toHaveValue(ORIGINAL);

    // Two bursts in the same field, the second still being typed (not yet written) when Ctrl+Z comes.
    await description.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' One');
    await page.keyboard.press('Tab');
    await analysisCurrent(page);
    await description.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Two');

    // Ctrl+Z in the field: the whole second burst, not one character, and the field shows the document.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await analysisCurrent(page);
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await expect(description).toBeFocused();
    // Again: the first burst.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(description).toHaveValue(ORIGINAL);
    await expect(page).not.toHaveTitle(/^●/);
    // Redo from the field, one burst at a time.
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await page.keyboard.press('ControlOrMeta+y');
    await expect(description).toHaveValue(`${ORIGINAL} One Two`);

    // The toolbar: the same steps, one each click.
    await undoButton.click();
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await undoButton.click();
    await expect(description).toHaveValue(ORIGINAL);
    await redoButton.click();
    await expect(description).toHaveValue(`${ORIGINAL} One`);

    // Typing, then the toolbar at once (the typing not yet written): that burst alone goes.
    await description.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Three');
    await undoButton.click();
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await analysisCurrent(page);
    await expect(description).toHaveValue(`${ORIGINAL} One`);

    // Ctrl+Z on the page (the tool list focused) and in the HOCON tab: the same document, the same steps.
    await page.getByRole('listbox', { name: 'Tools' }).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(description).toHaveValue(ORIGINAL);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(description).toHaveValue(`${ORIGINAL} One`);
    await showHoconText(page);
    await expect(hoconLines(page)).toContainText(`"description": "${ORIGINAL} One",`);
    await hoconLines(page).click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(hoconLines(page)).toContainText(`"description": "${ORIGINAL}",`);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(hoconLines(page)).toContainText(`"description": "${ORIGINAL} One",`);
  } finally {
    await server.stop();
  }
});

test('a text field outside the document keeps its own undo', async ({ page }) => {
  const server = await startBrowserMode({ fixture: 'editor_flows.hocon' });
  try {
    await page.goto(server.url);
    const filter = page.getByLabel('Filter tools');
    await filter.click();
    await page.keyboard.type('get');
    await page.keyboard.press('ControlOrMeta+z');
    // The browser's own undo of the filter's typing; the document is untouched (nothing to undo there anyway).
    await expect(filter).not.toHaveValue('get');
    await expect(page).not.toHaveTitle(/^●/);
  } finally {
    await server.stop();
  }
});
