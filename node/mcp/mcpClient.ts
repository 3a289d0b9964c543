/**
 * The project's MCP servers asked as neuro-san asks them: Streamable HTTP only (neuro-san's `transport:
 * "streamable_http"`), with the headers sly_data gives for the URL (`http_headers[url]`), else the MCP info file's,
 * else a bearer token from OAuth client credentials (sly_data's `mcp_client_info[url]`, else the file's). Only ever
 * on a user's action (listing a server's tools, a test run): opening a project contacts nothing.
 *
 * Credentials go into requests and nowhere else: errors name a header or a variable, never a value.
 */
import type { McpClientCredentials, McpServerSettings } from '../../shared/mcp/index';
import { errorMessage } from '../../shared/errorMessage';
import { APP_VERSION } from '../../shared/version';

type JsonObject = { [key: string]: unknown };

/** How long one list or call may take when the caller does not say (neuro-san's default auth timeout is 300 s). */
export const DEFAULT_MCP_TIMEOUT_MS = 30_000;

/**
 * A server's tool list is read up to this many pages (langchain-mcp-adapters stops listing at 1,000 pages too) and
 * this many tools (what a toolbox's checks take, shared/toolbox/loadToolbox.ts): a server that always answers with
 * another cursor would otherwise keep "List tools" and `validate --mcp` going, and growing, for ever.
 */
export const MAX_MCP_LIST_PAGES = 1000;
export const MAX_MCP_LIST_TOOLS = 10_000;

export interface McpCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** neuro-san's sly_data of the run: its `http_headers` and `mcp_client_info` for this URL win over the file's. */
  slyData?: JsonObject;
  /** For tests: the fetch the transport and the token request use. */
  fetch?: typeof fetch;
}

export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema?: { [key: string]: unknown };
}

export interface McpCallOutcome {
  /** The result's text parts, one per line; other parts described (`[image image/png]`). */
  content: string;
  isError: boolean;
  durationMs: number;
  /** The result as the server sent it (content parts, structuredContent, _meta). */
  raw: JsonObject;
}

/** A failure to talk to a server, in words for the user (no credential in them). */
export class McpUnreachable extends Error {
  override name = 'McpUnreachable';
}

function dictAt(value: unknown, key: string): JsonObject | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const found = (value as JsonObject)[key];
  return found && typeof found === 'object' && !Array.isArray(found) ? (found as JsonObject) : undefined;
}

/** The headers neuro-san sends to `url`: sly_data's for it, else the info file's, else a token from client credentials. */
export async function requestHeaders(url: string, settings: McpServerSettings | undefined, options: McpCallOptions = {}): Promise<Record<string, string>> {
  const fromSly = dictAt(dictAt(options.slyData, 'http_headers'), url);
  if (fromSly && Object.keys(fromSly).length > 0) return Object.fromEntries(Object.entries(fromSly).map(([k, v]) => [k, String(v)]));
  if (settings && settings.headers.length > 0) return Object.fromEntries(settings.headers.map((h) => [h.name, h.value]));
  const slyClient = dictAt(dictAt(options.slyData, 'mcp_client_info'), url);
  const credentials = slyClient && typeof slyClient.client_id === 'string' ? credentialsFromSly(slyClient) : settings?.clientCredentials;
  if (!credentials) return {};
  const token = await clientCredentialsToken(url, credentials, settings, options);
  return { Authorization: `Bearer ${token}` };
}

function credentialsFromSly(info: JsonObject): McpClientCredentials {
  const method = info.token_endpoint_auth_method;
  const source = { variables: [], literal: false };
  return {
    clientId: String(info.client_id),
    clientIdSource: source,
    ...(typeof info.client_secret === 'string' ? { clientSecret: info.client_secret, clientSecretSource: source } : {}),
    authMethod: method === null || method === 'None' ? 'none' : method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
    ...(typeof info.scope === 'string' ? { scope: info.scope } : {}),
  };
}

/**
 * OAuth 2.0 client credentials grant: the token endpoint from `mcp_server_info.token_endpoint`, else discovered from
 * the server (protected resource metadata, then the authorization server's metadata), else `<auth server>/token`.
 */
