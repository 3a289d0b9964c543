/*
 * Which strings of an agent's `tools` neuro-san reads as MCP servers (`ExternalAgentParsing.is_mcp_tool`): a canonical
 * MCP server URI, http or https, with a host, no fragment, and `mcp` as a label of the host (`mcp.example.com`) or a
 * segment of the path (`/mcp`, `/mcp/free`, `/server/mcp`). Anything else with a path is an external neuro-san agent
 * (`http://host:port/agent_name`). The URL is taken apart as Python's `urllib.parse.urlparse` does, not as a browser
 * would (no normalisation).
 */

export interface UrlParts {
  scheme: string;
  netloc: string;
  path: string;
  fragment: string;
  /** The host, lower case, without user info, port or IPv6 brackets ('' when none). */
  hostname: string;
}

/** `urlsplit`'s reading of a string, or undefined where Python raises (`Invalid IPv6 URL`). */
export function splitUrl(text: string): UrlParts | undefined {
  // Python strips leading C0 controls and spaces, and removes tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex
  let rest = text.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (schemeMatch) {
    scheme = schemeMatch[1]!.toLowerCase();
    rest = rest.slice(schemeMatch[0].length);
  }
  let netloc = '';
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    netloc = end === -1 ? rest.slice(2) : rest.slice(2, 2 + end);
    rest = end === -1 ? '' : rest.slice(2 + end);
    if ((netloc.includes('[') && !netloc.includes(']')) || (netloc.includes(']') && !netloc.includes('['))) return undefined;
  }
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const query = rest.indexOf('?');
  const path = query === -1 ? rest : rest.slice(0, query);
  const hostPort = netloc.slice(netloc.lastIndexOf('@') + 1);
  const bracketed = /^\[([^\]]*)\]/.exec(hostPort);
  const hostname = (bracketed ? bracketed[1]! : hostPort.split(':')[0]!).toLowerCase();
  return { scheme, netloc, path, fragment, hostname };
}

/** Why neuro-san does not read a string as an MCP server, or undefined when it does. */
export function notMcpReason(text: string): string | undefined {
  const parts = splitUrl(text);
  if (!parts) return 'Python cannot parse it as a URL';
  if (parts.scheme !== 'http' && parts.scheme !== 'https') return parts.scheme ? `its scheme is ${parts.scheme}, not http or https` : 'it has no http or https scheme';
  if (!parts.netloc) return 'it has no host';
  if (parts.fragment) return `it has a fragment (#${parts.fragment})`;
  if (!namesMcp(parts)) return '"mcp" is neither a label of its host nor a segment of its path';
  return undefined;
}

/** Whether "mcp" is a label of the host or a segment of the path (what marks an MCP server for neuro-san). */
export function namesMcp(parts: UrlParts): boolean {
  const segments = parts.path.split('/').filter((s) => s !== '').map((s) => s.toLowerCase());
  return parts.hostname.split('.').includes('mcp') || segments.includes('mcp');
}

export function isMcpUrl(text: string): boolean {
  return notMcpReason(text) === undefined;
}

/**
 * The agent a string names as an external neuro-san agent (`parse_external_agent`: a path after the host), or
 * undefined when it names none.
 */
export function externalAgentName(text: string): string | undefined {
  const parts = splitUrl(text);
  if (!parts || parts.path.length <= 1 || !parts.path.startsWith('/')) return undefined;
  return parts.path.replace(/^\/+/, '');
}
