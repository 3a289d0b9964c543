import { expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { testWithPythonFixture } from '../support/pythonFixtures';

const test = testWithPythonFixture('scaffold_toolbox.hocon');
test.use({ viewport: { width: 1600, height: 1100 } });

test('"Create Python class" writes the module, which runs at once with its not-implemented message; never twice', async ({ page, server }) => {
  await page.goto(server.url);
  const list = page.getByRole('region', { name: 'Tool list' });
  await list.getByRole('option', { name: 'word_count' }).click();
  const form = page.getByRole('form', { name: 'Tool word_count' });
  await form.getByRole('button', { name: 'Create Python class' }).click();
  const dialog = page.getByRole('dialog');
  const module = path.join(server.dir, 'new_tools', 'word_count.py');
  await expect(dialog).toContainText(module);
  await expect(dialog.getByRole('textbox')).toHaveValue(server.dir);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('status')).toContainText(`Wrote ${module}`);
  // The root is the toolbox's folder, on the runs' PYTHONPATH already: it is recorded in the project's run settings.
  await expect(form.getByRole('status')).toContainText(`${server.dir} is recorded in .toolbox-editor.json`);
  expect(existsSync(module)).toBe(true);

  const pane = page.getByRole('region', { name: 'Test run' });
  await pane.getByLabel('Tool', { exact: true }).selectOption('word_count');
  await pane.getByLabel('text', { exact: true }).fill('a b');
  await pane.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toHaveText(
    "Not implemented: WordCount.invoke in word_count.py does not do anything yet (called with text='a b', top=None, class=None).",
  );

  await form.getByRole('button', { name: 'Create Python class' }).click();
  await expect(form.getByRole('alert')).toContainText('The module new_tools.word_count exists already');
});
