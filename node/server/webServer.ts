import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Duplex } from 'node:stream';
import { isApiMethod, unknownMethodResult, type ApiEvent, type ApiEventPayload } from '../../shared/api/index';
import { requestDepthProblem } from '../../shared/api/index';
import { RENDERER_CSP } from '../../shared/security/csp';
import { startApiThread } from '../api/apiThread';
import { serveFavicon } from './favicon';
import { RequestGuards } from './requestGuards';
import { DEFAULT_REQUEST_LIMITS, decodePathPart, readBody, RequestRefused, requestUrl, type RequestLimits } from './requestLimits';
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
  /** The environment tool runs see (`web --pythonpath`); this process's by default. */
  env?: Record<string, string | undefined>;
  /** Body cap and timeouts; the defaults are documented in requestLimits.ts. */
  limits?: Partial<RequestLimits>;
}

export interface RunningWebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

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
    ...(options.env ? { env: options.env } : {}),
    emit,
  });

  // Listen first: the guards need the port the OS picked. Nothing can connect before the URL is printed anyway.
  const limits: RequestLimits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    // How often Node looks for requests past their timeout: often enough that a short test limit is honoured.
    connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const guards = new RequestGuards(port, token);

  // One guard around every request: whatever a request holds, it gets an answer (400 for what it got wrong, 500 with
  // no detail for our own failure) and the server keeps serving.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof RequestRefused) {
        // The rest of a refused body is not worth reading: answer and close the connection.
        res.setHeader('Connection', 'close');
        sendJson(res, error.status, { ok: false, error: { code: 'invalid_request', message: error.message } });
        return;
      }
      sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'Internal error while handling the request.' } });
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const isApi = url.pathname.startsWith(API_PREFIX);
    const refusal = guards.refusal(req, url, isApi);
    if (refusal) {
      const code = refusal.status === 401 ? 'unauthorized' : 'forbidden';
      return sendJson(res, refusal.status, { ok: false, error: { code, message: refusal.message } });
    }
    if (!isApi) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');
      if (await serveStatic(options.rendererDir, url.pathname, res, securityHeaders)) return;
      if (serveFavicon(url.pathname, req.method, res, securityHeaders)) return;
      return sendText(res, 404, 'Not found');
    }
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid_request', message: 'Use POST.' } });
    // A JSON content type forces a CORS preflight on cross-site requests, which we never answer.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { ok: false, error: { code: 'invalid_request', message: 'Send Content-Type: application/json.' } });
    }
    const method = decodePathPart(url.pathname.slice(API_PREFIX.length));
    const body = await readBody(req, limits);
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch (error) {
      return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: `Request body is not JSON: ${(error as Error).message}` } });
    }
    if (!isApiMethod(method)) {
      return sendJson(res, 404, unknownMethodResult(method.slice(0, 100)));
    }
    const tooDeep = requestDepthProblem(payload);
    if (tooDeep) return sendJson(res, 400, { ok: false, error: { code: 'invalid_request', message: tooDeep } });
    sendJsonText(res, 200, await api.dispatchJson(method, payload));
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection reset while we answer must not become an uncaught 'error' event.
    socket.on('error', () => socket.destroy());
    try {
      const url = requestUrl(req);
      const refusal = url.pathname === EVENTS_PATH ? guards.refusal(req, url, true) : { status: 404, message: 'Not found' };
      if (refusal) return refuseUpgrade(socket, refusal.status);
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        ws.on('close', () => sockets.delete(ws));
        ws.on('error', () => sockets.delete(ws));
      });
    } catch (error) {
      refuseUpgrade(socket, error instanceof RequestRefused ? error.status : 500);
    }
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

const reasons: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' };

function refuseUpgrade(socket: Duplex, status: number): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
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
