import { expect } from '@playwright/test';
import { hoverShowing } from '../support/editorPage';
import { testWithPythonFixture } from '../support/pythonFixtures';

const test = testWithPythonFixture('preflight_toolbox.hocon');
test.use({ viewport: { width: 1600, height: 1100 } });

test('"Check all tools" shows the planted problems on their entries and a summary; nothing is checked on open', async ({ page, server }) => {
  await page.goto(server.url);
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toHaveAttribute('data-analysis', 'current');
  // Opening the file imports nothing: only the file's own (HOCON) findings are there.
  await expect(problems).not.toContainText('constructor-unknown-arg');

  const heading = problems.getByRole('heading');
  const fileCounts = await heading.textContent();
  const list = page.getByRole('region', { name: 'Tool list' });
  await list.getByRole('button', { name: 'Check all tools' }).click();
  await expect(list.getByRole('status', { name: 'Check summary' })).toContainText('1 tool ready, 6 with problems');

  // The environment's findings, in their own group: the file's problems and counts are as they were.
  const environment = problems.getByRole('group', { name: 'Environment' });
  await expect(environment).toContainText(/Environment — \d+ errors?, \d+ warnings? from Check all tools/);
  await expect(heading).toHaveText(fileCounts!);
  await environment.locator('summary').click();
  for (const [rule, text] of [
    ['class-import', "Module fixture_tools.echo has no attribute 'Ghost'"],
    ['constructor-unknown-arg', "Arguments ['colour'] for 'StrictTool' do not match"],
    ['constructor-missing-arg', "IndexTool requires 'index_name'"],
    ['env-var-unset', 'TBE_FIXTURE_SEARCH_API_KEY'],
    ['coded-no-invoke', 'defines neither invoke nor async_invoke'],
    ['code-reads-undeclared', "invoke reads args['limit']"],
  ]) {
    await expect(environment.getByRole('button').filter({ hasText: `[${rule}]` })).toContainText(text!);
  }
  await expect(list.getByRole('option', { name: 'strict_tool' })).toContainText('✕ 1');
  await expect(list.getByRole('option', { name: 'greet' })).not.toContainText('✕');

  // On the entry's form, next to the field the problem is about.
  await list.getByRole('option', { name: 'strict_tool' }).click();
  const form = page.getByRole('form', { name: 'Tool strict_tool' });
  await expect(form.locator('.field-messages')).toContainText("Arguments ['colour'] for 'StrictTool'");

  // The class's source opens read-only at the class.
  await form.getByRole('button', { name: 'Open class' }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  await expect(editor.getByRole('tab', { name: 'Python: strict.py' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.getByText(/fake_langchain\/strict\.py:4 \(read-only\)/)).toBeVisible();
  await expect(editor.getByTestId('python-source').locator('.view-lines')).toContainText('class StrictTool:');
});

test('"Create Python class" refuses a module the interpreter already has: the class belongs there', async ({ page, server }) => {
  await page.goto(server.url);
  const list = page.getByRole('region', { name: 'Tool list' });
  await list.getByRole('option', { name: 'ghost' }).click();
  const form = page.getByRole('form', { name: 'Tool ghost' });
  await form.getByRole('button', { name: 'Open class' }).click();
  await expect(form.getByRole('alert')).toContainText("Cannot open the class: Class fixture_tools.echo.Ghost not found in PYTHONPATH: Module fixture_tools.echo has no attribute 'Ghost'");
  await form.getByRole('button', { name: 'Create Python class' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(form.getByRole('alert').last()).toContainText(/The module fixture_tools\.echo exists already \(.*fixtures\/python\/fixture_tools\/echo\.py\): add the class Ghost to it/);
});

test('a hover on an entry\'s class links to its Python source', async ({ page, server }) => {
  await page.goto(server.url);
  await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON', exact: true }).click();
  const editor = page.getByRole('region', { name: 'Editor' });
  const hover = await hoverShowing(page, editor.locator('.view-lines').getByText('StrictTool', { exact: false }).first(), 'Open the Python source');
  await hover.getByRole('link', { name: 'Open the Python source of fake_langchain.strict.StrictTool' }).click();
  await expect(editor.getByRole('tab', { name: 'Python: strict.py' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.getByTestId('python-source').locator('.view-lines')).toContainText('class StrictTool:');
});

test('another interpreter or PYTHONPATH in Preferences clears what "Check all tools" found', async ({ page, server }) => {
  await page.goto(server.url);
  const problems = page.getByRole('region', { name: 'Problems' });
  const list = page.getByRole('region', { name: 'Tool list' });
  await list.getByRole('button', { name: 'Check all tools' }).click();
  await expect(list.getByRole('status', { name: 'Check summary' })).toContainText('1 tool ready, 6 with problems');
  await expect(problems.getByRole('group', { name: 'Environment' })).toBeVisible();

  await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferences' });
  // (Not the toolbox's own folder: runs have that on PYTHONPATH already, by neuro-san-studio's layout.)
  await dialog.getByLabel('PYTHONPATH (one folder a line)').fill(`${server.dir}/more_tools`);
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(problems.getByRole('group', { name: 'Environment' })).toHaveCount(0);
  await expect(list.getByRole('status', { name: 'Check summary' })).toHaveCount(0);
  await expect(list.getByRole('option', { name: 'strict_tool' })).not.toContainText('✕');
});
