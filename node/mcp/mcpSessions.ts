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
import type { NotOfferedTool, ServedToolbox } from './servedToolbox';

const INSTRUCTIONS =
  'The tools of a neuro-san toolbox, run in a Python worker by Toolbox Editor. Each tool is offered with the ' +
  'description and argument schema neuro-san gives an LLM. A call may carry neuro-san\'s sly_data in _meta.sly_data; ' +
  'the result carries it back in _meta.sly_data.';

/**
 * The instructions a client gets at initialize: what the server is, and which tools of the toolbox it leaves out and
 * why — said where a client shows it, not only on the server's stderr, which MCP clients mostly do not show.
 */
function instructionsOf(notOffered: readonly NotOfferedTool[]): string {
  if (notOffered.length === 0) return INSTRUCTIONS;
  const lines = notOffered.map((t) => `- ${t.name}: ${t.reason}`);
  return `${INSTRUCTIONS}\n\nNot offered (neuro-san would refuse them, or their class did not load; the server's log has the whole message):\n${lines.join('\n')}`;
}

/** The logger name of the server's notifications/message. */
const LOGGER = 'toolbox-editor';

/**
 * An SDK server for one connection: tools/list and tools/call over the shared toolbox; announces list changes, and
 * tells the client each tool left out (its instructions at initialize; a `notifications/message` warning when it
 * has initialised, and again for a tool a later reading leaves out, such as a LangChain class that does not load once
 * the first call has started the Python).
 */
