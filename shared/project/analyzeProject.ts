import { isAbsolutePath, normalizePath, type IncludeHost } from '../hocon/index';
import { keyOrigin } from '../toolbox/index';
import type { LoadedNetwork, LoadedToolbox, ToolboxDiagnostic } from '../toolbox/index';
import { compareDiagnostics, dedupeDiagnostics } from '../toolbox/index';
import { toolboxErrorsByTool } from './brokenTools';
import { FILE_KINDS, type FileKind } from './fileKind';
import type { ManifestEntry } from './manifest';
import { ProjectReader } from './projectReader';
import { environmentWith, type ProjectSettings, type SettingSource } from './settings';
import { newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';
import { deprecatedVariableWarnings } from './deprecatedVariables';
import { staleCaseProblems } from './savedCases';
import type { RunContext } from './runContext';
import { analyzeProjectMcp, mcpInfoChoice, type McpAnalysisInput, type McpListing, type McpServerSettings, type ProjectMcp } from '../mcp/index';

export interface AnalyzeOptions {
  /** The project's HOCON files, relative to its root, '/'-separated. */
  files: readonly string[];
  /** Reads a path relative to the project root (or absolute). Unsaved editor text goes here too. */
  host: IncludeHost;
  env: Record<string, string | undefined>;
  settings: ProjectSettings;
  /** The shipped default toolbox (absolute), layered under every toolbox as neuro-san does. */
  defaultFile?: string;
  /** Kinds the user chose, by path. */
  kindOverrides?: Readonly<Record<string, FileKind>>;
  /** Includes by `http(s)` URL were fetched (the user allowed it for the project). */
  urlsFetched?: boolean;
  /** Whether a network name is served by a manifest of any project in the folder validated (projectReader.ts). */
  knownAgent?(name: string): boolean;
  /** The facts of the neuro-san version the project runs (default: the newest the editor knows). */
  neuroSan?: NeuroSanFacts;
  /** The project's AGENT_TOOL_PATH_ONLY (the environment's, else its .env's). */
  agentToolPathOnly?: string;
  /** The project's `.env` (`file` relative to the root), for the variables its neuro-san warns about. */
  dotEnv?: { file: string; text: string };
  /**
   * The description review of the project's toolboxes (node/review/reviewToolbox.ts: it needs the tokenizer and
   * each toolbox's `.toolbox-editor.json`), as `validate FILE` and the app add it to each toolbox's problems.
   */
  review?: readonly ToolboxDiagnostic[];
  /** What the project's MCP servers answered when the user asked them, by URL (their problems are reported then). */
  mcpListings?: ReadonlyMap<string, McpListing>;
}

/**
 * What a project's analysis needs besides its files: its .env, the description review made beforehand, and what its
 * MCP servers answered when asked.
 */
export type ProjectExtras = Pick<AnalyzeOptions, 'dotEnv' | 'review' | 'mcpListings'>;

export interface ProjectFileInfo {
  path: string;
  kind: FileKind;
  /** Why this kind, in a few words. */
  reason: string;
  errors: number;
  warnings: number;
  hints: number;
}

/** An agent of a network that is a toolbox tool: where `"toolbox": "<tool>"` is written. */
export interface ToolUser {
  network: string;
  /** The file the reference is written in (the network, or a file it includes); offset and length are in it. */
  file: string;
  agent: string;
  line: number;
  column: number;
  offset: number;
  length: number;
}

export interface ProjectTool {
  name: string;
  /** The toolbox file it is written in (the default toolbox's absolute path for a default tool). */
  file: string;
  line: number;
  origin: string;
  errors: number;
  users: ToolUser[];
}

export interface ProjectManifest {
  path: string;
  /** A manifest neuro-san would be started with by the project's settings (AGENT_MANIFEST_FILE, a list from 0.6.23). */
  inUse: boolean;
  /** What starts neuro-san with it: `AGENT_MANIFEST_FILE (from .env)`, and shipped runs (`.github/workflows/ci.yml:40`). */
  namedBy: string[];
  served: string[];
  notServed: string[];
}

export interface ProjectAnalysis {
  settings: ProjectSettings;
  /** Where the project runs neuro-san besides its settings (its CI, Makefile, Dockerfiles: shippedRuns.ts). */
  runs: RunContext[];
  /**
   * Every manifest neuro-san is started with (whether there or not), with what names it: AGENT_MANIFEST_FILE of the
   * settings, split as the project's release splits it, then each run's.
   */
  manifestsInUse: { path: string; namedBy: string[]; settings: boolean }[];
  toolbox?: { path: string; from: SettingSource };
  files: ProjectFileInfo[];
  manifests: ProjectManifest[];
  /** Networks of the project that no manifest serves. */
  networksLeftOff: string[];
  /** The tools of the project's toolbox (the default's and the project's), each with the agents that use it. */
  tools: ProjectTool[];
  /** Agents that name a tool no toolbox defines. */
  undefinedToolUsers: (ToolUser & { tool: string })[];
  /** Every problem once, in the file it is in, sorted by file and position. */
  diagnostics: ToolboxDiagnostic[];
  /** The MCP servers the networks name, the agents using each, and the info file's settings (no credential). */
  mcp: ProjectMcp;
  /** The info file's settings with their credentials: for the side that connects, never to show. */
  mcpSettings: ReadonlyMap<string, McpServerSettings>;
  /** The toolboxes' saved test case files that exist (`<name>.tests.json`), checked against their tools. */
  caseFiles: string[];
}

/**
 * Reads a neuro-san project as a whole: every file by its kind (projectReader.ts: the same reading and rules as one
 * file validated or opened alone), the project's toolbox once, the manifests and what they serve, and for each tool
 * the agents that use it.
 */
export function analyzeProject(options: AnalyzeOptions): ProjectAnalysis {
  const reader = new ProjectReader({
    files: options.files,
    root: '.',
    host: options.host,
    env: environmentWith(options.env, options.settings),
    settings: options.settings,
    ...defaults(options),
    ...(options.kindOverrides ? { kindOverrides: options.kindOverrides } : {}),
    ...(options.urlsFetched ? { urlsFetched: true } : {}),
    ...(options.knownAgent ? { knownAgent: options.knownAgent } : {}),
    ...(options.neuroSan ? { neuroSan: options.neuroSan } : {}),
    ...(options.agentToolPathOnly !== undefined ? { agentToolPathOnly: options.agentToolPathOnly } : {}),
  });
  return analysisOf(reader, options.settings, options);
}

/** The whole project as `reader` reads it: each file's kind and problems, manifests, tools and their users. */
export function analysisOf(reader: ProjectReader, settings: ProjectSettings, extras: ProjectExtras = {}): ProjectAnalysis {
  const toolboxSetting = settings.AGENT_TOOLBOX_INFO_FILE;
  const projectToolbox = reader.settingPath('AGENT_TOOLBOX_INFO_FILE');
  const files: ProjectFileInfo[] = reader.files.map((path) => ({ path, ...reader.kind(path), errors: 0, warnings: 0, hints: 0 }));
  const diagnostics: ToolboxDiagnostic[] = [];
  // The project's toolbox first (its problems are its own, said once), then each file by its kind.
  if (projectToolbox !== undefined && !reader.isProjectFile(projectToolbox)) {
    const toolbox = reader.toolbox(projectToolbox);
    diagnostics.push(...toolbox.diagnostics, ...reader.toolPathOnly([toolbox], []));
  }
  for (const file of files) diagnostics.push(...reader.diagnostics(file.path));
  diagnostics.push(...(extras.review ?? []));
  // Each toolbox's saved test cases (`<name>.tests.json` beside it) against the tools it defines.
  const readText = (path: string) => {
    const text = reader.options.host.readFile(path);
    return typeof text === 'string' ? text : undefined;
  };
  const toolboxPaths = [...files.filter((f) => f.kind === 'toolbox').map((f) => f.path), ...(projectToolbox !== undefined && !reader.isProjectFile(projectToolbox) ? [projectToolbox] : [])];
  const caseFiles: string[] = [];
  for (const path of toolboxPaths) {
    const toolbox = reader.toolbox(path);
    if (toolbox.userFileUnread) continue;
    const checked = staleCaseProblems(path, readText, new Set(toolbox.tools.map((t) => t.name)));
    if (checked.file !== undefined) caseFiles.push(checked.file);
    diagnostics.push(...checked.problems);
  }

  const inUse = reader.manifestsInUse();
  const manifests: ProjectManifest[] = [];
  const servedAnywhere = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'manifest') continue;
    const read = reader.manifest(file.path);
    const networksOf = (entries: ManifestEntry[]) => entries.map((e) => e.network ?? e.written);
    const served = networksOf(read.entries.filter((e) => e.served));
    for (const n of served) servedAnywhere.add(n);
    const named = inUse.filter((m) => reader.key(m.path) === reader.key(file.path));
    const namedBy = [...new Set(named.map((m) => m.namedBy))];
    manifests.push({ path: file.path, inUse: named.some((m) => m.settings), namedBy, served, notServed: networksOf(read.entries.filter((e) => !e.served)) });
  }

  const facts = reader.options.neuroSan ?? newestFacts();
  // The project's own: what its `.env` sets that its neuro-san warns about (no HOCON file holds it).
  diagnostics.push(...deprecatedVariableWarnings(extras.dotEnv, facts));
  const mcp = projectMcpOf(reader, settings, extras.mcpListings);
  diagnostics.push(...mcp.diagnostics);

  const unique = dedupeDiagnostics(diagnostics).sort(compareDiagnostics);
  const byFile = new Map(files.map((f) => [normalizePath(f.path), f]));
  for (const d of unique) {
    const file = byFile.get(normalizePath(d.file));
    if (!file) continue;
    if (d.severity === 'error') file.errors++;
    else if (d.severity === 'warning') file.warnings++;
    else file.hints++;
  }

  const networks = files.filter((f) => f.kind === 'network').map((f) => reader.network(f.path));
  const { tools, undefinedToolUsers } = crossReferences(reader.toolbox(projectToolbox), networks, projectToolbox);
  return {
    settings,
    manifestsInUse: groupedInUse(reader),
    runs: reader.shippedRuns().map(({ source, cwd, manifests, toolbox, agentToolPath }) => ({ source, cwd, manifests, ...(toolbox !== undefined ? { toolbox } : {}), ...(agentToolPath !== undefined ? { agentToolPath } : {}) })),
    ...(projectToolbox && toolboxSetting ? { toolbox: { path: toolboxSetting.value, from: toolboxSetting.from } } : {}),
    files,
    manifests,
    networksLeftOff: files.filter((f) => f.kind === 'network' && !servedAnywhere.has(f.path)).map((f) => f.path),
    tools,
    undefinedToolUsers,
    diagnostics: unique,
    mcp: mcp.mcp,
    mcpSettings: mcp.settings,
    caseFiles,
  };
}

