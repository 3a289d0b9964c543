import { resolveFile, type IncludeHost, type ResolvedDocument } from '../hocon/index';
import { isAbsolutePath, normalizePath } from '../hocon/index';
import { keyOrigin } from '../toolbox/index';
import { loadAgentNetwork, type LoadedNetwork } from '../toolbox/index';
import { fromHoconDiagnostic, loadToolbox, type LoadedToolbox } from '../toolbox/index';
import { compareDiagnostics, type ToolboxDiagnostic } from '../toolbox/index';
import { brokenToolPointers, toolboxErrorsByTool } from './brokenTools';
import { checkTestCaseAgent } from './testCase';
import { checkAgentReferences } from './agentReferences';
import { FILE_KINDS, recogniseKind, type FileKind } from './fileKind';
import { readManifest, type ManifestEntry } from './manifest';
import { environmentWith, type ProjectSettings, type SettingSource } from './settings';
import { analyzeProjectMcp, mcpInfoChoice, type McpListing, type McpServerSettings, type ProjectMcp } from '../mcp/index';
import { newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';
import { toolPathOnlyProblems } from './toolPathOnly';
import { deprecatedVariableWarnings } from './deprecatedVariables';

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
  /** What the project's MCP servers answered when the user asked them, by URL (their problems are reported then). */
  mcpListings?: ReadonlyMap<string, McpListing>;
  /** The facts of the neuro-san version the project runs (default: the newest the editor knows). */
  neuroSan?: NeuroSanFacts;
  /** The project's AGENT_TOOL_PATH_ONLY (the environment's, else its .env's). */
  agentToolPathOnly?: string;
  /** The project's `.env` (`file` relative to the root), for the variables its neuro-san warns about. */
  dotEnv?: { file: string; text: string };
}

export interface ProjectFileInfo {
  path: string;
  kind: FileKind;
  /** Why this kind, in a few words. */
  reason: string;
  errors: number;
  warnings: number;
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
  /** The manifest neuro-san would be started with (AGENT_MANIFEST_FILE). */
  inUse: boolean;
  served: string[];
  notServed: string[];
}

export interface ProjectAnalysis {
  settings: ProjectSettings;
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
}

/**
 * Reads a neuro-san project as a whole: every file by its kind, the project's toolbox once, each network with the
 * toolbox it uses, the manifests and what they serve, and for each tool the agents that use it.
 */
