import { normalizePath, type HoconObject, type Origin } from '../hocon/index';
import { versionWords, type NeuroSanFacts } from '../neurosan/versions/index';
import type { ToolUser } from '../project/analyzeProject';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';
import { readMcpInfo, type McpInfo, type McpServerSettings, type SecretSource } from './mcpInfo';
import { mcpReferencesOf, type McpReference } from './mcpReferences';
import { unmatchedFilterEntries } from './mcpToolNames';

/*
 * The MCP servers of a project: every server its networks name, the agents that use it with the filter each applies,
 * and the settings the MCP info file gives it (credentials shown by where they come from, never by value). What the
 * servers offer is only known once someone asks them (a listing): nothing here contacts anything.
 */

/** The variables that name the MCP info file, in the order neuro-san looks (the second is deprecated). */
export const MCP_INFO_VARIABLES = ['AGENT_MCP_INFO_FILE', 'MCP_SERVERS_INFO_FILE'] as const;
export type McpInfoVariable = (typeof MCP_INFO_VARIABLES)[number];

/** What one `tools/list` of a server answered, and when. */
export type McpListing =
  | { url: string; readAt: number; ok: true; tools: { name: string; description?: string; inputSchema?: { [key: string]: unknown } }[] }
  | { url: string; readAt: number; ok: false; error: string };

/** An agent naming a server: where, as a toolbox tool's user is said (the network, the file and place it is written). */
export interface McpServerUser extends ToolUser {
  /** The tools the agent keeps: null for all of them. */
  filter: string[] | null;
  /** Where that filter is written: the network's reference, the info file, or nowhere (every tool). */
  filterFrom: 'network' | 'info file' | null;
}

/** A credential's value as a user may see it: where it comes from. */
export interface SecretView {
  variables: string[];
  literal: boolean;
}

/** The info file's settings of a server, fit to show. */
export interface McpSettingsView {
  headers: ({ name: string } & SecretView)[];
  clientCredentials?: { clientId: SecretView; clientSecret?: SecretView; authMethod: string; scope?: string };
  tokenEndpoint?: string;
  authTimeoutSeconds?: number;
  filter: string[] | null;
}

export interface ProjectMcpServer {
  url: string;
  users: McpServerUser[];
  /** From the info file; null when the file has no entry for this URL (or there is no file). */
  settings: McpSettingsView | null;
}

export interface McpInfoFileView {
  path: string;
  variable: McpInfoVariable;
  /** How the variable got its value (environment, .env, convention, project setting). */
  from: string;
  /** What the user should know about where it came from (the deprecated variable). */
  note?: string;
  /** Why it cannot be used (it cannot be read). */
  problem?: string;
}

export interface ProjectMcp {
  infoFile: McpInfoFileView | null;
  servers: ProjectMcpServer[];
}

export interface McpAnalysisInput {
  /** The project's networks: path relative to the root, and the resolved root object. */
  networks: readonly { path: string; root: HoconObject }[];
  /** The info file in use, read; undefined when none. */
  info?: { view: McpInfoFileView; root: HoconObject | undefined };
  /** What servers answered when the user asked them (by URL): their problems are reported only then. */
  listings?: ReadonlyMap<string, McpListing>;
}

export interface McpAnalysis {
  mcp: ProjectMcp;
  /** The info file read (credentials included), for the side that connects. */
  settings: ReadonlyMap<string, McpServerSettings>;
  diagnostics: ToolboxDiagnostic[];
}

type InfoSettings = Partial<Record<McpInfoVariable, { value: string; from: string }>>;

/** The variables a neuro-san version reads, first wins: the facts' list, else the one its first MCP support read. */
function variablesRead(values: NeuroSanFacts['sure']): readonly string[] {
  return values.mcpInfoVariables.length > 0 ? values.mcpInfoVariables : ['MCP_SERVERS_INFO_FILE'];
}

/**
 * The MCP info file the project's neuro-san reads: the first of the variables its version reads that the project
 * sets (environment, .env, conventional place, project setting). Says when the version may not read the chosen one,
 * when it deprecates it, and when it ignores the one the project sets (then there is no file). `versionAssumed`: the
 * version is the newest the editor knows, taken for want of a pin, not one the project is known to run: whether that
 * release reads the variable is then no news about the project, and is not said.
 */
export function mcpInfoChoice(settings: InfoSettings, facts: NeuroSanFacts, versionAssumed = false): { view: McpInfoFileView } | undefined {
  const sure = variablesRead(facts.sure);
  const maybe = variablesRead(facts.maybe);
  const version = versionWords(facts);
  const chosen = MCP_INFO_VARIABLES.find((name) => maybe.includes(name) && settings[name]);
  if (!chosen) {
    const ignored = settings.AGENT_MCP_INFO_FILE;
    if (!ignored) return undefined;
    return {
      view: {
        path: normalizePath(ignored.value),
        variable: 'AGENT_MCP_INFO_FILE',
        from: ignored.from,
        problem: `${version} reads MCP_SERVERS_INFO_FILE only, not AGENT_MCP_INFO_FILE: its agents get no settings from this file. Set MCP_SERVERS_INFO_FILE to it.`,
      },
    };
  }
  const setting = settings[chosen]!;
  const notes: string[] = [];
  if (!sure.includes(chosen) && !versionAssumed) {
    notes.push(`${version} may not read ${chosen} yet (it came in a release the editor does not know exactly); if it does not, set MCP_SERVERS_INFO_FILE to this file as well`);
  }
  const deprecation = facts.sure.deprecatedVariables[chosen];
  if (deprecation) notes.push(`${version} reads it with a warning: "${deprecation}"`);
  else if (chosen === 'MCP_SERVERS_INFO_FILE' && maybe.includes('AGENT_MCP_INFO_FILE')) notes.push('newer neuro-san reads AGENT_MCP_INFO_FILE first and deprecates this variable');
  if (setting.from === 'convention') notes.push(`found at neuro-san-studio's conventional place (its deployment sets ${chosen} to it); neuro-san reads it only when the variable names it`);
  return { view: { path: normalizePath(setting.value), variable: chosen, from: setting.from, ...(notes.length > 0 ? { note: `${notes.join('. ')}.` } : {}) } };
}

