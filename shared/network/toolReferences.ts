import type { HoconValue } from '../hocon/index';

/**
 * What neuro-san makes of an entry of an agent's `tools` that names no agent of its network
 * (base_tool_factory.py `create_external_tool`, external_agent_parsing.py):
 *
 * - `mcp`: an object, or a string starting `https://mcp` or ending `/mcp` or `/mcp/` (`is_mcp_tool`, asked first);
 * - `network`: a string whose URL path (Python's urlparse) starts with `/` and has more than that one character:
 *   `/math/calculator`, `http://localhost:8080/music` (`is_external_agent`);
 * - `unknown`: anything else, for which neuro-san makes no tool.
 *
 * MCP servers are read so from neuro-san's MCP support (507f1464, 2025-09-23); before it, such a URL was an external
 * agent named after its path.
 */
export function classifyToolReference(entry: HoconValue): 'mcp' | 'network' | 'unknown' {
  if (entry.kind === 'object') return 'mcp';
  if (entry.kind !== 'string') return 'unknown';
  const text = entry.value;
  if (text.startsWith('https://mcp') || text.endsWith('/mcp') || text.endsWith('/mcp/')) return 'mcp';
  return externalAgentName(text) !== undefined ? 'network' : 'unknown';
}

/** The served agent's name of an external reference (its URL path without the leading `/`s), else undefined. */
export function externalAgentName(reference: string): string | undefined {
  const path = urlPath(reference);
  if (path.length <= 1 || !path.startsWith('/')) return undefined;
  return path.replace(/^\/+/, '');
}

/** `__` + the agent name with each `/` as `__`: the name the LLM calls an external agent by (get_safe_agent_name). */
export function externalSafeName(reference: string): { safeName: string; agentName: string } {
  const agentName = externalAgentName(reference) ?? reference;
  return { safeName: `__${agentName.replaceAll('/', '__')}`, agentName };
}

/** The path urlparse finds: after `scheme://netloc` when there is one; without `;params`, `?query`, `#fragment`. */
function urlPath(reference: string): string {
  let rest = reference;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    rest = end < 0 ? '' : rest.slice(2 + end);
  }
  const cut = rest.search(/[?#]/);
  if (cut >= 0) rest = rest.slice(0, cut);
  const semicolon = rest.lastIndexOf(';', rest.length);
  const lastSlash = rest.lastIndexOf('/');
  return semicolon > lastSlash ? rest.slice(0, semicolon) : rest;
}
