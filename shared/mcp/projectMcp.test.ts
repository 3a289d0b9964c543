import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { factsFor, parseVersion } from '../neurosan/versions/index';
import { analyzeProjectMcp, mcpInfoChoice, type McpListing } from './projectMcp';

const root = (text: string, name: string, env: Record<string, string> = {}) => resolveHocon(text, { fileName: name, env }).value;

const network = `{
  "tools": [
    { "name": "front", "tools": ["helper", "https://mcp.example.com/mcp", "http://localhost:8080/math_guy"] },
    { "name": "helper", "tools": [ { "url": "http://127.0.0.1:7/mcp", "tools": ["echo", "nope", 3] } ] },
    { "name": "odd", "tools": ["http://127.0.0.1:7/mcp#x", "https://example.com", { "tools": ["a"] }] }
  ]
}`;

const info = `{
  "\\"https://mcp.example.com/mcp\\"": {
    "http_headers": { "Authorization": "Bearer "\${MCP_TOKEN}, "X-Plain": "literal-secret" },
    "mcp_client_info": { "client_id": \${?CID}, "client_secret": "s3cret", "token_endpoint_auth_method": null },
    "tools": ["search"]
  }
}`;

function analyse(listings?: McpListing[]) {
  return analyzeProjectMcp({
    networks: [{ path: 'registries/n.hocon', root: root(network, 'registries/n.hocon') }],
    info: { view: { path: 'mcp/mcp_info.hocon', variable: 'AGENT_MCP_INFO_FILE', from: '.env' }, root: root(info, 'mcp/mcp_info.hocon', { MCP_TOKEN: 'tok-value', CID: 'client-7' }) },
    ...(listings ? { listings: new Map(listings.map((l) => [l.url, l])) } : {}),
  });
}

