// The network view and agent form against the toolbox's tool list and form, in browser mode in Debian's Chromium,
// the two measured alternately in the same run (issue 36):
//   - open: from Open in the path dialog until the list shows its rows (the 50 agents' tree; the 50 tools' list) and
//     the analysis is current;
//   - one edit: typing a word at the end of the selected entry's multi-line field (an agent's instructions; a tool's
//     description) until the text holds it and the analysis is current again.
// Goal: each at most 1.5× the toolbox's (the ratio printed). Prints medians.
//   node bench/network-form.bench.mjs [--runs N]      (after `node scripts/build.mjs`)
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { argValue, median } from './lib/benchEnv.mjs';
import { generateToolboxHocon } from './lib/generateToolbox.mjs';
import { startWebServer } from './lib/webServer.mjs';

const runs = Number(argValue('--runs', 7));
const COUNT = 50;
const dir = mkdtempSync(path.join(os.tmpdir(), 'network-form-bench-'));

/** A network of COUNT agents: a front man calling ten leads, each calling four of the rest, every agent with a description. */
function networkHocon(count) {
  const agents = [];
  for (let i = 0; i < count; i++) {
    const leads = i === 0 ? Array.from({ length: 10 }, (_, k) => `agent_${k + 1}`) : i <= 10 ? Array.from({ length: 4 }, (_, k) => `agent_${10 + (i - 1) * 4 + k + 1}`).filter((n) => Number(n.slice(6)) < count) : [];
    agents.push(
      [
        '        # One agent of the benchmark network.',
        '        {',
        `            "name": "agent_${i}",`,
        `            "function": { "description": "Agent ${i} answers part of the inquiry." },`,
        `            "instructions": """You are agent ${i}.\nAnswer what you are asked."""${leads.length ? ',' : ''}`,
        ...(leads.length ? [`            "tools": [${leads.map((n) => JSON.stringify(n)).join(', ')}]`] : []),
        '        }',
      ].join('\n'),
    );
  }
  return `# A benchmark network.\n{\n    "llm_config": { "model_name": "gpt-4o", "api_key": \${?OPENAI_API_KEY} },\n    "tools": [\n${agents.join(',\n')}\n    ]\n}\n`;
}

writeFileSync(path.join(dir, 'network.hocon'), networkHocon(COUNT));
writeFileSync(path.join(dir, 'toolbox.hocon'), generateToolboxHocon(COUNT));

const server = await startWebServer(dir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const problemsCurrent = '[aria-label="Problems"][data-analysis="current"]';

const SIDES = {
  network: {
    file: 'network.hocon',
    rows: (page) => page.getByRole('tree', { name: 'Agents' }).getByRole('treeitem'),
    field: (page) => page.getByRole('form', { name: /^Agent / }).getByLabel('Instructions', { exact: true }),
  },
  toolbox: {
    file: 'toolbox.hocon',
    rows: (page) => page.getByRole('listbox', { name: 'Tools' }).getByRole('option'),
    field: (page) => page.getByRole('form', { name: /^Tool / }).getByLabel('Description', { exact: true }),
  },
};

/** One open and one edit of a side, on a fresh page: the times of each. */
async function measure(side) {
  const { file, rows, field } = SIDES[side];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Open a file…' }).click();
  await page.getByLabel('File path').fill(file);
  let start = Date.now();
  await page.getByLabel('File path').press('Enter');
  await rows(page).first().waitFor();
  await page.locator(problemsCurrent).waitFor();
  const open = Date.now() - start;

  const input = field(page);
  await input.waitFor();
  await input.click();
  await page.keyboard.press('ControlOrMeta+End');
  start = Date.now();
  await page.keyboard.type(' Now.');
  // Written once the field's pause has passed (one write, one undo step), then analysed.
  await page.waitForFunction(
    () => globalThis.document.querySelector('[aria-label="Problems"]')?.getAttribute('data-analysis') === 'current' && globalThis.document.title.startsWith('●'),
    null,
    { polling: 'raf' },
  );
  await page.locator(problemsCurrent).waitFor();
  const edit = Date.now() - start;
  await context.close();
  return { open, edit };
}

const times = { network: { open: [], edit: [] }, toolbox: { open: [], edit: [] } };
try {
  await measure('network'); // warm up both (the server's and Chromium's first run)
  await measure('toolbox');
  for (let i = 0; i < runs; i++) {
    // Taking turns at going first: neither side is always the one after a pause of this machine.
    for (const side of i % 2 === 0 ? ['network', 'toolbox'] : ['toolbox', 'network']) {
      const t = await measure(side);
      times[side].open.push(t.open);
      times[side].edit.push(t.edit);
    }
  }
} finally {
  await browser.close();
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}

let failed = false;
for (const what of ['open', 'edit']) {
  const network = median(times.network[what]);
  const toolbox = median(times.toolbox[what]);
  const ratio = network / toolbox;
  if (ratio > 1.5) failed = true;
  console.log(
    `${what.padEnd(5)} ${COUNT} agents ${String(network).padStart(5)} ms   ${COUNT} tools ${String(toolbox).padStart(5)} ms   ratio ${ratio.toFixed(2)} (goal <= 1.5) ${ratio <= 1.5 ? 'ok' : 'OVER'}`,
  );
}
process.exitCode = failed ? 1 : 0;
