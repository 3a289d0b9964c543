import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry } from '../testSupport/bundleEntry';
import { fixturesPythonDir, liveProcesses } from '../python/testFixtures';
import { appRoot } from '../paths';

// `toolbox-editor mcp` as it ships (bin.ts bundled from the current sources), driven by clients nobody here wrote:
// MCP Inspector's command line, and the SDK's own client for what the Inspector's CLI cannot do (cancel, listen).
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-mcp-'));
const bundle = path.join(dir, 'toolbox-editor.cjs');
const fixture = path.join(appRoot(), 'fixtures', 'mcp', 'toolbox_info.hocon');
const inspector = path.join(appRoot(), 'node_modules', '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');
const serverArgs = (file = fixture, ...more: string[]) => ['mcp', file, '--no-default', '--pythonpath', fixturesPythonDir(), ...more];

beforeAll(async () => {
  await bundleEntry(path.join(here, '..', 'cli', 'bin.ts'), bundle, new URL('../../node/cli/x.cjs', import.meta.url));
}, 60_000);

/** Runs MCP Inspector's CLI; resolves with its exit code and what it printed (its JSON answer on stdout). */
function inspectorCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [inspector, '--cli', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const overStdio = (...args: string[]) => inspectorCli([process.execPath, bundle, ...serverArgs(), ...args]);

/** The pids of running `sleep SECONDS` processes (Linux /proc; none elsewhere). */
const sleepsOf = (seconds: number): number[] => liveProcesses((argv) => argv[0] === 'sleep' && argv[1] === String(seconds));

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function sdkClient(args: string[]): Promise<Client> {
  const client = new Client({ name: 'toolbox-editor-test', version: '0' });
  clients.push(client);
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bundle, ...args], stderr: 'ignore' }));
  return client;
}

describe("toolbox-editor mcp, seen by MCP Inspector's CLI", () => {
  it('lists the toolbox\'s tools with the schema neuro-san gives an LLM, and leaves out what neuro-san refuses', async () => {
    const { code, stdout } = await overStdio('--method', 'tools/list');
    expect(code).toBe(0);
    const tools = (JSON.parse(stdout) as { tools: { name: string; description: string; inputSchema: Record<string, unknown> }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(['greet', 'spawn_sleep', 'count_calls']);
    expect(tools[0]).toMatchObject({
      description: 'Greets someone by name.',
      inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'Who to greet' } }, required: ['name'] },
    });
    // neuro-san's "int" and "bool" as the JSON Schema its converter makes of them; "wait" is not required.
    expect(tools[1]!.inputSchema).toEqual({
      type: 'object',
      properties: {
        seconds: { type: 'integer', description: 'How long' },
        wait: { anyOf: [{ type: 'boolean' }, { type: 'null' }], default: null },
      },
      required: ['seconds'],
    });
  });

  it("calls a tool and gets the Python class's answer", async () => {
    const { code, stdout } = await overStdio('--method', 'tools/call', '--tool-name', 'greet', '--tool-arg', 'name=Ada');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false });
  });

  it.skipIf(process.platform !== 'linux')('stops a call past its timeout and leaves none of its processes running', async () => {
    const seconds = 90 + Math.floor(Math.random() * 100);
    // 8 s: on a loaded machine starting the worker and its child took more than 3 s, and the call timed out first.
    const call = inspectorCli([process.execPath, bundle, ...serverArgs(fixture, '--timeout', '8'), '--method', 'tools/call', '--tool-name', 'spawn_sleep', '--tool-arg', `seconds=${seconds}`, 'wait=true']);
    // Seen running first: otherwise the test would pass with no child at all.
    await expect.poll(() => sleepsOf(seconds).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const { stdout } = await call;
    expect(JSON.parse(stdout)).toMatchObject({ isError: true, content: [{ text: 'timed out after 8 s' }] });
    await expect.poll(() => sleepsOf(seconds), { timeout: 5000 }).toEqual([]);
  });
});