/**
 * The MCP servers the project's networks name, their settings and problems (with what they answered, when asked):
 * what `--mcp` needs to know whom to ask before the one analysis that reports their answers.
 */
export function projectMcpOf(reader: ProjectReader, settings: ProjectSettings, listings?: ReadonlyMap<string, McpListing>): ReturnType<typeof analyzeProjectMcp> {
  return analyzeProjectMcp({
    networks: reader.files.filter((f) => reader.kind(f).kind === 'network').map((f) => ({ path: f, root: reader.document(f).value })),
    ...projectMcpInfoFile(reader, settings),
    ...(listings ? { listings } : {}),
  });
}

/**
 * The MCP info file the project's neuro-san reads (by its version's variables), read as neuro-san reads it: the one
 * reading for the project view and for runs of an MCP server's tools (node/mcp/mcpInfoOnDisk.ts). `versionAssumed`: see
 * mcpInfoChoice.
 */
export function projectMcpInfoFile(reader: ProjectReader, settings: ProjectSettings, versionAssumed = false): Pick<McpAnalysisInput, 'info'> {
  const choice = mcpInfoChoice(settings, reader.options.neuroSan ?? newestFacts(), versionAssumed);
  if (!choice) return {};
  const { view } = choice;
  if (view.problem) return { info: { view, root: undefined } };
  if (typeof reader.options.host.readFile(view.path) !== 'string') {
    const problem = `${view.variable} names ${view.path}, which cannot be read: neuro-san fails with "Could not find MCP info file at path: ${view.path}" when an agent uses an MCP server.`;
    return { info: { view: { ...view, problem }, root: undefined } };
  }
  const document = reader.document(view.path);
  if (!document.ok) return { info: { view: { ...view, problem: `${view.path} cannot be read as neuro-san reads it: its problems are listed with the file.` }, root: undefined } };
  return { info: { view, root: document.value } };
}