export function analyzeProjectMcp(input: McpAnalysisInput): McpAnalysis {
  const diagnostics: ToolboxDiagnostic[] = [];
  const info: McpInfo = input.info?.root ? readMcpInfo(input.info.root) : { servers: new Map(), diagnostics: [] };
  diagnostics.push(...info.diagnostics);
  const infoUrls = new Set(info.servers.keys());
  const references: McpReference[] = [];
  for (const network of input.networks) {
    const read = mcpReferencesOf(network.path, network.root, infoUrls);
    references.push(...read.references);
    diagnostics.push(...read.diagnostics);
  }
  const servers = new Map<string, ProjectMcpServer>();
  for (const reference of references) {
    const settings = info.servers.get(reference.url);
    let server = servers.get(reference.url);
    if (!server) {
      server = { url: reference.url, users: [], settings: settings ? settingsView(settings) : null };
      servers.set(reference.url, server);
    }
    server.users.push(userOf(reference, settings));
  }
  if (input.listings) diagnostics.push(...listingDiagnostics(references, info, input.listings));
  return { mcp: { infoFile: input.info?.view ?? null, servers: [...servers.values()] }, settings: info.servers, diagnostics };
}

/** The filter an agent applies to a server: its own (even an empty list, which keeps every tool), else the info file's. */
export function effectiveFilter(reference: McpReference, settings: McpServerSettings | undefined): { entries: { name: string; where: Origin }[]; from: 'network' | 'info file' } | null {
  if (reference.filter) return { entries: reference.filter.entries, from: 'network' };
  if (settings?.filter) return { entries: settings.filter.entries, from: 'info file' };
  return null;
}

function userOf(reference: McpReference, settings: McpServerSettings | undefined): McpServerUser {
  const where = reference.where;
  const position = where.source.positionAt(where.start);
  const filter = effectiveFilter(reference, settings);
  return {
    network: reference.network,
    file: where.source.name,
    agent: reference.agent,
    line: position.line,
    column: position.column,
    offset: where.start,
    length: where.end - where.start,
    // An empty list keeps every tool, as no list does.
    filter: filter && filter.entries.length > 0 ? filter.entries.map((e) => e.name) : null,
    filterFrom: filter && filter.entries.length > 0 ? filter.from : null,
  };
}

function secretView(source: SecretSource): SecretView {
  return { variables: source.variables, literal: source.literal };
}

/** The settings without a credential's value. */
export function settingsView(settings: McpServerSettings): McpSettingsView {
  const client = settings.clientCredentials;
  return {
    headers: settings.headers.map((h) => ({ name: h.name, ...secretView(h) })),
    ...(client
      ? {
          clientCredentials: {
            clientId: secretView(client.clientIdSource),
            ...(client.clientSecretSource ? { clientSecret: secretView(client.clientSecretSource) } : {}),
            authMethod: client.authMethod,
            ...(client.scope !== undefined ? { scope: client.scope } : {}),
          },
        }
      : {}),
    ...(settings.tokenEndpoint !== undefined ? { tokenEndpoint: settings.tokenEndpoint } : {}),
    ...(settings.authTimeoutSeconds !== undefined ? { authTimeoutSeconds: settings.authTimeoutSeconds } : {}),
    filter: settings.filter && settings.filter.entries.length > 0 ? settings.filter.entries.map((e) => e.name) : null,
  };
}

/** What asking the servers revealed: filters naming tools a server does not have, servers that did not answer. */
function listingDiagnostics(references: readonly McpReference[], info: McpInfo, listings: ReadonlyMap<string, McpListing>): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  const infoFiltersReported = new Set<string>();
  for (const reference of references) {
    const listing = listings.get(reference.url);
    if (!listing) continue;
    if (!listing.ok) {
      out.push(
        diagnosticAt(
          reference.where,
          'warning',
          'mcp-unreachable',
          `${reference.url} did not answer when asked (${new Date(listing.readAt).toISOString()}): ${listing.error}. neuro-san leaves a server it cannot reach out of agent '${reference.agent}''s tools.`,
        ),
      );
      continue;
    }
    const settings = info.servers.get(reference.url);
    const filter = effectiveFilter(reference, settings);
    if (!filter) continue;
    if (filter.from === 'info file') {
      if (infoFiltersReported.has(reference.url)) continue;
      infoFiltersReported.add(reference.url);
    }
    const names = listing.tools.map((t) => t.name);
    const unmatched = new Set(unmatchedFilterEntries(filter.entries.map((e) => e.name), names));
    for (const entry of filter.entries) {
      if (!unmatched.has(entry.name)) continue;
      out.push(
        diagnosticAt(
          entry.where,
          'warning',
          'mcp-unknown-tool',
          `${reference.url} has no tool '${entry.name}' (asked ${new Date(listing.readAt).toISOString()}; it lists ${names.length === 0 ? 'none' : names.join(', ')}): neuro-san offers ${filter.from === 'network' ? `agent '${reference.agent}'` : 'its agents'} nothing for it.`,
        ),
      );
    }
  }
  return out;
}
