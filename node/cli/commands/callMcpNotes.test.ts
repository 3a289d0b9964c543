import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';

// `call --mcp` says what it knows of the MCP info file only when that matters to the call: when the call takes the
// server's settings from the file (or neuro-san cannot read the file), and, of the variable naming it, only what is
// true of the neuro-san the project runs — not of the newest release the editor knows, taken for want of a pin.
describe('call --mcp and the MCP info file', () => {
  // Port 9 is one fetch refuses: the call fails at once, after the notes, with no server and no network.
  const url = 'http://127.0.0.1:9/mcp';
  const info = (servers: string) => `"${servers}" { http_headers { Authorization = "Bearer x" } }\n`;
  const project = (files: Record<string, string>) => workspace({ 'registries/.keep': '', '.env': 'AGENT_MCP_INFO_FILE=mcp/mcp_info.hocon\n', ...files });
  const call = async (dir: string) => (await runCliIn(dir, ['call', '--mcp', url, 'echo'], {})).stderr;
  const mayNotRead = /neuro-san 0\.6\.95 may not read AGENT_MCP_INFO_FILE yet/;

  it('says nothing of the variable when the project pins no version', async () => {
    const stderr = await call(project({ 'mcp/mcp_info.hocon': info(url) }));
    expect(stderr).not.toMatch(mayNotRead);
    expect(stderr).toMatch(/did not answer/);
  });

  it('says the pinned release may not read it when the call takes its settings from the file', async () => {
    expect(await call(project({ 'mcp/mcp_info.hocon': info(url), 'requirements.txt': 'neuro-san==0.6.95\n' }))).toMatch(mayNotRead);
  });

  it('says nothing when the file has no settings for the server called', async () => {
    expect(await call(project({ 'mcp/mcp_info.hocon': info('http://127.0.0.1:9/other'), 'requirements.txt': 'neuro-san==0.6.95\n' }))).not.toMatch(/MCP info file/);
  });

  it('says so when neuro-san cannot read the file, whatever server is called', async () => {
    expect(await call(project({ 'mcp/mcp_info.hocon': `\ufeff${info('http://127.0.0.1:9/other')}` }))).toMatch(/mcp_info\.hocon.*cannot be read as neuro-san reads it/);
  });
});