export function analyzeProject(options: AnalyzeOptions): ProjectAnalysis {
  const { host, settings } = options;
  const env = environmentWith(options.env, settings);
  const read = (path: string): ResolvedDocument => resolveFile(path, { host, baseDir: '.', env });
  const docs = new Map<string, ResolvedDocument>();
  const included = new Set<string>();
  for (const file of options.files) {
    const doc = read(file);
    docs.set(file, doc);
    for (const source of doc.sources.slice(1)) included.add(normalizePath(source.name));
  }
  const toolboxSetting = settings.AGENT_TOOLBOX_INFO_FILE;
  const projectToolbox = toolboxSetting ? normalizePath(toolboxSetting.value) : undefined;

  const files: ProjectFileInfo[] = options.files.map((path) => {
    const doc = docs.get(path)!;
    // The text the reading was made from, not a second read of the file.
    const source = doc.sources[0];
    const recognised = recogniseKind({
      path,
      root: doc.value,
      text: source !== undefined && source.name === path ? source.text : '',
      included: included.has(path),
      settingsToolbox: path === projectToolbox,
      ...(options.kindOverrides?.[path] ? { override: options.kindOverrides[path] } : {}),
    });
    return { path, ...recognised, errors: 0, warnings: 0 };
  });
  const kindOf = new Map(files.map((f) => [f.path, f.kind]));

  const diagnostics: ToolboxDiagnostic[] = [];
  const toolboxes = new Map<string, LoadedToolbox>();
  const loadOne = (path: string) => {
    const toolbox = loadToolbox({ host, baseDir: '.', env, userFile: path, ...(docs.has(path) ? { resolvedUserFile: docs.get(path)! } : {}), ...defaults(options) });
    toolboxes.set(path, toolbox);
    diagnostics.push(...toolbox.diagnostics);
  };
  if (projectToolbox) loadOne(projectToolbox);
  for (const file of files) if (file.kind === 'toolbox' && !toolboxes.has(file.path)) loadOne(file.path);
  // Without any toolbox, the default alone is what networks use.
  const fallback = toolboxes.get(projectToolbox ?? '') ?? loadToolbox({ host, baseDir: '.', env, ...defaults(options) });

  const manifestInUse = settings.AGENT_MANIFEST_FILE ? normalizePath(settings.AGENT_MANIFEST_FILE.value) : undefined;
  const networks: LoadedNetwork[] = [];
  for (const file of files) {
    const doc = docs.get(file.path)!;
    switch (file.kind) {
      case 'network': {
        const network = loadAgentNetwork(file.path, { host, baseDir: '.', env, resolvedNetwork: doc, ...defaults(options) });
        networks.push(network);
        const usedToolbox = network.toolboxFile ? normalizePath(network.toolboxFile.path) : undefined;
        // The toolbox's own problems are said once, in the toolbox; the network points at the ones it meets.
        for (const d of network.diagnostics) if (!toolboxes.has(normalizePath(d.file))) diagnostics.push(d);
        diagnostics.push(...checkAgentReferences(doc.value));
        diagnostics.push(...brokenToolPointers(network, usedToolbox ? toolboxes.get(usedToolbox) : fallback));
        break;
      }
      case 'manifest': {
        diagnostics.push(...doc.diagnostics.map(fromHoconDiagnostic));
        break;
      }
      case 'test-case':
        diagnostics.push(...doc.diagnostics.map(fromHoconDiagnostic));
        diagnostics.push(...checkTestCaseAgent(doc.value, manifestInUse, (p) => kindOf.get(p) === 'network'));
        break;
      case 'toolbox':
        break;
      case 'fragment':
        // Read where it is included: its problems come with the files that include it.
        if (!included.has(file.path)) diagnostics.push(...doc.diagnostics.map(fromHoconDiagnostic));
        break;
      default:
        diagnostics.push(...doc.diagnostics.map(fromHoconDiagnostic));
    }
  }

  const mcp = analyzeProjectMcp({
    networks: files.filter((f) => f.kind === 'network').map((f) => ({ path: f.path, root: docs.get(f.path)!.value })),
    ...mcpInfoFile(settings, options.neuroSan ?? newestFacts(), host, (path) => docs.get(normalizePath(path)) ?? read(path), diagnostics),
    ...(options.mcpListings ? { listings: options.mcpListings } : {}),
  });
  diagnostics.push(...mcp.diagnostics);

  const manifestHost = {
    fileProblem(path: string) {
      const doc = docs.get(normalizePath(path));
      if (!doc) return undefined;
      return { exists: true as const, isNetwork: kindOf.get(normalizePath(path)) === 'network', parses: doc.diagnostics.every((d) => d.severity !== 'error') };
    },
  };
  const manifests: ProjectManifest[] = [];
  const servedAnywhere = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'manifest') continue;
    const read = readManifest(docs.get(file.path)!.value, manifestHost);
    diagnostics.push(...read.diagnostics);
    const networksOf = (entries: ManifestEntry[]) => entries.map((e) => e.network ?? e.written);
    const served = networksOf(read.entries.filter((e) => e.served));
    for (const n of served) servedAnywhere.add(n);
    manifests.push({ path: file.path, inUse: file.path === manifestInUse, served, notServed: networksOf(read.entries.filter((e) => !e.served)) });
  }

  diagnostics.push(
    ...toolPathOnlyProblems({
      facts: options.neuroSan ?? newestFacts(),
      flag: options.agentToolPathOnly ?? env.AGENT_TOOL_PATH_ONLY,
      agentToolPath: settings.AGENT_TOOL_PATH?.value,
      toolboxes: toolboxes.values(),
      networks: files.filter((f) => f.kind === 'network').map((f) => docs.get(f.path)!.value),
    }),
    ...deprecatedVariableWarnings(options.dotEnv, options.neuroSan ?? newestFacts()),
  );

  const unique = dedupe(diagnostics).sort(compareDiagnostics);
  const byFile = new Map(files.map((f) => [f.path, f]));
  for (const d of unique) {
    const file = byFile.get(normalizePath(d.file));
    if (!file) continue;
    if (d.severity === 'error') file.errors++;
    else file.warnings++;
  }

  const { tools, undefinedToolUsers } = crossReferences(projectToolbox ? toolboxes.get(projectToolbox) : fallback, networks, projectToolbox);
  return {
    settings,
    ...(projectToolbox && toolboxSetting ? { toolbox: { path: projectToolbox, from: toolboxSetting.from } } : {}),
    files,
    manifests,
    networksLeftOff: files.filter((f) => f.kind === 'network' && !servedAnywhere.has(f.path)).map((f) => f.path),
    tools,
    undefinedToolUsers,
    diagnostics: unique,
    mcp: mcp.mcp,
    mcpSettings: mcp.settings,
  };
}

