import { dirnameOf, isAbsolutePath, joinPath, resolveFile, toJson, type HoconField, type HoconObject, type HoconValue, type IncludeHost, type Origin, type ResolvedDocument } from '../hocon/index';
import { readingDifferenceWarnings } from './readingDifferences';
import { includesReadElsewhere } from './includeWorkingDirectory';
import type { NeuroSanResolvedDocument } from '../neurosan/index';
import { isRemovedTool, leftDefaultToolboxWords, notDefinedMessage, removedToolMessage } from './rules/removedTools';
import { defaultMayDefine, newestFacts, versionWords, type NeuroSanFacts } from '../neurosan/versions/index';
import { fileTypeProblem, fromHoconDiagnostic, loadToolbox, resolveToolboxFile, type LoadedToolbox, type LoadOptions, type ReadDocument } from './loadToolbox';
import type { JsonValue } from './runnable';
import { ENTRY_JSON, keyOrigin } from './toolEntry';
import { ClosestNames, quoteLike } from './rules/ruleContext';
import { compareDiagnostics, diagnosticAt, replaceTextFix, replaceValueFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

/** An agent of a network that is a toolbox tool: `{"name": ..., "toolbox": "<tool key>", "args": {...}}`. */
export interface ToolboxAgent {
  /** The agent's `name` in the network. */
  name: string;
  /** The toolbox key it refers to. */
  toolName: string;
  /** The agent's `args`: they override the toolbox entry's `args` for this agent. */
  argsOverlay?: { [key: string]: JsonValue };
  /** Whether the tool exists in the effective toolbox. */
  defined: boolean;
  /** Where `"toolbox": "..."` is written. */
  where: Origin;
}

export interface LoadedNetwork {
  file: string;
  /** Which toolbox file the network uses, and why. */
  toolboxFile?: { path: string; written: string; from: 'toolbox_info_file' | 'agent_toolbox_info_file' | 'AGENT_TOOLBOX_INFO_FILE' | 'AGENT_BASE_TOOL_INFO_FILE' };
  agents: ToolboxAgent[];
  toolbox: LoadedToolbox;
  diagnostics: ToolboxDiagnostic[];
}

/** A resolved file is an agent network when its `tools` is a list (a toolbox's keys map to objects). */
export function isAgentNetwork(root: HoconObject): boolean {
  return root.fields.value('tools')?.kind === 'array';
}

/**
 * Reads an agent network the way neuro-san does: its `toolbox_info_file` key (which wins over the
 * AGENT_TOOLBOX_INFO_FILE variable) picks the user toolbox, layered over the default; then every toolbox agent is
 * checked against the effective toolbox.
 */
export function loadAgentNetwork(
  networkFile: string,
  options: Omit<LoadOptions, 'userFile' | 'resolvedUserFile'> & {
    resolvedNetwork?: ResolvedDocument;
    /** The toolbox a user file makes, when the caller keeps them (a project's networks share one). */
    loadedToolbox?: (userFile: string | undefined) => LoadedToolbox;
  },
): LoadedNetwork {
  const env = options.env ?? {};
  const { resolvedNetwork, loadedToolbox, ...toolboxOptions } = options;
  const resolved = resolvedNetwork ?? resolveToolboxFile(networkFile, { ...options, purpose: 'agent network' });
  const diagnostics: ToolboxDiagnostic[] = resolved.diagnostics.map(fromHoconDiagnostic);
  const root = resolved.value;
  if (options.reading === 'neuro-san' && resolved.ok) {
    // Every value as neuro-san gets it (instructions, toolbox agents, a list with an unset ${?x}), beside what the
    // network's text seems to say.
    const spec = (resolved as ReadDocument).specReading ?? resolveFile(networkFile, { host: options.host, baseDir: options.baseDir, env });
    // A toolbox agent's differences name its tool; the rest of the file's belong to no tool.
    // A top-level include neuro-san finds in its working directory, the text's reading next to the file: said at the include.
    const elsewhere = includesReadElsewhere((resolved as Partial<NeuroSanResolvedDocument>).reading, resolved.sources, spec.sources, options.host);
    const ours = (where: Origin) => !elsewhere.readElsewhere(where);
    const agents = readingDifferenceWarnings(root, spec.value, 'network', ours, spec.ok);
    const said = new Set(agents.map((d) => `${d.file}:${d.range.start.offset}`));
    diagnostics.push(...elsewhere.warnings, ...agents, ...readingDifferenceWarnings(root, spec.value, 'file', ours, spec.ok).filter((d) => !said.has(`${d.file}:${d.range.start.offset}`)));
  }

  const facts = options.neuroSan ?? newestFacts();
  let toolboxFile: LoadedNetwork['toolboxFile'];
  // Said once, where the network names the file (the toolbox reports it again at the file's start otherwise).
  let typeReported = false;
  // The keys this neuro-san reads, first wins (shared/neurosan/versions/facts.ts); the others it ignores.
  const keys = facts.sure.networkToolboxKeys;
  let stopped = false;
  for (const key of NETWORK_TOOLBOX_KEYS) {
    const keyField = root.fields.get(key);
    if (!keyField) continue;
    if (!keys.includes(key)) {
      diagnostics.push(ignoredKeyWarning(key, keyField.value, facts, root.fields.get('toolbox_info_file') !== undefined));
      continue;
    }
    if (toolboxFile || stopped) continue;
    const value = keyField.value;
    // Python's `or`: null and "" are passed over, to the next key and then the environment.
    if (value.kind === 'null' || (value.kind === 'string' && value.value === '')) continue;
    if (value.kind !== 'string') {
      // neuro-san raises a TypeError: the keys after it and the environment are not read.
      diagnostics.push(diagnosticAt(value, 'error', 'toolbox-info-file', `'${key}' must be a string: the path of a toolbox info file.`));
      stopped = true;
      continue;
    }
    toolboxFile = { path: locate(value.value, networkFile, options.baseDir, options.host), written: value.value, from: key as 'toolbox_info_file' | 'agent_toolbox_info_file' };
    const problem = fileTypeProblem(value.value);
    if (problem) {
      diagnostics.push(diagnosticAt(value, 'error', 'toolbox-info-file', problem));
      typeReported = true;
    }
  }
  // The variable of the version (AGENT_BASE_TOOL_INFO_FILE before 0.5.25); the project's settings name the other.
  const variable = facts.sure.toolboxFileVariable;
  const fromEnv = env[variable] ? { written: env[variable]!, from: variable } : env.AGENT_TOOLBOX_INFO_FILE ? { written: env.AGENT_TOOLBOX_INFO_FILE, from: 'AGENT_TOOLBOX_INFO_FILE' as const } : undefined;
  if (!toolboxFile && !stopped && fromEnv) {
    toolboxFile = { path: locate(fromEnv.written, networkFile, options.baseDir, options.host), written: fromEnv.written, from: fromEnv.from };
  }

  const toolbox = loadedToolbox?.(toolboxFile?.path) ?? loadToolbox({ ...toolboxOptions, ...(toolboxFile ? { userFile: toolboxFile.path } : {}) });
  const toolNames = new Set(toolbox.tools.map((t) => t.name));
  // Each name the toolbox lacks is compared with its tools once, however many agents name it, through an index of
  // them (thousands of agents naming thousands of tools the toolbox lacks took minutes measured against each).
  const closestTools = new Map<string, string | undefined>();
  let toolIndex: ClosestNames | undefined;
  const closestTool = (name: string) => {
    if (!closestTools.has(name)) closestTools.set(name, (toolIndex ??= new ClosestNames(toolNames)).closest(name));
    return closestTools.get(name);
  };
  const toolboxUnread = toolbox.userFileUnread === true;
  const agents: ToolboxAgent[] = [];
  const agentList = root.fields.value('tools');
  const agentKey = facts.sure.toolboxAgentKey;
  const otherKey = agentKey === 'toolbox' ? 'base_tool' : 'toolbox';
  for (const agent of agentList?.kind === 'array' ? agentList.elements : []) {
    if (agent.kind !== 'object') continue;
    const toolbox = agent.fields.value(agentKey);
    const other = agent.fields.get(otherKey);
    if (other && !toolbox) diagnostics.push(otherToolboxKeyWarning(otherKey, other, stringOf(agent.fields.value('name')), facts));
    if (!toolbox) continue;
    const name = stringOf(agent.fields.value('name')) ?? '(unnamed agent)';
    if (toolbox.kind !== 'string') {
      diagnostics.push(diagnosticAt(toolbox, 'error', 'toolbox-agent', `"${agentKey}" of agent '${name}' must be the name of a tool (a string).`));
      continue;
    }
    const args = agent.fields.value('args');
    // A tool the default toolbox may hold at this version (where a release is not known exactly) counts as defined.
    const defined = toolNames.has(toolbox.value) || defaultMayDefine(facts, toolbox.value);
    agents.push({
      name,
      toolName: toolbox.value,
      ...(args?.kind === 'object' ? { argsOverlay: toJson(args, ENTRY_JSON) as { [key: string]: JsonValue } } : {}),
      defined,
      where: toolbox,
    });
    // The toolbox file neuro-san cannot read says so itself: which tools it defines is not known (one report).
    if (!defined && !toolboxUnread) {
      // neuro-san names the file as it was configured, and explains the tools its default toolbox no longer has.
      const removed = isRemovedTool(toolbox.value, facts);
      // A likely typo of a tool that exists: offer it (the quick fix "use the closest existing tool").
      const closest = removed ? undefined : closestTool(toolbox.value);
      const left = removed ? undefined : leftDefaultToolboxWords(toolbox.value, facts);
      const message = removed ? removedToolMessage(toolbox.value) : `${notDefinedMessage(toolbox.value, toolboxFile?.written, facts)}${left ? ` ${left}` : ''}`;
      diagnostics.push(
        diagnosticAt(toolbox, 'error', removed ? 'removed-tool' : 'undefined-tool', `${message}${closest ? ` Did you mean '${closest}'?` : ''}`, {
          ...(closest ? { fix: replaceValueFix(`Use '${closest}'`, toolbox, quoteLike(toolbox, closest)) } : {}),
        }),
      );
    }
    const tools = agent.fields.get('tools');
    if (tools) diagnostics.push(diagnosticAt(tools.value, 'warning', 'toolbox-agent-tools', toolboxAgentToolsMessage(name, toolbox.value, facts)));
  }
  for (const d of toolbox.diagnostics) if (!(typeReported && d.rule === 'toolbox-file-type')) diagnostics.push(d);
  return { file: networkFile, ...(toolboxFile ? { toolboxFile } : {}), agents, toolbox, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/** The network keys that ever named the user's toolbox file, in neuro-san's order of priority. */
const NETWORK_TOOLBOX_KEYS = ['agent_toolbox_info_file', 'toolbox_info_file'] as const;

/** A key this neuro-san does not read: what it reads instead, and a fix where renaming the key keeps the meaning. */
function ignoredKeyWarning(key: string, value: HoconValue, facts: NeuroSanFacts, hasToolboxInfoFile: boolean): ToolboxDiagnostic {
  const reads = facts.sure.networkToolboxKeys.length > 0 ? `"${facts.sure.networkToolboxKeys.join('", then "')}", then ${facts.sure.toolboxFileVariable}` : facts.sure.toolboxFileVariable;
  const why = key === 'agent_toolbox_info_file' ? ' (removed in 0.6.1, PR #498)' : ' (read from 0.5.40)';
  const keyAt = value.source.text.lastIndexOf(key, value.start);
  const fix =
    key === 'agent_toolbox_info_file' && !hasToolboxInfoFile && keyAt >= 0
      ? { fix: replaceTextFix('Rename to "toolbox_info_file"', value.source.name, keyAt, key.length, 'toolbox_info_file') }
      : {};
  return diagnosticAt(value, 'warning', 'ignored-key', `${versionWords(facts)} ignores "${key}"${why}: it reads ${reads}.`, fix);
}

/**
 * An agent naming its tool with the key of another era: "base_tool" is read by neuro-san 0.5.19 to 0.5.24 only,
 * "toolbox" from 0.5.25 (commit 78b29bff). The agent is then no toolbox tool: without a function it is not offered.
 */
function otherToolboxKeyWarning(key: string, field: HoconField, agent: string | undefined, facts: NeuroSanFacts): ToolboxDiagnostic {
  const reads = facts.sure.toolboxAgentKey;
  const era = key === 'base_tool' ? 'read by neuro-san 0.5.19 to 0.5.24 only' : 'read from neuro-san 0.5.25 on';
  const keyAt = keyOrigin(field);
  return diagnosticAt(
    keyAt,
    'warning',
    'ignored-key',
    `${versionWords(facts)} ignores "${key}" (${era}): it names a toolbox tool with "${reads}", so agent '${agent ?? '(unnamed)'}' is no toolbox tool here.`,
    { fix: replaceTextFix(`Rename to "${reads}"`, keyAt.source.name, keyAt.start, keyAt.end - keyAt.start, JSON.stringify(reads)) },
  );
}

/** neuro-san's server builds a toolbox agent from its toolbox entry and args alone; only its network designer refuses `tools`. */
function toolboxAgentToolsMessage(agent: string, tool: string, facts: NeuroSanFacts): string {
  const designer = facts.sure.designerRefusesToolboxAgentTools
    ? ` neuro-san's agent network designer refuses such an agent ("Toolbox agent cannot have 'tools'").`
    : '';
  return `Agent '${agent}' is a toolbox tool ('${tool}'): ${versionWords(facts)} ignores its "tools" and builds it from the toolbox entry alone.${designer}`;
}

function stringOf(value: HoconValue | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}

/** neuro-san resolves the reference against its working directory (the project root); try next to the network too. */
function locate(reference: string, networkFile: string, baseDir: string | undefined, host: IncludeHost): string {
  if (isAbsolutePath(reference)) return reference;
  const candidates = [...(baseDir ? [joinPath(baseDir, reference)] : []), joinPath(dirnameOf(networkFile), reference)];
  return candidates.find((c) => host.readFile(c) !== undefined) ?? candidates[0]!;
}
