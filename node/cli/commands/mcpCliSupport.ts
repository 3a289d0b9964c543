/** What `tools DIR --mcp` and `validate DIR --mcp` share: asking the project's MCP servers, and saying what they offer. */
import type { McpListing, McpServerUser, ProjectMcp } from '../../../shared/mcp/index';
import { offeredTools } from '../../../shared/mcp/index';
import type { ProjectAnalysis } from '../../../shared/project/analyzeProject';
import { plural } from '../../../shared/plural';
import type { CliIo } from '../command';

export const MCP_OPTION_HELP = '  --mcp         (with DIR) ask the MCP servers the networks name for their tools (else none is contacted)';

/** Asks every MCP server of the project at once (the SDK is loaded only then). */
export async function askProjectServers(analysis: Pick<ProjectAnalysis, 'mcp' | 'mcpSettings'>): Promise<Map<string, McpListing>> {
  return askServersOf(
    analysis.mcp.servers.map((s) => s.url),
    analysis.mcpSettings,
  );
}

/** Asks each server its tools (loaded only when asked: the MCP client is not needed otherwise). */
export async function askServersOf(urls: readonly string[], settings: ProjectAnalysis['mcpSettings']): Promise<Map<string, McpListing>> {
  const { askServers } = await import('../../mcp/askServers');
  return askServers(urls, settings);
}

/** Where the info file came from, and what the user should know about it: a line, or none. */
export function infoFileLine(mcp: ProjectMcp): string | undefined {
  const info = mcp.infoFile;
  if (!info) return undefined;
  const problem = info.problem ? ` ${info.problem}` : '';
  const note = info.note ? ` (${info.note})` : '';
  return `MCP info file: ${info.path} (${info.variable}, from ${info.from})${note}${problem}`;
}

function filterWords(user: McpServerUser): string {
  if (!user.filter) return 'all its tools';
  return `${user.filter.join(', ')} (filter from the ${user.filterFrom === 'network' ? 'network' : 'MCP info file'})`;
}

/** The servers, their users and (when asked) their tools, as `tools DIR` prints them; `shown` makes a path printable. */
export function printMcpServers(mcp: ProjectMcp, listings: ReadonlyMap<string, McpListing> | undefined, shown: (file: string) => string, io: CliIo): void {
  if (mcp.servers.length === 0) return;
  io.stdout(`MCP servers (${mcp.servers.length}):\n`);
  const info = infoFileLine(mcp);
  if (info) io.stdout(`  ${info}\n`);
  for (const server of mcp.servers) {
    const listing = listings?.get(server.url);
    const asked = !listing ? ' (not asked: --mcp lists its tools)' : listing.ok ? `: ${plural(listing.tools.length, 'tool')}` : `: did not answer: ${listing.error}`;
    io.stdout(`${server.url}${asked}\n`);
    for (const user of server.users) {
      io.stdout(`  ${shown(user.file)}:${user.line}:${user.column} agent '${user.agent}' takes ${filterWords(user)}\n`);
      if (listing?.ok) {
        const offered = offeredTools(listing.tools.map((t) => t.name), user.filter);
        for (const tool of offered) {
          const renamed = tool.offered !== tool.original ? ` (offered as ${tool.offered})` : '';
          io.stdout(`    ${tool.original}${renamed}${tool.skipped ? ` — left out: ${tool.skipped}` : ''}\n`);
        }
      }
    }
  }
}
