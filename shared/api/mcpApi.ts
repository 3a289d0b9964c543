/**
 * The API's view of a project's MCP servers (shared/mcp/projectMcp.ts): the servers the networks name, who uses them
 * with which filter, the info file's settings with credentials shown only by where they come from, and what a server
 * answered when the user asked it.
 */
import { Type } from '@sinclair/typebox';
import type { McpListing, ProjectMcp } from '../mcp/index';
import type { Assert, SameShape } from './textEdits';
import { ToolUserT } from './toolUser';
import type { Static } from '@sinclair/typebox';

const SecretViewT = Type.Object({ variables: Type.Array(Type.String()), literal: Type.Boolean() });

const McpSettingsViewT = Type.Object({
  headers: Type.Array(Type.Object({ name: Type.String(), ...SecretViewT.properties })),
  clientCredentials: Type.Optional(
    Type.Object({ clientId: SecretViewT, clientSecret: Type.Optional(SecretViewT), authMethod: Type.String(), scope: Type.Optional(Type.String()) }),
  ),
  tokenEndpoint: Type.Optional(Type.String()),
  authTimeoutSeconds: Type.Optional(Type.Number()),
  filter: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

/** An agent using a server: where it names it (as a tool's user), and the filter it applies. */
export const McpServerUserT = Type.Object({
  ...ToolUserT.properties,
  filter: Type.Union([Type.Array(Type.String()), Type.Null()]),
  filterFrom: Type.Union([Type.Literal('network'), Type.Literal('info file'), Type.Null()]),
});

export const ProjectMcpT = Type.Object({
  infoFile: Type.Union([
    Type.Object({
      path: Type.String(),
      variable: Type.Union([Type.Literal('AGENT_MCP_INFO_FILE'), Type.Literal('MCP_SERVERS_INFO_FILE')]),
      from: Type.String(),
      note: Type.Optional(Type.String()),
      problem: Type.Optional(Type.String()),
    }),
    Type.Null(),
  ]),
  servers: Type.Array(Type.Object({ url: Type.String(), users: Type.Array(McpServerUserT), settings: Type.Union([McpSettingsViewT, Type.Null()]) })),
});

const McpToolT = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  inputSchema: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** What a server's `tools/list` answered (or why it did not), and when (ms since the epoch). */
export const McpListingT = Type.Union([
  Type.Object({ url: Type.String(), readAt: Type.Number(), ok: Type.Literal(true), tools: Type.Array(McpToolT) }),
  Type.Object({ url: Type.String(), readAt: Type.Number(), ok: Type.Literal(false), error: Type.String() }),
]);

type _ProjectMcpShape = Assert<SameShape<Static<typeof ProjectMcpT>, ProjectMcp>>;
type _McpListingShape = Assert<SameShape<Static<typeof McpListingT>, McpListing>>;
