import { describe, expect, it } from 'vitest';
import { externalAgentName, isMcpUrl, notMcpReason } from './mcpUrl';

describe('which strings neuro-san reads as MCP servers (ExternalAgentParsing.is_mcp_tool)', () => {
  it('takes http(s) URLs with "mcp" as a host label or a path segment', () => {
    for (const url of ['https://mcp.deepwiki.com/mcp', 'http://localhost:8000/mcp/', 'https://deepwiki.com/mcp/free', 'HTTPS://MCP.Example.com', 'https://api.you.com/mcp?profile=free', 'http://127.0.0.1:3001/mcp']) {
      expect(isMcpUrl(url), url).toBe(true);
    }
  });

  it('refuses the rest, saying why', () => {
    expect(notMcpReason('https://example.com/mcp-server')).toBe('"mcp" is neither a label of its host nor a segment of its path');
    expect(notMcpReason('https://mcpserver.example.com/')).toBe('"mcp" is neither a label of its host nor a segment of its path');
    expect(notMcpReason('ws://host/mcp')).toBe('its scheme is ws, not http or https');
    expect(notMcpReason('http://host/mcp#tools')).toBe('it has a fragment (#tools)');
    expect(notMcpReason('/mcp')).toBe('it has no http or https scheme');
    expect(notMcpReason('http:///mcp')).toBe('it has no host');
    expect(notMcpReason('http://[::1/mcp')).toBe('Python cannot parse it as a URL');
  });

  it("names the external agent neuro-san reads instead, as parse_external_agent does", () => {
    expect(externalAgentName('http://localhost:8080/math_guy')).toBe('math_guy');
    expect(externalAgentName('https://example.com/')).toBeUndefined();
    expect(externalAgentName('/deep/math_guy')).toBe('deep/math_guy');
  });
});
