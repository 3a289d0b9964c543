import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, repoRoot, startBrowserMode, test } from '../support/browserMode';
import { analysisCurrent } from '../support/editorPage';
import { lowContrastText } from '../support/textContrast';
import { needShared } from '../support/sharedData';

/**
 * An agent network file opens as its network: every agent in a tree from the front man, an agent's instructions and
 * tools edited in the form, saved as a change of those lines only, undone in one step. The fixture is a studio-like
 * network of 18 agents with comments, an include, `commondefs` and a `${?VAR}`.
 */

const AGENTS = [
  'travel_desk', 'flights', 'flight_search', 'seat_map', 'fares', 'fare_rules_lookup', 'hotels', 'hotel_search', 'room_types',
  'cars', 'car_search', 'insurance', 'activities', 'museums', 'tours', 'restaurants', 'billing', 'loyalty',
];

/** The numbers of the lines that differ between two texts (the texts given line for line, from the first line). */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

function openProject() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-network-'));
  cpSync(path.join(repoRoot, 'fixtures', 'networks'), dir, { recursive: true });
  return dir;
}

test('a network opens as its agents; the form edits instructions and tools, saved as those lines only, undone at once', async ({ page }, testInfo) => {
  const dir = openProject();
  const file = path.join(dir, 'registries', 'travel_desk.hocon');
  const original = readFileSync(file, 'utf8');
  const server = await startBrowserMode({ dir, open: file });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    const tree = page.getByRole('tree', { name: 'Agents' });
    await expect(page.getByRole('region', { name: 'Agent network' }).getByRole('heading', { name: 'Agents (18)' })).toBeVisible();
    // Every agent is in the tree; billing is called twice, its tools shown once (the second row says "shown above").
    for (const name of AGENTS) await expect(tree.locator(`[data-agent="${name}"]`).first()).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: 'billing, LLM agent, shown above' })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /^\/tools\/weather_network, network/ })).toBeVisible();
    // activities names "weather", which is no agent: its problem is counted on it, and shown under its tools.
    await expect(tree.getByRole('treeitem', { name: 'activities, LLM agent, 1 problem' })).toBeVisible();
    // Readable at 1280×800: the last row is in view without scrolling the page.
    await expect(tree.locator('[data-agent="loyalty"]')).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('network-light.png') });

    // Left and Right fold and unfold an agent's calls, as trees do: flights' three calls hide, then show.
    const flightsRow = tree.getByRole('treeitem', { name: /^flights, / });
    await tree.locator('[data-agent="flights"]').click();
    await expect(flightsRow).toHaveAttribute('aria-expanded', 'true');
    await tree.press('ArrowLeft');
    await expect(flightsRow).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.locator('[data-agent="flight_search"]')).toHaveCount(0);
    // Left again goes up to its caller; Right there goes back down to the first call, flights (still folded).
    await tree.press('ArrowLeft');
    await expect(tree.getByRole('treeitem', { name: /^travel_desk, / })).toHaveAttribute('aria-selected', 'true');
    await tree.press('ArrowRight');
    await expect(flightsRow).toHaveAttribute('aria-selected', 'true');
    await tree.press('ArrowRight');
    await expect(flightsRow).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.locator('[data-agent="flight_search"]')).toBeVisible();

    // The keyboard: down from the front man to flights, Enter opens it in the form.
    await tree.locator('[data-agent="travel_desk"]').click();
    await tree.press('ArrowDown');
    await tree.press('Enter');
    const form = page.getByRole('form', { name: 'Agent flights' });
    await expect(form).toBeVisible();
    // Its instructions are a concatenation with a substitution: shown as written, left to the HOCON tab.
    await expect(form.getByText('Not a plain string')).toBeVisible();

    // A click on the problem selects its agent in the tree (and shows its line); its form shows it under Tools.
    await page.getByRole('region', { name: 'Problems' }).getByText(/Agent 'activities' references/).click();
    await expect(tree.getByRole('treeitem', { name: 'activities, LLM agent, 1 problem' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Form' }).click();
    await expect(page.getByRole('form', { name: 'Agent activities' }).locator('#agent-msg-tools')).toContainText('weather');
    await tree.locator('[data-agent="fares"]').click();
    const fares = page.getByRole('form', { name: 'Agent fares' });
    // The model field suggests the models neuro-san's own llm_info file defines (no pin: the newest release known).
    const model = fares.getByLabel('Model (llm_config.model_name)', { exact: true });
    const models = await model.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => o.value));
    expect(models).toEqual(expect.arrayContaining(['gpt-4o', 'claude-opus-4-6']));
    await fares.getByLabel('Instructions', { exact: true }).fill('You explain fare rules and refunds.');
    await fares.getByLabel('Instructions', { exact: true }).blur();
    await fares.getByLabel('Add a tool').fill('billing');
    await fares.getByRole('button', { name: 'Add tool' }).click();
    await expect(fares.getByRole('list', { name: 'Tools of fares' }).getByRole('listitem')).toHaveCount(2);
    await analysisCurrent(page);
    // What its LLM is now offered: each agent it lists as a function, with the description neuro-san gives it.
    const offered = fares.getByRole('table', { name: 'Functions offered to fares' });
    await expect(offered.getByRole('row')).toHaveCount(3);
    await expect(offered.getByRole('row', { name: /fare_rules_lookup coded tool Reads a fare's rules\./ })).toBeVisible();
    await expect(offered.getByRole('row', { name: /billing agent Charges the customer\./ })).toBeVisible();
    await expect(fares.getByRole('region', { name: "Offered to this agent's LLM" })).toContainText(/2 functions · \d+ tokens/);
    await page.screenshot({ path: testInfo.outputPath('agent-form-light.png') });

    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('travel_desk.hocon — Toolbox Editor');
    const saved = readFileSync(file, 'utf8');
    expect(changedLines(original, saved)).toEqual({
      removed: ['            "instructions": "You explain fare rules.",', '            "tools": ["fare_rules_lookup"]'],
      added: ['            "instructions": "You explain fare rules and refunds.",', '            "tools": ["fare_rules_lookup", "billing"]'],
    });

    // Undo: the tool added, then the instructions, each one step.
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('form', { name: 'Agent fares' }).getByLabel('Instructions', { exact: true })).toHaveValue('You explain fare rules.');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('travel_desk.hocon — Toolbox Editor');
    await expect.poll(() => readFileSync(file, 'utf8')).toBe(original);

    // Both themes read (WCAG AA) with the network view and the form showing.
    await page.getByRole('tab', { name: 'Form' }).click();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await expect(page.getByRole('form', { name: 'Agent fares' })).toBeVisible();
      expect(await lowContrastText(page), theme).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`network-form-${theme}.png`) });
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('removing an agent lists the agents that name it first, and one undo brings it back', async ({ page }) => {
  const dir = openProject();
  const file = path.join(dir, 'registries', 'travel_desk.hocon');
  const server = await startBrowserMode({ dir, open: file });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    const tree = page.getByRole('tree', { name: 'Agents' });
    await tree.locator('[data-agent="billing"]').first().click();
    await page.getByRole('region', { name: 'Agent network' }).getByRole('button', { name: 'Remove agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove billing' });
    await expect(dialog.getByRole('list', { name: 'Agents that name it' }).getByRole('listitem')).toHaveText(['travel_desk', 'hotels']);
    await dialog.getByRole('button', { name: 'Remove billing' }).click();
    await expect(page.getByRole('heading', { name: 'Agents (17)' })).toBeVisible();
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('heading', { name: 'Agents (18)' })).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a studio network edited in the form: an agent's instructions and tools, saved as those lines only, undone at once", async ({ page }) => {
  const studio = needShared('conformance/hocon/cases/neurosan/neuro-san-studio');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-studio-network-'));
  cpSync(studio, dir, { recursive: true });
  const file = path.join(dir, 'registries', 'experimental', 'six_thinking_hats.hocon');
  // The corpus is kept read-only (the app then refuses to save, in plain words): the copy is the user's to edit.
  chmodSync(file, 0o644);
  const original = readFileSync(file, 'utf8');
  const server = await startBrowserMode({ open: dir });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Project' }).getByRole('button', { name: 'registries/experimental/six_thinking_hats.hocon' }).first().click();
    const region = page.getByRole('region', { name: 'Agent network' });
    await expect(region.getByRole('heading', { name: 'Agents (6)' })).toBeVisible();
    await analysisCurrent(page);
    await region.getByRole('tree', { name: 'Agents' }).locator('[data-agent="white_hat"]').first().click();
    const form = page.getByRole('form', { name: 'Agent white_hat' });
    await form.getByLabel('Instructions', { exact: true }).fill('You are the White Hat: data and facts only.');
    await form.getByLabel('Instructions', { exact: true }).blur();
    await form.getByLabel('Add a tool').fill('red_hat');
    await form.getByRole('button', { name: 'Add tool' }).click();
    await expect(form.getByRole('list', { name: 'Tools of white_hat' }).getByRole('listitem')).toHaveCount(1);
    await analysisCurrent(page);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page).toHaveTitle('six_thinking_hats.hocon — Toolbox Editor');
    const saved = readFileSync(file, 'utf8');
    expect(changedLines(original, saved)).toEqual(STUDIO_EDIT);
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('toolbar', { name: 'File' }).getByRole('button', { name: 'Undo' }).click();
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(() => readFileSync(file, 'utf8')).toBe(original);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The lines the studio edit changes: the instructions, and a `tools` key after the last one (which gains its comma). */
const STUDIO_EDIT = {
  removed: [
    '            "instructions": "You are the White Hat, focusing on data and facts. Analyze the given problem and provide a factual and data-driven perspective.",',
    '            "command": "Provide a factual analysis of the problem_statement."',
  ],
  added: [
    '            "instructions": "You are the White Hat: data and facts only.",',
    '            "command": "Provide a factual analysis of the problem_statement.",',
    '            "tools": ["red_hat"]',
  ],
};

test("studio's 18-agent airline_policy network reads at 1280×800 in a project, its served networks suggested", async ({ page }, testInfo) => {
  const studio = needShared('conformance/hocon/cases/neurosan/neuro-san-studio');
  const server = await startBrowserMode({ open: studio });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Project' }).getByRole('button', { name: 'registries/industry/airline_policy.hocon' }).first().click();
    const region = page.getByRole('region', { name: 'Agent network' });
    await expect(region.getByRole('heading', { name: 'Agents (18)' })).toBeVisible();
    await analysisCurrent(page);
    const tree = region.getByRole('tree', { name: 'Agents' });
    await tree.locator('[data-agent]').first().click();
    await expect(page.getByRole('form', { name: /^Agent / })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('studio-airline-light.png') });
  } finally {
    await server.stop();
  }
});