export function mcpSession(served: ServedToolbox): Server {
  const server = new Server(
    { name: 'toolbox-editor', version: APP_VERSION },
    { capabilities: { tools: { listChanged: true }, logging: {} }, instructions: instructionsOf(served.notOffered) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: served.tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    served.call(request.params.name, request.params.arguments, { signal: extra.signal, ...(request.params._meta ? { meta: request.params._meta } : {}) }),
  );
  let initialized = false;
  const tell = (tools: readonly NotOfferedTool[]) => {
    for (const t of tools) {
      server.sendLoggingMessage({ level: 'warning', logger: LOGGER, data: `not offered: ${t.name}: ${t.reason}` }, server.transport?.sessionId).catch(() => undefined);
    }
  };
  server.oninitialized = () => {
    initialized = true;
    tell(served.notOffered);
  };
  const stopList = served.onToolsChanged(() => {
    if (initialized) server.sendToolListChanged().catch(() => undefined);
  });
  const stopLeft = served.onNotOffered((added) => {
    if (initialized) tell(added);
  });
  server.onclose = () => {
    stopList();
    stopLeft();
  };
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
  /** How many sessions are open now (at most `maxSessions`). */
  openSessions(): number;
  close(): Promise<void>;
}

/** Where the MCP endpoint is served. */
export const MCP_PATH = '/mcp';

/** A request body cap for MCP messages: a tool's arguments, never a file. */
const MAX_MCP_BODY_BYTES = 4 * 1024 * 1024;

/**
 * How many sessions are kept at once, and how long one nobody uses is kept. Each session holds an SDK server and its
 * transport (about 43 KB: 3,000 took 128 MB), and a client that goes away without a DELETE leaves its session behind.
 * 64 is far more than the clients one person points at a local server (an IDE, a chat app, MCP Inspector, each
 * holding one) and keeps them to a few MB. 30 minutes outlasts a pause between prompts; a client that comes back
 * later gets 404 and initialises again, as the Streamable HTTP transport says it must.
 */
export const DEFAULT_SESSION_LIMITS = { maxSessions: 64, idleMs: 30 * 60_000 };

export interface HttpServeOptions {
  port: number;
  token?: string;
  log: (line: string) => void;
  /** At most this many sessions at once (DEFAULT_SESSION_LIMITS). */
  maxSessions?: number;
  /** A session with no request for this long is closed (DEFAULT_SESSION_LIMITS). */
  idleMs?: number;
}

/** One client's session: its SDK server and transport, and when it was last used (requests in flight keep it in use). */
interface HttpSession {
  server: Server;
  transport: StreamableHTTPServerTransport;
  lastUsed: number;
  inFlight: number;
}

/**
 * Serves Streamable HTTP at http://127.0.0.1:PORT/mcp (port 0: a free one). Every request needs the token as
 * `Authorization: Bearer TOKEN` and our own Host (and Origin, when one is sent): as browser mode, any web page the user
 * visits can reach 127.0.0.1.
 *
 * Sessions are bounded (DEFAULT_SESSION_LIMITS): one unused for `idleMs` is closed, and a request naming it (or any
 * session not open) is answered 404, so its client initialises again. When `maxSessions` are open, a new client takes
 * the place of the session used least recently among those with no request in flight (an abandoned one, most
 * likely, and its client can come back): refusing instead would lock every new client out for `idleMs` once a client
 * that forgets its sessions had filled the table. Only when every session has a request or stream open is an
 * initialisation refused (503, a JSON-RPC error). Closing a session closes its transport and its server.
 */
export async function serveHttp(served: ServedToolbox, options: HttpServeOptions): Promise<RunningHttpServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const maxSessions = options.maxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions;
  const idleMs = options.idleMs ?? DEFAULT_SESSION_LIMITS.idleMs;
  const sessions = new Map<string, HttpSession>();
  /** Initialisations under way: counted against the cap before their session has an id. */
  let opening = 0;
  const http = createServer();
  http.requestTimeout = DEFAULT_REQUEST_LIMITS.requestTimeoutMs;
  http.headersTimeout = DEFAULT_REQUEST_LIMITS.headersTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const guards = new RequestGuards(port, token);

  const refuse = (res: ServerResponse, status: number, message: string, id: unknown = null) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id }));
  };

  /** Closes a session: its server, and with it its transport (whose onclose takes it out of the table). */
  const closeSession = (id: string, session: HttpSession) => {
    sessions.delete(id);
    void session.server.close().catch(() => undefined);
  };
  const idle = (session: HttpSession, now: number) => session.inFlight === 0 && now - session.lastUsed >= idleMs;
  const closeIdle = () => {
    const now = Date.now();
    for (const [id, session] of sessions) if (idle(session, now)) closeSession(id, session);
  };
  // Checked at least every minute (more often for a shorter idle time); the timer does not keep the process alive.
  const sweep = setInterval(closeIdle, Math.max(10, Math.min(idleMs, 60_000)));
  sweep.unref();

  /** Makes room for one more session: false when every open one is in use. */
  const roomForOne = (): boolean => {
    closeIdle();
    if (sessions.size + opening < maxSessions) return true;
    let oldest: [string, HttpSession] | undefined;
    for (const entry of sessions) if (entry[1].inFlight === 0 && (oldest === undefined || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    if (oldest === undefined) return false;
    closeSession(...oldest);
    return sessions.size + opening < maxSessions;
  };

  /** Runs a request of a session, which is in use until its response (a stream, for GET) ends. */
  const inSession = (session: HttpSession, res: ServerResponse, handle: () => Promise<void>) => {
    session.inFlight++;
    session.lastUsed = Date.now();
    res.once('close', () => {
      session.inFlight--;
      session.lastUsed = Date.now();
    });
    return handle();
  };

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    if (!roomForOne()) {
      options.log(`MCP: refused a new session: all ${maxSessions} sessions have a request or stream open.`);
      return refuse(res, 503, `Too many sessions: all ${maxSessions} are in use. Close one (DELETE) or try again later.`, (body as { id?: unknown }).id ?? null);
    }
    opening++;
    const server = mcpSession(served);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const session: HttpSession = { server, transport, lastUsed: Date.now(), inFlight: 0 };
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.get(id) === session) sessions.delete(id);
    };
    try {
      await server.connect(transport);
      await inSession(session, res, () => transport.handleRequest(req, res, body));
    } finally {
      opening--;
      // An initialisation the transport refused (a bad protocol version) opened nothing: its server goes now.
      if (transport.sessionId === undefined || sessions.get(transport.sessionId) !== session) void server.close().catch(() => undefined);
    }
  };

  /** The open session a request names, or undefined (none, or one unused too long: it is closed now). */
  const sessionOf = (id: string | undefined): HttpSession | undefined => {
    const session = id === undefined ? undefined : sessions.get(id);
    if (session === undefined || !idle(session, Date.now())) return session;
    closeSession(id!, session);
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = requestUrl(req);
    if (url.pathname !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    const refusal = guards.refusal(req, url, true);
    if (refusal) return refuse(res, refusal.status, refusal.message);
    const header = req.headers['mcp-session-id'];
    const sessionId = typeof header === 'string' ? header : undefined;
    const known = sessionOf(sessionId);
    if (req.method === 'POST') {
      const text = await readBody(req, { ...DEFAULT_REQUEST_LIMITS, maxBodyBytes: MAX_MCP_BODY_BYTES });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(res, 400, 'Parse error: the body is not JSON.');
      }
      if (known) return inSession(known, res, () => known.transport.handleRequest(req, res, body));
      if (header !== undefined) return refuse(res, 404, 'Session not found (closed, or unused too long): initialize again.');
      if (!isInitializeRequest(body)) return refuse(res, 400, 'Bad request: no session; the first request must be initialize.');
      return openSession(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!known) return refuse(res, 404, 'Session not found (closed, or unused too long): initialize again.');
      return inSession(known, res, () => known.transport.handleRequest(req, res));
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
    openSessions: () => sessions.size,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((s) => s.server.close().catch(() => undefined)));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
