import { describe, expect, it } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { mcpInfoOnDisk } from './mcpInfoOnDisk';

// Runs of an MCP server's tool and `call --mcp` read the MCP info file as the project view does: as neuro-san's
// pyhocon reads it, where a triple-quoted string keeps no blank before a substitution (`"""Bearer""" ${T}` is BearerT).
describe('the MCP info file for runs', () => {
  const url = 'http://127.0.0.1:9/mcp';
  const project = (info: string) =>
    workspace({ 'registries/.keep': '', '.env': 'MCP_SERVERS_INFO_FILE=mcp/mcp_info.hocon\n', 'mcp/mcp_info.hocon': info });

  it("is read as neuro-san reads it: the header it sends is pyhocon's value", () => {
    const dir = project(`"${url}" {\n  http_headers { Authorization = """Bearer""" \${MCP_TOKEN} }\n}\n`);
    const info = mcpInfoOnDisk(dir, { MCP_TOKEN: 'tok' });
    expect(info?.notes.join('\n')).not.toContain('cannot be read');
    expect(info?.servers.get(url)?.headers.map((h) => [h.name, h.value])).toEqual([['Authorization', 'Bearertok']]);
  });

  it('one neuro-san cannot read gives no settings, and says where', () => {
    // A byte-order mark: pyhocon fails (`Expected end of text, found '\ufeff'`) where the specification reads on.
    const dir = project(`\ufeff"${url}" { http_headers { Authorization = "Bearer x" } }\n`);
    const info = mcpInfoOnDisk(dir, {});
    expect(info?.servers.size).toBe(0);
    expect(info?.notes.join('\n')).toMatch(/mcp_info\.hocon.*cannot be read as neuro-san reads it/);
    expect(info?.notes.join('\n')).toMatch(/mcp_info\.hocon:1:\d+: /);
  });
});
