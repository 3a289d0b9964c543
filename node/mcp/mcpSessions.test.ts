import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, type RunningHttpServer } from './mcpSessions';
import type { ServedToolbox } from './servedToolbox';

// The Streamable HTTP side of `toolbox-editor mcp --http`, over a toolbox that answers at once (no Python): what it
// keeps per client. A client that never says goodbye must not make the server grow without end.
let toolsChangedListeners = 0;
const served = {
  tools: [{ name: 'greet', description: 'Greets.', inputSchema: { type: 'object', properties: {} } }],
  call: async () => ({ content: [{ type: 'text', text: 'hello' }] }),
  onToolsChanged: () => {
    toolsChangedListeners++;
    return () => void toolsChangedListeners--;
  },
  notOffered: [],
  onNotOffered: () => () => undefined,
} as unknown as ServedToolbox;

const running: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function serve(limits: { maxSessions?: number; idleMs?: number }): Promise<RunningHttpServer & { lines: string[] }> {
  const lines: string[] = [];
  const server = await serveHttp(served, { port: 0, token: 'secret', log: (line) => void lines.push(line), ...limits });
  running.push(server);
  return Object.assign(server, { lines });
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer secret' };

/** POSTs one JSON-RPC message (in a session, when given); the status, the session the server names, and the body. */
async function post(server: RunningHttpServer, message: object, session?: string) {
  const response = await fetch(server.url, { method: 'POST', headers: { ...HEADERS, ...(session ? { 'mcp-session-id': session } : {}) }, body: JSON.stringify(message) });
  return { status: response.status, session: response.headers.get('mcp-session-id') ?? undefined, text: await response.text() };
}

const initialize = (id = 1) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } });
const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };

async function newSession(server: RunningHttpServer): Promise<string> {
  const answer = await post(server, initialize());
  expect(answer.status).toBe(200);
  return answer.session!;
}

describe('toolbox-editor mcp --http sessions', () => {
  it('keeps at most maxSessions: the one used least recently makes room, and a request in it gets 404', async () => {
    const server = await serve({ maxSessions: 4 });
    const listening = toolsChangedListeners;
    const first = await newSession(server);
    const others = [];
    for (let i = 0; i < 3; i++) others.push(await newSession(server));
    // The first is used again: the second is now the one used least recently.
    expect((await post(server, ping, first)).status).toBe(200);
    for (let i = 0; i < 10; i++) await newSession(server);
    expect(server.openSessions()).toBe(4);
    expect((await post(server, ping, others[0])).status).toBe(404);
    expect((await post(server, ping, others[0])).text).toContain('initialize again');
    // Each closed session's server stopped listening for tool-list changes: only the 4 open ones still do.
    expect(toolsChangedListeners - listening).toBe(4);
  });

  it('closes a session unused for idleMs, answers 404 for it, and a new initialize works', async () => {
    const server = await serve({ idleMs: 150 });
    const session = await newSession(server);
    expect((await post(server, ping, session)).status).toBe(200);
    await expect.poll(() => server.openSessions(), { timeout: 5000 }).toBe(0);
    expect((await post(server, ping, session)).status).toBe(404);
    expect((await post(server, ping, await newSession(server))).status).toBe(200);
  });

  it('keeps a session whose client listens on its stream, and refuses a new one when every session is in use', async () => {
    const server = await serve({ maxSessions: 3, idleMs: 150 });
    const clients: Client[] = [];
    const listen = async () => {
      const client = new Client({ name: `listener-${clients.length}`, version: '0' });
      clients.push(client);
      // The SDK's client opens the GET stream after initializing, and holds it.
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: 'Bearer secret' } } }));
    };
    try {
      await listen();
      await listen();
      await newSession(server);
      // The session nobody listens on expires; the two with a stream open stay, however long they wait.
      await expect.poll(() => server.openSessions(), { timeout: 5000 }).toBe(2);
      expect((await clients[0]!.listTools()).tools.map((t) => t.name)).toEqual(['greet']);
      await listen();
      const refused = await post(server, initialize(7));
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.text)).toMatchObject({ id: 7, error: { message: 'Too many sessions: all 3 are in use. Close one (DELETE) or try again later.' } });
      expect(server.lines).toEqual(['MCP: refused a new session: all 3 sessions have a request or stream open.']);
      expect(server.openSessions()).toBe(3);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('a DELETE closes the session, its server with it', async () => {
    const server = await serve({});
    const session = await newSession(server);
    const before = toolsChangedListeners;
    const deleted = await fetch(server.url, { method: 'DELETE', headers: { ...HEADERS, 'mcp-session-id': session } });
    expect(deleted.status).toBe(200);
    expect(server.openSessions()).toBe(0);
    expect(toolsChangedListeners).toBe(before - 1);
    expect((await post(server, ping, session)).status).toBe(404);
  });
});
