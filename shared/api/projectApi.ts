/** The API's view of a neuro-san project (shared/project/analyzeProject.ts): what the project view shows. */
import { Type, type Static } from '@sinclair/typebox';
import { FILE_KINDS } from '../project/fileKind';
import type { PlannedEdit } from '../project/renameTool';
import { FileTextEditT, type Assert, type SameShape } from './textEdits';
import { McpListingT, ProjectMcpT } from './mcpApi';
import { ToolUserT } from './toolUser';
import type { ProjectNeuroSan } from '../neurosan/versions/index';

export const FileKindT = Type.Union(FILE_KINDS.map((k) => Type.Literal(k)));

const SettingT = Type.Object({ value: Type.String(), from: Type.String() });

export { ToolUserT };

/** The neuro-san version a project (or a file) is checked for, and why (shared/neurosan/versions/projectVersion.ts). */
export const NeuroSanVersionT = Type.Object({
  version: Type.String(),
  from: Type.Union([Type.Literal('command line'), Type.Literal('project setting'), Type.Literal('interpreter'), Type.Literal('pin'), Type.Literal('newest known')]),
  how: Type.String(),
  file: Type.Optional(Type.String()),
  line: Type.Optional(Type.Integer()),
  interpreter: Type.Optional(Type.Object({ python: Type.String(), version: Type.Union([Type.String(), Type.Null()]) })),
});
type _NeuroSanVersionShape = Assert<SameShape<Static<typeof NeuroSanVersionT>, ProjectNeuroSan>>;

export const ProjectViewT = Type.Object({
  /** Absolute. Every other path is relative to it. */
  root: Type.String(),
  settings: Type.Record(Type.String(), SettingT),
  toolbox: Type.Union([Type.Object({ path: Type.String(), from: Type.String() }), Type.Null()]),
  files: Type.Array(Type.Object({ path: Type.String(), kind: FileKindT, reason: Type.String(), errors: Type.Integer(), warnings: Type.Integer(), hints: Type.Integer() })),
  manifests: Type.Array(
    Type.Object({
      path: Type.String(),
      inUse: Type.Boolean(),
      /** What starts neuro-san with it (AGENT_MANIFEST_FILE of the settings, a CI workflow's line...). */
      namedBy: Type.Optional(Type.Array(Type.String())),
      served: Type.Array(Type.String()),
      notServed: Type.Array(Type.String()),
    }),
  ),
  networksLeftOff: Type.Array(Type.String()),
  tools: Type.Array(
    Type.Object({ name: Type.String(), file: Type.String(), line: Type.Integer(), origin: Type.String(), errors: Type.Integer(), users: Type.Array(ToolUserT) }),
  ),
  undefinedToolUsers: Type.Array(Type.Object({ ...ToolUserT.properties, tool: Type.String() })),
  /** The folder held more files than a project walk reads (node/project/projectOnDisk.ts): only part was read. */
  truncated: Type.Optional(Type.Boolean()),
  /** The MCP servers the networks name (nothing contacted to know them). */
  mcp: ProjectMcpT,
  /** What servers answered when the user last asked them (`mcp.listTools`), kept for the project. */
  mcpListings: Type.Array(McpListingT),
  /** The neuro-san version the project is checked for. */
  neuroSan: Type.Optional(NeuroSanVersionT),
  /** Files of the project's settings that were not read, and why (a `.env` that is a FIFO or a device). */
  warnings: Type.Optional(Type.Array(Type.String())),
});
export type ProjectView = Static<typeof ProjectViewT>;

/** One replacement in a project file (offsets in UTF-16 units of the file's text on disk). */
export const ProjectEditT = Type.Object({
  ...FileTextEditT.properties,
  /** Relative to the project root. */
  file: Type.String({ minLength: 1 }),
  /** For the preview: the line, and the line's text before and after. */
  line: Type.Integer(),
  before: Type.String(),
  after: Type.String(),
});
export type ProjectEdit = Static<typeof ProjectEditT>;
type _ProjectEditShape = Assert<SameShape<ProjectEdit, PlannedEdit>>;
