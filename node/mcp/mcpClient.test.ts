import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerSettings } from '../../shared/mcp/index';
import { listServerTools, MAX_MCP_LIST_PAGES, MAX_MCP_LIST_TOOLS, McpUnreachable, requestHeaders } from './mcpClient';

const source = { variables: [], literal: false };
const where = { source: { name: 'mcp_info.hocon' }, start: 0, end: 0 } as unknown as McpServerSettings['where'];
const url = 'https://mcp.example.com/mcp';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A token endpoint on 127.0.0.1 that records what it was sent. */
async function tokenEndpoint(): Promise<{ url: string; seen: { headers: IncomingMessage['headers']; body: string }[] }> {
  const seen: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'granted-token', token_type: 'Bearer' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, seen };
}

describe('the headers neuro-san sends an MCP server', () => {
  const fileHeaders: McpServerSettings = { url, where, headers: [{ name: 'Authorization', value: 'Bearer from-file', ...source }], filter: null };

  it("takes sly_data's http_headers for the URL first, then the MCP info file's", async () => {
    expect(await requestHeaders(url, fileHeaders, { slyData: { http_headers: { [url]: { Authorization: 'Bearer from-sly' } } } })).toEqual({ Authorization: 'Bearer from-sly' });
    expect(await requestHeaders(url, fileHeaders, { slyData: { http_headers: { 'https://other/mcp': { A: 'b' } } } })).toEqual({ Authorization: 'Bearer from-file' });
    expect(await requestHeaders(url, undefined)).toEqual({});
  });

  it('without headers, asks the token endpoint with the client credentials (client_secret_basic, then _post)', async () => {
    const endpoint = await tokenEndpoint();
    const credentials = { clientId: 'app', clientIdSource: source, clientSecret: 's3', clientSecretSource: source, scope: 'read' };
    const basic: McpServerSettings = { url, where, headers: [], tokenEndpoint: endpoint.url, filter: null, clientCredentials: { ...credentials, authMethod: 'client_secret_basic' } };
    expect(await requestHeaders(url, basic)).toEqual({ Authorization: 'Bearer granted-token' });
    expect(endpoint.seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('app:s3').toString('base64')}`);
    expect(new URLSearchParams(endpoint.seen[0]!.body).toString()).toBe('grant_type=client_credentials&scope=read');
    const post: McpServerSettings = { ...basic, clientCredentials: { ...credentials, authMethod: 'client_secret_post' } };
    await requestHeaders(url, post);
    expect(endpoint.seen[1]!.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(endpoint.seen[1]!.body))).toEqual({ grant_type: 'client_credentials', scope: 'read', client_id: 'app', client_secret: 's3' });
  });
});

/**
 * A Streamable HTTP MCP server on 127.0.0.1 that answers in plain JSON, whose `tools/list` gives `perPage` tools a
 * page and another cursor until `pages` (never, by default); it counts the pages it was asked for.
 */
async function pagingServer(perPage: number, pages = Infinity): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  const server = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { cursor?: string; protocolVersion?: string } };
      if (message.id === undefined) return void res.writeHead(202).end();
      let result: unknown;
      if (message.method === 'initialize') {
        result = { protocolVersion: message.params!.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'endless', version: '1' } };
      } else if (message.method === 'tools/list') {
        const page = Number(message.params?.cursor ?? 0);
        asked++;
        const tools = Array.from({ length: perPage }, (_, i) => ({ name: `tool_${page}_${i}`, inputSchema: { type: 'object' } }));
        result = { tools, ...(page + 1 < pages ? { nextCursor: String(page + 1) } : {}) };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, asked: () => asked };
}

describe("a server's tool list", () => {
  it('is read page by page to its end', async () => {
    const server = await pagingServer(3, 4);
    expect((await listServerTools(server.url, undefined)).map((t) => t.name)).toHaveLength(12);
    expect(server.asked()).toBe(4);
  });

  it('stops, with the reason, when a server always sends another cursor', async () => {
    const server = await pagingServer(1);
    const listing = listServerTools(server.url, undefined);
    await expect(listing).rejects.toThrow(McpUnreachable);
    await expect(listing).rejects.toThrow(`its tool list did not end: still another page after ${MAX_MCP_LIST_PAGES} pages (${MAX_MCP_LIST_PAGES} tools); the editor reads at most ${MAX_MCP_LIST_PAGES} pages`);
    expect(server.asked()).toBe(MAX_MCP_LIST_PAGES);
  }, 60_000);

  it('stops at the page that takes it past the tools the editor reads', async () => {
    const server = await pagingServer(3000);
    await expect(listServerTools(server.url, undefined)).rejects.toThrow(`it lists more than ${MAX_MCP_LIST_TOOLS} tools (12000 in its first 4 pages)`);
    expect(server.asked()).toBe(4);
  });
});
