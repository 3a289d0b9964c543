import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../paths';
import { ProjectService } from '../project/projectService';
import { runCliIn } from '../testSupport/cliRun';
import { startEverythingServer, type RunningMcpServer } from '../testSupport/everythingServer';
import { listServerTools } from './mcpClient';
import { mcpToolBox } from './mcpToolBox';
import { mcpTarget, type RunRequest } from '../../shared/run/index';

// The fixture project's network names server-everything (EVERYTHING_MCP_URL), filters it to ["echo",
// "no_such_tool"] for one agent, and names http://127.0.0.1:2/mcp, where nothing listens. Everything stays on
// 127.0.0.1.
const project = path.join(appRoot(), 'fixtures', 'mcp', 'project');
const network = path.join('registries', 'everything.hocon');

describe('opening a project contacts none of its MCP servers', () => {
  let server: Server;
  let connections = 0;
  let url = '';
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(404).end());
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('not the project view, nor validate DIR or tools DIR without --mcp; validate DIR --mcp does', async () => {
    const env = { EVERYTHING_MCP_URL: url };
    const view = await new ProjectService(project, env).open(project);
    expect(view.mcp.servers.map((s) => s.url)).toEqual([url, 'http://127.0.0.1:2/mcp']);
    expect((await runCliIn(project, ['validate', '.'], env)).stdout).toContain('MCP servers: 2 (not contacted: --mcp asks them)');
    expect((await runCliIn(project, ['tools', '.'], env)).stdout).toContain(`${url} (not asked: --mcp lists its tools)`);
    expect(connections).toBe(0);
    // The same count sees a server being asked.
    const asked = await runCliIn(project, ['validate', '.', '--mcp'], env);
    expect(asked.stdout).toMatch(/mcp-unreachable/);
    expect(connections).toBeGreaterThan(0);
  });
});

describe("server-everything, named by the fixture project's network", () => {
  let everything: RunningMcpServer;
  beforeAll(async () => {
    everything = await startEverythingServer();
  }, 30_000);
  afterAll(() => everything.stop());
  const env = () => ({ EVERYTHING_MCP_URL: everything.url });

  it('the project view lists its tools when asked, and then reports the filter naming a tool it lacks', async () => {
    const service = new ProjectService(project, env());
    const before = await service.open(project);
    const warningsOf = (view: typeof before) => view.files.find((f) => f.path === 'registries/everything.hocon')!.warnings;
    expect(before.mcpListings).toEqual([]);
    const listing = await service.mcpListTools(project, everything.url);
    expect(listing.ok && listing.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const unreachable = await service.mcpListTools(project, 'http://127.0.0.1:2/mcp');
    expect(unreachable).toMatchObject({ ok: false, error: 'connection refused (nothing listens there)' });
    const after = await service.open(project);
    expect(after.mcpListings.map((l) => l.url)).toEqual([everything.url, 'http://127.0.0.1:2/mcp']);
    // One for no_such_tool, one for the server that did not answer.
    expect(warningsOf(after)).toBe(warningsOf(before) + 2);
    await expect(service.mcpListTools(project, 'http://127.0.0.1:1/elsewhere')).rejects.toThrow(/No network of the project names/);
  });

  it('validate DIR --mcp reports the filter entry and the silent server where they are written', async () => {
    const { code, stdout } = await runCliIn(project, ['validate', '.', '--mcp'], env());
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^${network.replace('.', '\\.')}:\\d+:\\d+ warning mcp-unknown-tool ${everything.url} has no tool 'no_such_tool'`, 'm'));
    expect(stdout).toMatch(/warning mcp-unreachable http:\/\/127\.0\.0\.1:2\/mcp did not answer/);
    expect(stdout).toContain('MCP servers: 2, 1 answered when asked');
  });

  it('tools DIR --mcp lists what each agent gets', async () => {
    const { stdout } = await runCliIn(project, ['tools', '.', '--mcp'], env());
    const section = stdout.slice(stdout.indexOf('MCP servers'));
    expect(section).toContain(`agent 'echoer' takes echo, no_such_tool (filter from the network)\n    echo\n`);
    expect(section).toContain("agent 'pinger' takes ping (filter from the MCP info file)");
    expect(section).toContain('http://127.0.0.1:2/mcp: did not answer: connection refused');
  });

  it("runs a server's tool through ToolBox.call and a run request, with its time limit and cancel", async () => {
    const tools = await listServerTools(everything.url, undefined);
    const toolbox = mcpToolBox(everything.url, undefined, tools, ['echo', 'trigger-long-running-operation']);
    expect(toolbox.tools().map((t) => t.name)).toEqual(['echo', 'trigger-long-running-operation']);
    const run = (tool: string, argsJson: string, more: Partial<RunRequest> = {}): RunRequest => ({ target: mcpTarget(everything.url, tool), argsJson, ...more });
    expect(await toolbox.call(run('echo', '{"message": "hi"}'))).toMatchObject({ content: 'Echo: hi', isError: false });
    const slow = '{"duration": 30, "steps": 30}';
    expect(await toolbox.call(run('trigger-long-running-operation', slow, { timeoutSeconds: 0.3 }))).toMatchObject({ isError: true, errorKind: 'timeout' });
    const abort = new AbortController();
    const cancelled = toolbox.call(run('trigger-long-running-operation', slow), { signal: abort.signal, onStarted: () => abort.abort() });
    expect(await cancelled).toMatchObject({ isError: true, errorKind: 'cancelled' });
    const silent = mcpToolBox('http://127.0.0.1:2/mcp', undefined, [{ name: 'ping' }]);
    expect(await silent.call({ target: mcpTarget('http://127.0.0.1:2/mcp', 'ping'), argsJson: '{}' })).toMatchObject({
      isError: true,
      errorKind: 'unreachable',
      content: 'http://127.0.0.1:2/mcp: connection refused (nothing listens there)',
    });
  });

  it("toolbox-editor test runs a saved case of the server's tool, as the app does", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-mcp-cases-'));
    cpSync(project, dir, { recursive: true });
    const cases = {
      version: 2,
      cases: [
        { name: 'echoes', mcp_server: everything.url, tool: 'echo', args: { message: 'saved' }, expect: { content: 'Echo: saved' } },
        { name: 'adds', mcp_server: everything.url, tool: 'get-sum', args: { a: 2, b: 3 }, expect: { contains: '5' } },
        { name: 'no such tool', mcp_server: everything.url, tool: 'nope', args: {}, expect: { error: true } },
      ],
    };
    writeFileSync(path.join(dir, 'registries', 'everything.tests.json'), JSON.stringify(cases));
    const { code, stdout } = await runCliIn(dir, ['test', 'registries/everything.hocon'], env());
    expect(stdout).toMatch(/^ok {4}echoes .*\nok {4}adds .*\nok {4}no such tool .*\n3 passed, 0 failed/);
    expect(code).toBe(0);
  });

  it('call --mcp URL echo runs the server\'s tool', async () => {
    const result = await runCliIn(project, ['call', '--mcp', everything.url, 'echo', '--args', '{"message": "hello from the test"}'], env());
    expect(result).toMatchObject({ code: 0, stdout: 'Echo: hello from the test\n' });
    const missing = await runCliIn(project, ['call', '--mcp', everything.url, 'no_such_tool'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/has no tool 'no_such_tool' \(it lists echo, /);
  });
});
