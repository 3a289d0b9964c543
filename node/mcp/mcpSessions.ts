/**
 * The wire side of `toolbox-editor mcp`: one SDK `Server` per client connection over the toolbox every connection
 * shares (servedToolbox.ts), on stdio or on Streamable HTTP bound to 127.0.0.1 and guarded by a token.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, isInitializeRequest, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { APP_VERSION } from '../../shared/version';
import { errorMessage } from '../../shared/errorMessage';
import { RequestGuards } from '../server/requestGuards';
import { DEFAULT_REQUEST_LIMITS, readBody, RequestRefused, requestUrl } from '../server/requestLimits';
import type { ServedToolbox } from './servedToolbox';

const INSTRUCTIONS =
  'The tools of a neuro-san toolbox, run in a Python worker by Toolbox Editor. Each tool is offered with the ' +
  'description and argument schema neuro-san gives an LLM. A call may carry neuro-san\'s sly_data in _meta.sly_data; ' +
  'the result carries it back in _meta.sly_data.';

/** An SDK server for one connection: tools/list and tools/call over the shared toolbox; announces list changes. */
export function mcpSession(served: ServedToolbox): Server {
  const server = new Server({ name: 'toolbox-editor', version: APP_VERSION }, { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    served.call(request.params.name, request.params.arguments, { signal: extra.signal, ...(request.params._meta ? { meta: request.params._meta } : {}) }),
  );
  let initialized = false;
  server.oninitialized = () => {
    initialized = true;
  };
  const stop = served.onToolsChanged(() => {
    if (initialized) server.sendToolListChanged().catch(() => undefined);
  });
  server.onclose = () => stop();
  return server;
}

/** Serves over the process's stdio (or the given streams); resolves when the client closes the connection. */
export async function serveStdio(served: ServedToolbox, stdin?: Readable, stdout?: Writable): Promise<void> {
  const server = mcpSession(served);
  const closed = new Promise<void>((resolve) => {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  await server.connect(new StdioServerTransport(stdin, stdout));
  // The client going away closes stdin; the transport does not notice that on its own.
  (stdin ?? process.stdin).once('end', () => void server.close());
  await closed;
}

export interface RunningHttpServer {
  /** `http://127.0.0.1:PORT/mcp` */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Where the MCP endpoint is served. */
export const MCP_PATH = '/mcp';

/** A request body cap for MCP messages: a tool's arguments, never a file. */
const MAX_MCP_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves Streamable HTTP at http://127.0.0.1:PORT/mcp (port 0: a free one). Every request needs the token as
 * `Authorization: Bearer TOKEN` and our own Host (and Origin, when one is sent): as browser mode, any web page the user
 * visits can reach 127.0.0.1.
 */
export async function serveHttp(served: ServedToolbox, options: { port: number; token?: string; log: (line: string) => void }): Promise<RunningHttpServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer();
  http.requestTimeout = DEFAULT_REQUEST_LIMITS.requestTimeoutMs;
  http.headersTimeout = DEFAULT_REQUEST_LIMITS.headersTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const guards = new RequestGuards(port, token);

  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = requestUrl(req);
    if (url.pathname !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    const refusal = guards.refusal(req, url, true);
    if (refusal) return refuse(res, refusal.status, refusal.message);
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (req.method === 'POST') {
      const text = await readBody(req, { ...DEFAULT_REQUEST_LIMITS, maxBodyBytes: MAX_MCP_BODY_BYTES });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(res, 400, 'Parse error: the body is not JSON.');
      }
      if (known) return known.handleRequest(req, res, body);
      if (sessionId !== undefined) return refuse(res, 404, 'Session not found: initialize again.');
      if (!isInitializeRequest(body)) return refuse(res, 400, 'Bad request: no session; the first request must be initialize.');
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await mcpSession(served).connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!known) return refuse(res, 404, 'Session not found: initialize again.');
      return known.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return refuse(res, 405, 'Method not allowed.');
  };

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof RequestRefused) {
        if (!res.headersSent) refuse(res, error.status, error.message);
        else res.end();
        return;
      }
      options.log(`MCP request failed: ${errorMessage(error)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.end();
    });
  });
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    port,
    token,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