async function clientCredentialsToken(url: string, credentials: McpClientCredentials, settings: McpServerSettings | undefined, options: McpCallOptions): Promise<string> {
  const fetchFn = options.fetch ?? fetch;
  let endpoint = settings?.tokenEndpoint;
  if (!endpoint) {
    const { discoverOAuthServerInfo } = await import('@modelcontextprotocol/sdk/client/auth.js');
    try {
      const info = await discoverOAuthServerInfo(url, { fetchFn });
      endpoint = info.authorizationServerMetadata?.token_endpoint ?? new URL('/token', info.authorizationServerUrl).href;
    } catch (error) {
      throw new McpUnreachable(`could not find where to ask for a token (mcp_server_info.token_endpoint is not set): ${reasonOf(error)}`);
    }
  }
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scope) body.set('scope', credentials.scope);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (credentials.authMethod === 'client_secret_basic') {
    headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret ?? '')}`).toString('base64')}`;
  } else {
    body.set('client_id', credentials.clientId);
    if (credentials.authMethod === 'client_secret_post' && credentials.clientSecret !== undefined) body.set('client_secret', credentials.clientSecret);
  }
  let response: Response;
  try {
    response = await fetchFn(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS) });
  } catch (error) {
    throw new McpUnreachable(`the token endpoint ${endpoint} did not answer: ${reasonOf(error)}`);
  }
  const answer = (await response.json().catch(() => undefined)) as JsonObject | undefined;
  if (!response.ok || typeof answer?.access_token !== 'string') {
    const said = typeof answer?.error === 'string' ? ` (${answer.error})` : '';
    throw new McpUnreachable(`the token endpoint ${endpoint} refused the client credentials: HTTP ${response.status}${said}`);
  }
  return answer.access_token;
}

/** Opens a session with the server, runs `work`, and closes the session. */
async function withSession<T>(url: string, settings: McpServerSettings | undefined, options: McpCallOptions, work: (client: import('@modelcontextprotocol/sdk/client/index.js').Client, timeout: number) => Promise<T>): Promise<T> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new McpUnreachable(`'${url}' is not a URL`);
  }
  const headers = await requestHeaders(url, settings, options);
  const client = new Client({ name: 'toolbox-editor', version: APP_VERSION });
  const transport = new StreamableHTTPClientTransport(target, { requestInit: { headers }, ...(options.fetch ? { fetch: options.fetch } : {}) });
  try {
    await client.connect(transport, { timeout, ...(options.signal ? { signal: options.signal } : {}) });
    return await work(client, timeout);
  } catch (error) {
    if (error instanceof McpUnreachable) throw error;
    if (options.signal?.aborted) throw error;
    throw new McpUnreachable(reasonOf(error));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * The server's tools (`tools/list`, every page, up to MAX_MCP_LIST_PAGES and MAX_MCP_LIST_TOOLS). Throws McpUnreachable
 * with the reason it could not be asked, or that its list did not end within the bounds.
 */
export async function listServerTools(url: string, settings: McpServerSettings | undefined, options: McpCallOptions = {}): Promise<McpToolInfo[]> {
  return withSession(url, settings, options, async (client, timeout) => {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      if (pages === MAX_MCP_LIST_PAGES) {
        throw new McpUnreachable(`its tool list did not end: still another page after ${pages} pages (${tools.length} tools); the editor reads at most ${MAX_MCP_LIST_PAGES} pages`);
      }
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout, ...(options.signal ? { signal: options.signal } : {}) });
      pages++;
      if (tools.length + page.tools.length > MAX_MCP_LIST_TOOLS) {
        throw new McpUnreachable(`it lists more than ${MAX_MCP_LIST_TOOLS} tools (${tools.length + page.tools.length} in its first ${pages} pages); the editor reads at most ${MAX_MCP_LIST_TOOLS}`);
      }
      for (const tool of page.tools) tools.push({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), inputSchema: tool.inputSchema });
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  });
}

/** Calls one tool by the name the server advertises. A tool's own failure is a result with isError, not a throw. */
export async function callServerTool(url: string, settings: McpServerSettings | undefined, tool: string, args: JsonObject, options: McpCallOptions = {}): Promise<McpCallOutcome> {
  const started = performance.now();
  return withSession(url, settings, options, async (client, timeout) => {
    const result = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout, ...(options.signal ? { signal: options.signal } : {}) })) as JsonObject;
    return { content: contentText(result.content), isError: result.isError === true, durationMs: performance.now() - started, raw: result };
  });
}

/** A result's content as text: text parts as they are, others named. */
export function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((part: JsonObject) => {
      if (part?.type === 'text') return String(part.text ?? '');
      if (part?.type === 'image' || part?.type === 'audio') return `[${String(part.type)} ${String(part.mimeType ?? '')}]`;
      if (part?.type === 'resource_link') return `[resource ${String(part.uri ?? '')}]`;
      if (part?.type === 'resource') return `[resource ${String(dictAt(part, 'resource')?.uri ?? '')}]`;
      return `[${String(part?.type ?? 'unknown')} content]`;
    })
    .join('\n');
}

/** Why a request failed, in a user's words: refused connections, HTTP statuses, timeouts. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (nothing listens there)';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (cause?.code === 'ECONNRESET') return 'the connection was reset';
  if (cause?.message === 'bad port') return 'fetch refuses that port (one browsers block, such as 9 or 6000)';
  const message = errorMessage(error);
  if (/\b401\b/.test(message)) return `${message}: the server wants credentials (http_headers or mcp_client_info in the MCP info file, or sly_data)`;
  if (/timed out|timeout/i.test(message)) return `no answer in time (${message})`;
  if (cause?.message) return `${message}: ${cause.message}`;
  return message;
}