describe('the MCP servers of a project, as neuro-san reads its networks and MCP info file', () => {
  it('lists each server with its users and the filter each applies, the network\'s first, else the info file\'s', () => {
    const { mcp } = analyse();
    expect(mcp.servers.map((s) => s.url)).toEqual(['https://mcp.example.com/mcp', 'http://127.0.0.1:7/mcp']);
    expect(mcp.servers[0]!.users).toMatchObject([{ agent: 'front', filter: ['search'], filterFrom: 'info file' }]);
    expect(mcp.servers[1]!.users).toMatchObject([{ agent: 'helper', filter: ['echo', 'nope'], filterFrom: 'network' }]);
  });

  it('shows where credentials come from, never their values', () => {
    const { mcp, settings } = analyse();
    const view = mcp.servers[0]!.settings!;
    expect(view.headers).toEqual([
      { name: 'Authorization', variables: ['MCP_TOKEN'], literal: false },
      { name: 'X-Plain', variables: [], literal: true },
    ]);
    expect(view.clientCredentials).toEqual({ clientId: { variables: ['CID'], literal: false }, clientSecret: { variables: [], literal: true }, authMethod: 'none' });
    expect(JSON.stringify(mcp)).not.toMatch(/tok-value|literal-secret|s3cret|client-7/);
    // The side that connects gets the values.
    expect(settings.get('https://mcp.example.com/mcp')!.headers[0]!.value).toBe('Bearer tok-value');
  });

  it('reports what neuro-san cannot use, and leaves external agents alone', () => {
    const messages = analyse().diagnostics.filter((d) => d.file === 'registries/n.hocon').map((d) => `${d.line} ${d.severity} ${d.rule} ${d.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^4 warning mcp-filter neuro-san ignores this entry/),
      expect.stringMatching(/^5 warning mcp-url neuro-san does not read 'http:\/\/127.0.0.1:7\/mcp#x' of agent 'odd' as an MCP server \(it has a fragment \(#x\)\); it calls the external neuro-san agent 'mcp' there instead\./),
      expect.stringMatching(/^5 warning mcp-url neuro-san does not read 'https:\/\/example.com' .* nor as an external agent/),
      expect.stringMatching(/^5 error mcp-reference Agent 'odd' lists a dictionary among its tools without a "url"/),
    ]);
    // The info file: a secret written in it (the header taken from a variable is fine).
    expect(analyse().diagnostics.filter((d) => d.file === 'mcp/mcp_info.hocon').map((d) => `${d.line} ${d.rule} ${d.message}`)).toEqual([
      expect.stringMatching(/^4 literal-credential The client_secret of https:\/\/mcp.example.com\/mcp is written literally in the file/),
    ]);
    const fix = analyse().diagnostics.find((d) => d.message.includes('#x'))!.fix!;
    expect(fix.edits[0]!.newText).toBe('{"url": "http://127.0.0.1:7/mcp#x"}');
  });

  it('after the servers were asked: a filter naming a tool a server lacks, and a server that did not answer', () => {
    const { diagnostics } = analyse([
      { url: 'http://127.0.0.1:7/mcp', readAt: Date.UTC(2026, 0, 2, 3, 4, 5), ok: true, tools: [{ name: 'echo' }, { name: 'add' }] },
      { url: 'https://mcp.example.com/mcp', readAt: Date.UTC(2026, 0, 2), ok: false, error: 'connection refused (nothing listens there)' },
    ]);
    const found = diagnostics.filter((d) => d.rule === 'mcp-unknown-tool' || d.rule === 'mcp-unreachable').map((d) => `${d.file}:${d.line} ${d.rule} ${d.message}`);
    expect(found).toEqual([
      "registries/n.hocon:3 mcp-unreachable https://mcp.example.com/mcp did not answer when asked (2026-01-02T00:00:00.000Z): connection refused (nothing listens there). neuro-san leaves a server it cannot reach out of agent 'front''s tools.",
      "registries/n.hocon:4 mcp-unknown-tool http://127.0.0.1:7/mcp has no tool 'nope' (asked 2026-01-02T03:04:05.000Z; it lists echo, add): neuro-san offers agent 'helper' nothing for it.",
    ]);
  });
});

describe('which MCP info file the project\'s neuro-san reads, by its version', () => {
  const facts = (version: string) => factsFor(parseVersion(version)!);
  const agent = { AGENT_MCP_INFO_FILE: { value: 'mcp/new.hocon', from: '.env' } };
  const old = { MCP_SERVERS_INFO_FILE: { value: 'mcp/old.hocon', from: 'environment' } };

  it('a version that reads both: AGENT_MCP_INFO_FILE first, the old one with its deprecation in neuro-san\'s words', () => {
    // A version newer than the editor knows (0.6.99 was one until 0.7.x was known): the change with no release yet.
    expect(mcpInfoChoice({ ...agent, ...old }, facts('0.7.99'))!.view).toEqual({ path: 'mcp/new.hocon', variable: 'AGENT_MCP_INFO_FILE', from: '.env' });
    expect(mcpInfoChoice(old, facts('0.7.99'))!.view.note).toContain('"MCP_SERVERS_INFO_FILE env var is deprecated and will be removed in neuro-san==0.7.');
  });

  it('a version that may not read AGENT_MCP_INFO_FILE yet says so; one that reads only the old name ignores it', () => {
    expect(mcpInfoChoice(agent, facts('0.6.95'))!.view.note).toMatch(/^neuro-san 0\.6\.95 may not read AGENT_MCP_INFO_FILE yet/);
    expect(mcpInfoChoice(agent, facts('0.7.4'))!.view.note).toMatch(/^neuro-san 0\.7\.4 may not read AGENT_MCP_INFO_FILE yet/);
    expect(mcpInfoChoice(agent, facts('0.6.20'))!.view.problem).toBe(
      'neuro-san 0.6.20 reads MCP_SERVERS_INFO_FILE only, not AGENT_MCP_INFO_FILE: its agents get no settings from this file. Set MCP_SERVERS_INFO_FILE to it.',
    );
    expect(mcpInfoChoice(old, facts('0.6.20'))!.view).toEqual({ path: 'mcp/old.hocon', variable: 'MCP_SERVERS_INFO_FILE', from: 'environment' });
    expect(mcpInfoChoice({}, facts('0.6.20'))).toBeUndefined();
  });
});
