import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { isApiMethod, type ApiEvent, type ApiEventPayload } from '../../shared/api/contract';
import { RENDERER_CSP } from '../../shared/security/csp';
import { startApiThread } from '../api/apiThread';
import { RequestGuards } from './requestGuards';
import { serveStatic } from './staticFiles';

export interface WebServerOptions {
  /** 0 picks a free port. */
  port: number;
  cwd: string;
  initialFile: string | null;
  /** A folder to open as a project at start (`web DIR`). */
  initialProject?: string | null;
  stateDir: string;
  rendererDir: string;
  /** Fixed token (tests); a random one otherwise. */
  token?: string;
}

export interface RunningWebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024 * 1024;
const API_PREFIX = '/api/';
const EVENTS_PATH = '/api/events';

const securityHeaders = {
  'Content-Security-Policy': `${RENDERER_CSP}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  // The start URL carries the token: never send it to another site as a referrer.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/**
 * Browser mode: the same API as the desktop app, as `POST /api/<method>` (JSON body, JSON result) and a WebSocket at
 * `/api/events` for pushed events, plus the built renderer as static files. Bound to 127.0.0.1 only.
 */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  if (!existsSync(`${options.rendererDir}/index.html`)) {
    throw new Error(`The renderer is not built (${options.rendererDir}/index.html is missing): run \`npm run build\` first.`);
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  const sockets = new Set<WebSocket>();
  const emit = <E extends ApiEvent>(event: E, payload: ApiEventPayload<E>) => {
    const message = JSON.stringify({ event, payload });
    for (const socket of sockets) socket.send(message);
  };
  const api = startApiThread({
    mode: 'browser',
    cwd: options.cwd,
    initialFile: options.initialFile,
    initialProject: options.initialProject ?? null,
    stateDir: options.stateDir,
    emit,
  });

  // Listen first: the guards need the port the OS picked. Nothing can connect before the URL is printed anyway.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const guards = new RequestGuards(port, token);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: String(error) } });
      else res.destroy();
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isApi = url.pathname.startsWith(API_PREFIX);
    const refusal = guards.refusal(req, url, isApi);
    if (refusal) {
      const code = refusal.status === 401 ? 'unauthorized' : 'forbidden';
      return sendJson(res, refusal.status, { ok: false, error: { code, message: refusal.message } });
    }
    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
      if (await serveStatic(options.rendererDir, url.pathname, res, securityHeaders)) return;
      return sendText(res, 404, 'Not found');
    }
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'Use POST.' } });
    // A JSON content type forces a CORS preflight on cross-site requests, which we never answer.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { ok: false, error: { code: 'invalid_request', message: 'Send Content-Type: application/json.' } });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(await readBody(req));
    } catch (error) {
      return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: `Request body is not JSON: ${(error as Error).message}` } });
    }
    const method = decodeURIComponent(url.pathname.slice(API_PREFIX.length));
    if (!isApiMethod(method)) {
      return sendJson(res, 404, { ok: false, error: { code: 'unknown_method', message: `Unknown API method '${method}'.` } });
    }
    sendJsonText(res, 200, await api.dispatchJson(method, payload));
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = url.pathname === EVENTS_PATH ? guards.refusal(req, url, true) : { status: 404, message: 'Not found' };
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal.status} ${refusal.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
    });
  });

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      await api.dispose();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

function sendJsonText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...securityHeaders, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