describe('toolbox-editor mcp with an MCP client of the SDK', () => {
  it.skipIf(process.platform !== 'linux')('a cancelled call (notifications/cancelled) is stopped, its processes killed, and the next call runs', async () => {
    const client = await sdkClient(serverArgs());
    const seconds = 200 + Math.floor(Math.random() * 100);
    const abort = new AbortController();
    const call = client.callTool({ name: 'spawn_sleep', arguments: { seconds, wait: true } }, undefined, { signal: abort.signal });
    await expect.poll(() => sleepsOf(seconds).length, { timeout: 10_000 }).toBeGreaterThan(0);
    abort.abort('the user changed their mind');
    await expect(call).rejects.toThrow();
    await expect.poll(() => sleepsOf(seconds), { timeout: 5000 }).toEqual([]);
    expect(await client.callTool({ name: 'greet', arguments: { name: 'Bo' } })).toMatchObject({ content: [{ text: 'Hello, Bo!' }] });
  });

  it('takes sly_data from --sly-data, or from the request\'s _meta, and gives back what the tool left in it', async () => {
    const slyFile = path.join(dir, 'sly.json');
    writeFileSync(slyFile, '{"calls": 41}');
    const client = await sdkClient(serverArgs(fixture, '--sly-data', slyFile));
    const fromFile = await client.callTool({ name: 'count_calls', arguments: {} });
    expect(fromFile).toMatchObject({ content: [{ text: '42' }], _meta: { sly_data: { calls: 42 } } });
    const fromMeta = await client.callTool({ name: 'count_calls', arguments: { tag: 't' }, _meta: { sly_data: { calls: 1 } } });
    expect(fromMeta).toMatchObject({ content: [{ text: '2' }], _meta: { sly_data: { calls: 2, seen: 't' } } });
  });

  it('checks arguments against the schema it publishes: null for an optional one passes, a missing required one not', async () => {
    const client = await sdkClient(serverArgs());
    expect(await client.callTool({ name: 'count_calls', arguments: { tag: null } })).toMatchObject({ isError: false, content: [{ text: '1' }] });
    const missing = await client.callTool({ name: 'greet', arguments: {} });
    expect(missing).toMatchObject({ isError: true, _meta: { errorKind: 'validation' } });
    expect((missing as { content: { text: string }[] }).content[0]!.text).toContain("must have required property 'name'");
  });

  it('answers a call whose argument is nested 100,000 deep with an error, and serves the next call', async () => {
    const client = new Client({ name: 'toolbox-editor-test', version: '0' });
    clients.push(client);
    // The SDK's client cannot write such a value itself (JSON.stringify overflows the stack past a few thousand
    // levels): the deep argument goes out as text, in place of a marker, so the server reads what a hostile client sends.
    const depth = 100_000;
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const transport = new StdioClientTransport({ command: process.execPath, args: [bundle, ...serverArgs()], stderr: 'ignore' });
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      const text = JSON.stringify(message);
      if (!text.includes('"DEEP"')) return send(message);
      (transport as unknown as { _process: { stdin: NodeJS.WritableStream } })._process.stdin.write(`${text.replace('"DEEP"', deep)}\n`);
    };
    await client.connect(transport);
    for (const name of ['count_calls', 'greet']) {
      const answer = (await client.callTool({ name, arguments: { tag: 'DEEP', name: 'DEEP' } })) as { isError?: boolean; content: { text: string }[] };
      expect(answer.isError).toBe(true);
      expect(answer.content[0]!.text).toContain('nest deeper than 100 levels of JSON objects and arrays: the call was not made.');
    }
    expect(await client.callTool({ name: 'greet', arguments: { name: 'Bo' } })).toMatchObject({ content: [{ text: 'Hello, Bo!' }] });
  });

  it('announces an edit of the file (notifications/tools/list_changed) and lists the new tools', async () => {
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'tbe-mcp-edit-')), 'toolbox_info.hocon');
    copyFileSync(fixture, copy);
    const client = await sdkClient(serverArgs(copy));
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('greet_again');
    const text = readFileSync(copy, 'utf8');
    writeFileSync(copy, text.replace(/}\s*$/, '  "greet_again": { "class": "fixture_tools.echo.Greet", "description": "Greets again." }\n}\n'));
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('greet_again');
  });

  // Issue #34: a change to the project's .env reaches a running session, as an edit of the file does.
  it("reads the file again when the project's .env changes, and announces the new description", async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'tbe-mcp-env-'));
    mkdirSync(path.join(project, 'registries'));
    const file = path.join(project, 'toolbox_info.hocon');
    // neuro-san-studio's pattern: a value, then the same key from the environment when it is set.
    writeFileSync(file, '{\n  "greet": {\n    "class": "fixture_tools.echo.Greet",\n    "description": "Greets someone.",\n    "description": ${?GREET_DESCRIPTION},\n    "parameters": { "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }\n  }\n}\n');
    const client = await sdkClient(serverArgs(file));
    expect((await client.listTools()).tools.map((t) => t.description)).toEqual(['Greets someone.']);
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    writeFileSync(path.join(project, '.env'), 'GREET_DESCRIPTION=Greets someone by the name given.\n');
    await changed;
    expect((await client.listTools()).tools.map((t) => t.description)).toEqual(['Greets someone by the name given.']);
  });

  // Issue 34: the reasons went to the server's stderr only, which MCP clients do not show.
  it('tells the client which tools it leaves out and why: in its instructions, then as warnings, and again for a class that does not load', async () => {
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'tbe-mcp-left-')), 'toolbox_info.hocon');
    writeFileSync(copy, readFileSync(fixture, 'utf8').replace(/}\s*$/, '  "no_class": { "class": "fake_langchain.not_there.Nothing" }\n}\n'));
    const client = new Client({ name: 'toolbox-editor-test', version: '0' });
    clients.push(client);
    const warnings: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void (n.params.level === 'warning' && warnings.push(String(n.params.data))));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bundle, ...serverArgs(copy)], stderr: 'ignore' }));
    const refused = "not offered: refused: Unrecognized type 'str' for field 'n'. neuro-san raises this when an agent offers the tool to the LLM.";
    expect(client.getServerCapabilities()?.logging).toEqual({});
    expect(client.getInstructions()).toContain('Not offered (neuro-san would refuse them, or their class did not load');
    expect(client.getInstructions()).toContain("\n- refused: Unrecognized type 'str' for field 'n'.");
    await expect.poll(() => warnings.filter((w) => w.startsWith(refused)).length).toBe(1);
    // Listed from the toolbox until a call starts the Python; then its class is loaded, and does not load.
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('no_class');
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    expect(await client.callTool({ name: 'greet', arguments: { name: 'Al' } })).toMatchObject({ isError: false });
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('no_class');
    await expect
      .poll(() => warnings.find((w) => w.startsWith('not offered: no_class: its class did not load: Class fake_langchain.not_there.Nothing not found in PYTHONPATH')))
      .toBeDefined();
    // Each reason once: the refused entry is not said again.
    expect(warnings.filter((w) => w.startsWith(refused))).toHaveLength(1);
  });

  it("a tool whose module imports a package not installed: tools/call leads with that, as call and test do", async () => {
    const client = await sdkClient(['mcp', path.join(appRoot(), 'fixtures', 'import_failure', 'toolbox', 'toolbox_info.hocon')]);
    const answer = (await client.callTool({ name: 'report', arguments: { topic: 'sales' } })) as { isError?: boolean; content: { text: string }[]; _meta?: { errorKind?: string } };
    expect(answer).toMatchObject({ isError: true, _meta: { errorKind: 'load' } });
    expect(answer.content[0]!.text.split('\n')[0]).toMatch(
      /^Class report\.Report cannot be loaded: coded_tools\/report_format\.py, line 3, imports 'tbe_fixture_not_installed', which is not installed for \S+\.$/,
    );
    expect(await client.callTool({ name: 'greet', arguments: {} })).toMatchObject({ isError: false, content: [{ text: 'hello' }] });
  });
});

describe('toolbox-editor mcp --http', () => {
  it('serves Streamable HTTP on 127.0.0.1 to a client with the token, and refuses one without', async () => {
    const server = spawn(process.execPath, [bundle, ...serverArgs(fixture, '--http', '0')], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TOOLBOX_EDITOR_MCP_TOKEN: '' } });
    try {
      let printed = '';
      server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      await expect.poll(() => /Bearer (\S+)/.test(printed), { timeout: 15_000 }).toBe(true);
      const url = /Toolbox Editor MCP: (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(printed)![1]!;
      const token = /Bearer (\S+)/.exec(printed)![1]!;
      const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } };
      const post = (headers: Record<string, string>) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
      expect((await post({})).status).toBe(401);
      expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await post({ authorization: `Bearer ${token}`, origin: 'http://evil.example' })).status).toBe(403);
      const { code, stdout } = await inspectorCli([url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, '--method', 'tools/call', '--tool-name', 'greet', '--tool-arg', 'name=Cy']);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ content: [{ text: 'Hello, Cy!' }] });
    } finally {
      server.kill('SIGTERM');
    }
  });
});
