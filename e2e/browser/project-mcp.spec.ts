import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEverythingServer, type RunningMcpServer } from '../../node/testSupport/everythingServer';
import { cliPath, expect, recordRequests, repoRoot, startBrowserMode, test } from '../support/browserMode';

// server-everything (an MCP server nobody here wrote) on 127.0.0.1 and a free port, named by the fixture project's
// network through EVERYTHING_MCP_URL.
let everything: RunningMcpServer;
test.beforeAll(async () => {
  everything = await startEverythingServer();
});
test.afterAll(() => everything.stop());

test("the project view lists an MCP server's tools when asked, and the filter entry it lacks", async ({ page }, testInfo) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-mcp-project-'));
  cpSync(path.join(repoRoot, 'fixtures', 'mcp', 'project'), dir, { recursive: true });
  const server = await startBrowserMode({ open: dir, env: { EVERYTHING_MCP_URL: everything.url } });
  const requests = recordRequests(page);
  try {
    await page.setViewportSize({ width: 1400, height: 950 });
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    const servers = view.getByRole('group', { name: 'MCP servers' });
    await expect(servers.getByText('MCP servers (2)')).toBeVisible();
    await expect(servers.getByText('Info file: mcp/mcp_info.hocon (AGENT_MCP_INFO_FILE, from .env)')).toBeVisible();
    // The info file's header shows where its value comes from, never the value.
    const silent = servers.getByRole('listitem', { name: 'MCP server http://127.0.0.1:2/mcp' });
    await expect(silent.getByLabel('Settings from the info file')).toHaveText('header Authorization: from ${FIXTURE_MCP_TOKEN}');

    const item = servers.getByRole('listitem', { name: `MCP server ${everything.url}` });
    // Nothing asked yet: no tools shown.
    await expect(item.getByLabel('Tools of agent echoer')).toHaveCount(0);
    await item.getByRole('button', { name: 'List tools' }).click();
    await expect(item.getByLabel('Listed')).toHaveText(/^13 tools, listed at /);
    await expect(item.getByLabel('Tools of agent echoer').getByRole('listitem')).toHaveText(['echo Test run', 'no_such_tool: the server has no such tool']);
    await expect(item.getByLabel('Tools of agent front').getByRole('listitem')).toHaveCount(13);
    // The network's warnings now count the filter entry the server lacks.
    await expect(view.getByRole('group', { name: 'Agent networks' }).getByRole('listitem').filter({ hasText: 'registries/everything.hocon' }).locator('.badge.warning')).toHaveText('1');

    await silent.getByRole('button', { name: 'List tools' }).click();
    await expect(silent.getByRole('alert')).toHaveText(/^Did not answer \(asked at .*\): connection refused \(nothing listens there\)$/);
    await view.screenshot({ path: testInfo.outputPath('project-mcp.png') });
    expect(requests.filter((u) => !u.startsWith(`http://127.0.0.1:${server.port}/`))).toEqual([]);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an MCP server's echo runs from the Test run pane: history, a saved case, Copy as CLI, and no credential kept", async ({ page }, testInfo) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-mcp-run-'));
  cpSync(path.join(repoRoot, 'fixtures', 'mcp', 'project'), dir, { recursive: true });
  const env = { EVERYTHING_MCP_URL: everything.url };
  const server = await startBrowserMode({ open: dir, env });
  const secret = 'sekret-from-e2e';
  try {
    await page.setViewportSize({ width: 1600, height: 1100 });
    await page.goto(server.url);
    const view = page.getByRole('region', { name: 'Project' });
    const item = view.getByRole('group', { name: 'MCP servers' }).getByRole('listitem', { name: `MCP server ${everything.url}` });
    await item.getByRole('button', { name: 'List tools' }).click();
    // No file was open: the network that names the server opens, and the pane takes the server's tool.
    await item.getByRole('button', { name: 'Test run echo of agent echoer' }).click();
    const pane = page.getByRole('region', { name: 'Test run' });
    await expect(pane.getByLabel('MCP tool')).toContainText(`echo of the MCP server ${everything.url}`);
    await expect(pane.locator('.tool-description')).toHaveText('Echoes back the input string');

    // The form comes from the server's schema; sly_data carries a header for the server, as neuro-san reads it.
    await pane.getByLabel('message', { exact: true }).fill('hello from the pane');
    await pane.getByLabel('sly_data (JSON object; blank sends none)').fill(JSON.stringify({ http_headers: { [everything.url]: { Authorization: `Bearer ${secret}` } } }));
    await pane.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'Run result' }).getByLabel('Result content')).toHaveText('Echo: hello from the pane');

    const history = pane.getByRole('list', { name: 'Run history' }).locator('li');
    await expect(history).toHaveCount(1);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await history.first().getByRole('button', { name: 'Copy as CLI' }).click();
    const line = await page.evaluate(() => navigator.clipboard.readText());
    expect(line).toContain(`toolbox-editor call --mcp ${everything.url} --args '{"message":"hello from the pane"}'`);
    expect(line).not.toContain(secret);
    const shell = spawnSync('sh', ['-c', line.replace(/^toolbox-editor/, `"${process.execPath}" "${cliPath}"`)], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
    expect(shell.stdout).toBe('Echo: hello from the pane\n');

    await history.first().getByRole('button', { name: 'Save as test case' }).click();
    const editor = page.getByRole('dialog', { name: 'Save as test case' });
    await expect(editor).toContainText(`Tool echo of the MCP server ${everything.url}`);
    await editor.getByRole('button', { name: 'Save test case' }).click();
    await expect(editor).toBeHidden();
    await expect(pane.getByTestId('saved-cases')).toHaveText('1 saved test case for echo in everything.tests.json');
    await pane.getByRole('button', { name: 'Run all 1 saved case' }).click();
    await expect(pane.getByTestId('cases-summary')).toHaveText('1 passed, 0 failed');
    await pane.screenshot({ path: testInfo.outputPath('mcp-test-run.png') });

    const saved = readFileSync(path.join(dir, 'registries', 'everything.tests.json'), 'utf8');
    expect(JSON.parse(saved).cases[0]).toMatchObject({ mcp_server: everything.url, tool: 'echo', args: { message: 'hello from the pane' } });
    expect(saved).not.toContain(secret);
    const stateFiles = readdirSync(path.join(server.dir, '.state'), { recursive: true }).map((f) => path.join(server.dir, '.state', String(f)));
    for (const file of stateFiles) if (statSync(file).isFile()) expect(readFileSync(file, 'utf8'), file).not.toContain(secret);
    // Nowhere on the page but in the box the user typed it in.
    await pane.getByLabel('sly_data (JSON object; blank sends none)').fill('');
    await expect(page.locator('body')).not.toContainText(secret);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an agent's MCP server in the network view: its tools listed on request, kept to the agent's filter", async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-mcp-agent-'));
  cpSync(path.join(repoRoot, 'fixtures', 'mcp', 'project'), dir, { recursive: true });
  const server = await startBrowserMode({ open: dir, env: { EVERYTHING_MCP_URL: everything.url } });
  const requests = recordRequests(page);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await page.getByRole('region', { name: 'Project' }).getByRole('button', { name: 'registries/everything.hocon' }).first().click();
    const tree = page.getByRole('region', { name: 'Agent network' }).getByRole('tree', { name: 'Agents' });
    await tree.locator('[data-agent="echoer"]').first().click();
    const offers = page.getByRole('form', { name: 'Agent echoer' }).getByRole('region', { name: "Offered to this agent's LLM" });
    const row = offers.getByRole('row', { name: new RegExp(`^${everything.url.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')} MCP server`) });
    // Nothing asked until the user asks.
    await expect(row.getByRole('button', { name: 'List its tools' })).toBeVisible();
    await expect(offers.getByRole('list', { name: 'MCP tools offered to echoer' })).toHaveCount(0);
    await row.getByRole('button', { name: 'List its tools' }).click();
    // The server lists 13 tools; the network keeps echo (no_such_tool matches none).
    await expect(offers.getByRole('list', { name: 'MCP tools offered to echoer' }).getByRole('listitem')).toHaveText([/^echo: /]);
    await expect(offers).toContainText('kept to echo, no_such_tool (filter from the network)');
    expect(requests.filter((u) => !u.startsWith(`http://127.0.0.1:${server.port}/`))).toEqual([]);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