/** The reader's manifests in use, one entry per file, in the order first named. */
function groupedInUse(reader: ProjectReader): ProjectAnalysis['manifestsInUse'] {
  const byKey = new Map<string, ProjectAnalysis['manifestsInUse'][number]>();
  for (const m of reader.manifestsInUse()) {
    const key = reader.key(m.path);
    const entry = byKey.get(key) ?? { path: m.path, namedBy: [], settings: false };
    if (!entry.namedBy.includes(m.namedBy)) entry.namedBy.push(m.namedBy);
    entry.settings ||= m.settings;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

function defaults(options: AnalyzeOptions): { defaultFile?: string } {
  return options.defaultFile ? { defaultFile: options.defaultFile } : {};
}

/** Each tool of the project's toolbox with the agents that use it (networks that use another toolbox are left out). */
function crossReferences(toolbox: LoadedToolbox | undefined, networks: readonly LoadedNetwork[], projectToolbox: string | undefined) {
  const users = new Map<string, ToolUser[]>();
  const undefinedToolUsers: (ToolUser & { tool: string })[] = [];
  for (const network of networks) {
    const used = network.toolboxFile ? normalizePath(network.toolboxFile.path) : undefined;
    const sameToolbox = used === (projectToolbox === undefined ? undefined : normalizePath(projectToolbox));
    for (const agent of network.agents) {
      const position = agent.where.source.positionAt(agent.where.start);
      const user: ToolUser = { network: network.file, file: normalizePath(agent.where.source.name), agent: agent.name, line: position.line, column: position.column, offset: agent.where.start, length: agent.where.end - agent.where.start };
      if (!agent.defined) undefinedToolUsers.push({ ...user, tool: agent.toolName });
      else if (sameToolbox) {
        // Pushed, not copied: a tool 20,000 agents use took 10 s to gather by copying its list for each one.
        const list = users.get(agent.toolName);
        if (list) list.push(user);
        else users.set(agent.toolName, [user]);
      }
    }
  }
  const errors = toolboxErrorsByTool(toolbox);
  const tools: ProjectTool[] = (toolbox?.tools ?? []).map((tool) => {
    const key = keyOrigin(tool.field);
    return {
      name: tool.name,
      file: key.source.name,
      line: key.source.positionAt(key.start).line,
      origin: tool.origin,
      errors: errors.get(tool.name)?.length ?? 0,
      users: users.get(tool.name) ?? [],
    };
  });
  return { tools, undefinedToolUsers };
}


/** Per kind: how many files, errors, warnings and hints (the CLI's closing summary). */
export function summaryByKind(analysis: ProjectAnalysis): { kind: FileKind; files: number; errors: number; warnings: number; hints: number }[] {
  return FILE_KINDS.map((kind) => {
    const of = analysis.files.filter((f) => f.kind === kind);
    return { kind, files: of.length, errors: sum(of.map((f) => f.errors)), warnings: sum(of.map((f) => f.warnings)), hints: sum(of.map((f) => f.hints)) };
  }).filter((row) => row.files > 0);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** A setting's path as a project path: relative to the root when it lies inside it. */
export function projectRelative(value: string, root: string): string {
  if (!isAbsolutePath(value)) return normalizePath(value);
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return value.startsWith(prefix) ? normalizePath(value.slice(prefix.length)) : value;
}
