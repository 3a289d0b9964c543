import type { HoconField, HoconObject, Origin } from '../hocon/index';
import { diagnosticAt, isCredentialKey, keyOrigin, type ToolboxDiagnostic } from '../toolbox/index';

/*
 * The MCP info file (AGENT_MCP_INFO_FILE, formerly MCP_SERVERS_INFO_FILE) as neuro-san reads it (`McpInfoRestorer`):
 * an object whose keys are server URLs (quotes and surrounding spaces stripped: a key written `"\"https://x/mcp\""`
 * still names https://x/mcp) and whose values set, per server, `http_headers`, OAuth client credentials
 * (`mcp_client_info`), the token endpoint (`mcp_server_info.token_endpoint`), `auth_timeout`, and a `tools` filter
 * used when the network's reference has none. Its values are credentials: what leaves this module for a user to see
 * says where a value comes from (`${VAR}`), never the value.
 */

/** Where a credential's value comes from, without the value. */
export interface SecretSource {
  /** The variables its text substitutes (`"Bearer "${MCP_TOKEN}` → MCP_TOKEN). */
  variables: string[];
  /** Written in the file as is (no substitution). */
  literal: boolean;
}

export interface McpHeader extends SecretSource {
  name: string;
  value: string;
}

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface McpClientCredentials {
  clientId: string;
  clientIdSource: SecretSource;
  clientSecret?: string;
  clientSecretSource?: SecretSource;
  authMethod: TokenEndpointAuthMethod;
  scope?: string;
}

/** One server's settings in the info file (credentials included: for the side that connects, never for display). */
export interface McpServerSettings {
  url: string;
  /** Where the server's key is written. */
  where: Origin;
  headers: McpHeader[];
  clientCredentials?: McpClientCredentials;
  tokenEndpoint?: string;
  authTimeoutSeconds?: number;
  /** The file's filter: null when absent; entries with where each is written. */
  filter: { entries: { name: string; where: Origin }[]; where: Origin } | null;
}

export interface McpInfo {
  servers: Map<string, McpServerSettings>;
  diagnostics: ToolboxDiagnostic[];
}

/** The server URL a key of the info file names (neuro-san strips every `"` and the spaces around). */
export function infoKeyUrl(key: string): string {
  return key.replaceAll('"', '').trim();
}

const SUBSTITUTION = /\$\{\??\s*([^}\s]+)\s*\}/g;

/**
 * Where a field's value comes from: the variables its text substitutes, or the file itself. Read from the text the
 * field is defined with (an unset `${?VAR}` leaves no trace in the value).
 */
export function secretSource(field: HoconField): SecretSource {
  const definition = field.lastDefinition;
  const text = definition ? definition.source.text.slice(definition.valueStart, definition.valueEnd) : field.value.source.text.slice(field.value.start, field.value.end);
  const variables = [...text.matchAll(SUBSTITUTION)].map((m) => m[1]!);
  return { variables: [...new Set(variables)], literal: variables.length === 0 };
}

