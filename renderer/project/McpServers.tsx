import type { McpListing, McpServerUser, McpSettingsView, ProjectMcp, SecretView } from '../../shared/mcp/index';
import { offeredTools, unmatchedFilterEntries } from '../../shared/mcp/index';
import { plural } from '../../shared/plural';
import type { McpToolPick } from '../testrun/testRunStore';

export interface McpServersProps {
  mcp: ProjectMcp;
  listings: readonly McpListing[];
  asking: readonly string[];
  onList(url: string): void;
  onOpen(file: string, offset: number, length: number): void;
  /** Runs one of a server's tools in the Test run pane. */
  onTestRun(pick: McpToolPick, user: McpServerUser): void;
  /** The project's info file opened in the editor. */
  onOpenInfoFile(path: string): void;
}

/**
 * The MCP servers the project's networks name: who uses each and with which filter, the info file's settings (a
 * credential only by where it comes from), and what a server offers once the user asks it ("List tools"): nothing is
 * contacted before.
 */
export function McpServers({ mcp, listings, asking, onList, onOpen, onOpenInfoFile, onTestRun }: McpServersProps) {
  if (mcp.servers.length === 0 && !mcp.infoFile) return null;
  return (
    <details open aria-label="MCP servers">
      <summary>MCP servers ({mcp.servers.length})</summary>
      {mcp.infoFile && (
        <p className="project-wrapping mcp-info-file">
          Info file:{' '}
          <button className="link" onClick={() => onOpenInfoFile(mcp.infoFile!.path)}>
            {mcp.infoFile.path}
          </button>{' '}
          <span className="muted">
            ({mcp.infoFile.variable}, from {mcp.infoFile.from})
          </span>
          {mcp.infoFile.note && <span className="badge warning"> {mcp.infoFile.note}</span>}
          {mcp.infoFile.problem && <span className="badge error"> {mcp.infoFile.problem}</span>}
        </p>
      )}
      <ul className="mcp-servers project-wrapping">
        {mcp.servers.map((server) => {
          const listing = listings.find((l) => l.url === server.url);
          const busy = asking.includes(server.url);
          return (
            <li key={server.url} className="mcp-server" aria-label={`MCP server ${server.url}`}>
              <div>
                <code>{server.url}</code>{' '}
                <button onClick={() => onList(server.url)} disabled={busy}>
                  {busy ? 'Asking…' : listing ? 'List again' : 'List tools'}
                </button>
              </div>
              {listing && <ListingLine listing={listing} />}
              {server.settings && <Settings settings={server.settings} />}
              <ul aria-label={`Agents using ${server.url}`}>
                {server.users.map((user) => (
                  <UserLine key={`${user.file}:${user.offset}:${user.agent}`} url={server.url} user={user} listing={listing} onOpen={onOpen} onTestRun={onTestRun} />
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function ListingLine({ listing }: { listing: McpListing }) {
  const at = new Date(listing.readAt).toLocaleTimeString();
  if (!listing.ok) {
    return (
      <p role="alert" className="badge warning">
        Did not answer (asked at {at}): {listing.error}
      </p>
    );
  }
  return (
    <p className="muted" aria-label="Listed">
      {plural(listing.tools.length, 'tool')}, listed at {at}
    </p>
  );
}

function secretWords(secret: SecretView): string {
  if (secret.variables.length > 0) return `from ${secret.variables.map((v) => `\${${v}}`).join(', ')}`;
  return 'written in the file';
}

function Settings({ settings }: { settings: McpSettingsView }) {
  const client = settings.clientCredentials;
  return (
    <ul className="muted" aria-label="Settings from the info file">
      {settings.headers.map((h) => (
        <li key={h.name}>
          header <code>{h.name}</code>: {secretWords(h)}
        </li>
      ))}
      {client && (
        <li>
          OAuth client credentials ({client.authMethod}): client_id {secretWords(client.clientId)}
          {client.clientSecret ? `, client_secret ${secretWords(client.clientSecret)}` : ''}
          {client.scope ? `, scope ${client.scope}` : ''}
          {settings.tokenEndpoint ? `, token endpoint ${settings.tokenEndpoint}` : ''}
        </li>
      )}
    </ul>
  );
}

/** One agent using the server: where, its filter, and (once listed) the tools it gets and the entries nothing matches. */
function UserLine({ url, user, listing, onOpen, onTestRun }: { url: string; user: McpServerUser; listing: McpListing | undefined; onOpen: McpServersProps['onOpen']; onTestRun: McpServersProps['onTestRun'] }) {
  const filterWords = user.filter ? `keeps ${user.filter.join(', ')} (filter from the ${user.filterFrom === 'network' ? 'network' : 'info file'})` : 'takes every tool';
  const names = listing?.ok ? listing.tools.map((t) => t.name) : undefined;
  const offered = names ? offeredTools(names, user.filter) : [];
  const unmatched = names && user.filter ? unmatchedFilterEntries(user.filter, names) : [];
  return (
    <li>
      <button className="link" onClick={() => onOpen(user.file, user.offset, user.length)}>
        {user.network}:{user.line}
      </button>{' '}
      agent <code>{user.agent}</code> <span className="muted">{filterWords}</span>
      {names && (
        <ul aria-label={`Tools of agent ${user.agent}`}>
          {offered.map((tool) => {
            const info = listing?.ok ? listing.tools.find((t) => t.name === tool.original) : undefined;
            const pick: McpToolPick = {
              url,
              tool: tool.original,
              ...(tool.offered !== tool.original ? { offered: tool.offered } : {}),
              ...(info?.description !== undefined ? { description: info.description } : {}),
              ...(info?.inputSchema ? { inputSchema: info.inputSchema } : {}),
            };
            return (
              <li key={tool.original} title={info?.description}>
                <code>{tool.original}</code>
                {!tool.skipped && (
                  <>
                    {' '}
                    <button className="link" aria-label={`Test run ${tool.original} of agent ${user.agent}`} onClick={() => onTestRun(pick, user)}>
                      Test run
                    </button>
                  </>
                )}
                {tool.offered !== tool.original && <span className="muted"> offered to the LLM as {tool.offered}</span>}
                {tool.skipped && <span className="badge warning"> left out: {tool.skipped}</span>}
                {tool.tooLong && <span className="badge warning"> over OpenAI's 64-character limit</span>}
              </li>
            );
          })}
          {unmatched.map((entry) => (
            <li key={`unmatched:${entry}`} className="badge warning">
              {entry}: the server has no such tool
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