/** The MCP info file the project's neuro-san reads (by its version's variables), read. */
function mcpInfoFile(
  settings: ProjectSettings,
  facts: NeuroSanFacts,
  host: IncludeHost,
  read: (path: string) => ResolvedDocument,
  diagnostics: ToolboxDiagnostic[],
): Pick<Parameters<typeof analyzeProjectMcp>[0], 'info'> {
  const choice = mcpInfoChoice(settings, facts);
  if (!choice) return {};
  const { view } = choice;
  if (view.problem || typeof host.readFile(view.path) !== 'string') {
    const problem = view.problem ?? `${view.variable} names ${view.path}, which cannot be read: neuro-san fails with "Could not find MCP info file at path: ${view.path}" when an agent uses an MCP server.`;
    return { info: { view: { ...view, problem }, root: undefined } };
  }
  const doc = read(view.path);
  diagnostics.push(...doc.diagnostics.map(fromHoconDiagnostic));
  return { info: { view, root: doc.value } };
}

/** What every toolbox and network of the project is read with: the default toolbox and the neuro-san version's facts. */
function defaults(options: AnalyzeOptions): { defaultFile?: string; neuroSan?: NeuroSanFacts } {
  return { ...(options.defaultFile ? { defaultFile: options.defaultFile } : {}), ...(options.neuroSan ? { neuroSan: options.neuroSan } : {}) };
}

/** Each tool of the project's toolbox with the agents that use it (networks that use another toolbox are left out). */
function crossReferences(toolbox: LoadedToolbox | undefined, networks: readonly LoadedNetwork[], projectToolbox: string | undefined) {
  const users = new Map<string, ToolUser[]>();
  const undefinedToolUsers: (ToolUser & { tool: string })[] = [];
  for (const network of networks) {
    const used = network.toolboxFile ? normalizePath(network.toolboxFile.path) : undefined;
    const sameToolbox = used === projectToolbox;
    for (const agent of network.agents) {
      const position = agent.where.source.positionAt(agent.where.start);
      const user: ToolUser = { network: network.file, file: normalizePath(agent.where.source.name), agent: agent.name, line: position.line, column: position.column, offset: agent.where.start, length: agent.where.end - agent.where.start };
      if (!agent.defined) undefinedToolUsers.push({ ...user, tool: agent.toolName });
      else if (sameToolbox) users.set(agent.toolName, [...(users.get(agent.toolName) ?? []), user]);
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

function dedupe(diagnostics: readonly ToolboxDiagnostic[]): ToolboxDiagnostic[] {
  const seen = new Set<string>();
  const out: ToolboxDiagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${normalizePath(d.file)}:${d.range.start.offset}:${d.rule}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/** Per kind: how many files, errors and warnings (the CLI's closing summary). */
export function summaryByKind(analysis: ProjectAnalysis): { kind: FileKind; files: number; errors: number; warnings: number }[] {
  return FILE_KINDS.map((kind) => {
    const of = analysis.files.filter((f) => f.kind === kind);
    return { kind, files: of.length, errors: sum(of.map((f) => f.errors)), warnings: sum(of.map((f) => f.warnings)) };
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