/** Reads a resolved info file. */
export function readMcpInfo(root: HoconObject): McpInfo {
  const servers = new Map<string, McpServerSettings>();
  const diagnostics: ToolboxDiagnostic[] = [];
  const warn = (where: Origin, message: string) => diagnostics.push(diagnosticAt(where, 'warning', 'mcp-info', message));
  for (let i = 0; i < root.fields.size; i++) {
    const url = infoKeyUrl(root.fields.keyAt(i));
    const field = root.fields.fieldAt(i);
    const value = root.fields.valueAt(i);
    const where = keyOrigin(field);
    if (value.kind !== 'object') {
      diagnostics.push(diagnosticAt(value, 'error', 'mcp-info', `The settings of ${url} must be an object ({"http_headers": ..., "tools": [...]}): neuro-san fails reading a ${value.kind} there.`));
      continue;
    }
    const settings: McpServerSettings = { url, where, headers: [], filter: null };
    const headers = value.fields.value('http_headers');
    if (headers !== undefined && headers.kind !== 'null') {
      if (headers.kind !== 'object') warn(headers, `"http_headers" of ${url} must be an object of header names and values: neuro-san logs an error and sends none.`);
      else {
        for (let h = 0; h < headers.fields.size; h++) {
          const header = headers.fields.valueAt(h);
          const name = headers.fields.keyAt(h);
          if (header.kind !== 'string' && header.kind !== 'number' && header.kind !== 'boolean') {
            warn(header, `The header ${name} of ${url} must be a string.`);
            continue;
          }
          const source = secretSource(headers.fields.fieldAt(h));
          settings.headers.push({ name, value: String(header.value), ...source });
          if (source.literal && isCredentialKey(name) && String(header.value).trim() !== '') literalCredential(header, `The header ${name} of ${url}`, diagnostics);
        }
      }
    }
    const client = value.fields.value('mcp_client_info');
    if (client !== undefined && client.kind !== 'null') {
      if (client.kind !== 'object') warn(client, `"mcp_client_info" of ${url} must be an object (client_id, client_secret, token_endpoint_auth_method, scope).`);
      else {
        const credentials = clientCredentials(url, client, warn, diagnostics);
        if (credentials) settings.clientCredentials = credentials;
      }
    }
    const serverInfo = value.fields.value('mcp_server_info');
    const endpoint = serverInfo?.kind === 'object' ? serverInfo.fields.value('token_endpoint') : undefined;
    if (endpoint?.kind === 'string' && endpoint.value !== '') settings.tokenEndpoint = endpoint.value;
    const timeout = value.fields.value('auth_timeout');
    if (timeout?.kind === 'number') settings.authTimeoutSeconds = timeout.value;
    const tools = value.fields.value('tools');
    if (tools !== undefined && tools.kind !== 'null') {
      if (tools.kind !== 'array') warn(tools, `"tools" of ${url} must be a list of tool names.`);
      else {
        settings.filter = { entries: [], where: tools };
        for (const element of tools.elements) {
          if (element.kind === 'string' && element.value !== '') settings.filter.entries.push({ name: element.value, where: element });
          else warn(element, `neuro-san ignores this entry of the tools of ${url}: a filter entry must be a tool's name (a non-empty string).`);
        }
      }
    }
    servers.set(url, settings);
  }
  return { servers, diagnostics };
}

/** neuro-san's own advice: never a secret in a file that may be committed; a `${VAR}` substitution instead. */
function literalCredential(where: Origin, what: string, diagnostics: ToolboxDiagnostic[]): void {
  diagnostics.push(diagnosticAt(where, 'warning', 'literal-credential', `${what} is written literally in the file: take it from an environment variable instead (e.g. "Bearer "\${MCP_TOKEN}).`));
}

function clientCredentials(url: string, client: HoconObject, warn: (where: Origin, message: string) => void, diagnostics: ToolboxDiagnostic[]): McpClientCredentials | undefined {
  const id = client.fields.value('client_id');
  if (id?.kind !== 'string' || id.value === '') {
    warn(id ?? client, `"mcp_client_info" of ${url} has no client_id: neuro-san cannot ask for a token.`);
    return undefined;
  }
  const method = client.fields.value('token_endpoint_auth_method');
  let authMethod: TokenEndpointAuthMethod = 'client_secret_basic';
  if (method?.kind === 'null' || (method?.kind === 'string' && method.value === 'None')) authMethod = 'none';
  else if (method?.kind === 'string' && (method.value === 'client_secret_post' || method.value === 'client_secret_basic')) authMethod = method.value;
  else if (method !== undefined) warn(method, `token_endpoint_auth_method of ${url} must be client_secret_basic, client_secret_post or null.`);
  const secret = client.fields.value('client_secret');
  const scope = client.fields.value('scope');
  const credentials: McpClientCredentials = { clientId: id.value, clientIdSource: secretSource(client.fields.get('client_id')!), authMethod };
  if (secret?.kind === 'string' && secret.value !== '') {
    credentials.clientSecret = secret.value;
    credentials.clientSecretSource = secretSource(client.fields.get('client_secret')!);
    if (credentials.clientSecretSource.literal) literalCredential(secret, `The client_secret of ${url}`, diagnostics);
  } else if (authMethod !== 'none') {
    warn(secret ?? client, `"mcp_client_info" of ${url} has no client_secret, which ${authMethod} needs (or set token_endpoint_auth_method to null).`);
  }
  if (scope?.kind === 'string' && scope.value !== '') credentials.scope = scope.value;
  return credentials;
}
