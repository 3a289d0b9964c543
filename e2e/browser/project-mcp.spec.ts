import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEverythingServer, type RunningMcpServer } from '../../node/testSupport/everythingServer';
import { expect, recordRequests, repoRoot, startBrowserMode, test } from '../support/browserMode';

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
    await expect(item.getByLabel('Tools of agent echoer').getByRole('listitem')).toHaveText(['echo', 'no_such_tool: the server has no such tool']);
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
