import { dirnameOf, isAbsolutePath, joinPath, resolveFile, toJson, type HoconObject, type HoconValue, type IncludeHost, type Origin, type ResolvedDocument } from '../hocon/index';
import { readingDifferenceWarnings } from './readingDifferences';
import { notDefinedMessage, REMOVED_TOOLS, removedToolMessage } from './rules/removedTools';
import { fileTypeProblem, fromHoconDiagnostic, loadToolbox, resolveToolboxFile, type LoadedToolbox, type LoadOptions, type ReadDocument } from './loadToolbox';
import type { JsonValue } from './runnable';
import { ENTRY_JSON } from './toolEntry';
import { closestName, quoteLike } from './rules/ruleContext';
import { compareDiagnostics, diagnosticAt, replaceValueFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

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
  toolboxFile?: { path: string; written: string; from: 'toolbox_info_file' | 'AGENT_TOOLBOX_INFO_FILE' };
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
    const agents = readingDifferenceWarnings(root, spec.value, 'network', () => true, spec.ok);
    const said = new Set(agents.map((d) => `${d.file}:${d.range.start.offset}`));
    diagnostics.push(...agents, ...readingDifferenceWarnings(root, spec.value, 'file', () => true, spec.ok).filter((d) => !said.has(`${d.file}:${d.range.start.offset}`)));
  }

  let toolboxFile: LoadedNetwork['toolboxFile'];
  // Said once, where the network names the file (the toolbox reports it again at the file's start otherwise).
  let typeReported = false;
  const keyField = root.fields.get('toolbox_info_file');
  if (keyField) {
    const value = keyField.value;
    if (value.kind !== 'string') {
      diagnostics.push(diagnosticAt(value, 'error', 'toolbox-info-file', `'toolbox_info_file' must be a string: the path of a toolbox info file.`));
    } else {
      toolboxFile = { path: locate(value.value, networkFile, options.baseDir, options.host), written: value.value, from: 'toolbox_info_file' };
      const problem = fileTypeProblem(value.value);
      if (problem) {
        diagnostics.push(diagnosticAt(value, 'error', 'toolbox-info-file', problem));
        typeReported = true;
      }
    }
  } else if (env.AGENT_TOOLBOX_INFO_FILE) {
    toolboxFile = {
      path: locate(env.AGENT_TOOLBOX_INFO_FILE, networkFile, options.baseDir, options.host),
      written: env.AGENT_TOOLBOX_INFO_FILE,
      from: 'AGENT_TOOLBOX_INFO_FILE',
    };
  }

  const toolbox = loadedToolbox?.(toolboxFile?.path) ?? loadToolbox({ ...toolboxOptions, ...(toolboxFile ? { userFile: toolboxFile.path } : {}) });
  const toolNames = new Set(toolbox.tools.map((t) => t.name));
  const toolboxUnread = toolbox.userFileUnread === true;
  const agents: ToolboxAgent[] = [];
  const agentList = root.fields.value('tools');
  for (const agent of agentList?.kind === 'array' ? agentList.elements : []) {
    if (agent.kind !== 'object') continue;
    const toolbox = agent.fields.value('toolbox');
    if (!toolbox) continue;
    const name = stringOf(agent.fields.value('name')) ?? '(unnamed agent)';
    if (toolbox.kind !== 'string') {
      diagnostics.push(diagnosticAt(toolbox, 'error', 'toolbox-agent', `"toolbox" of agent '${name}' must be the name of a tool (a string).`));
      continue;
    }
    const args = agent.fields.value('args');
    const defined = toolNames.has(toolbox.value);
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
      const removed = REMOVED_TOOLS.has(toolbox.value);
      // A likely typo of a tool that exists: offer it (the quick fix "use the closest existing tool").
      const closest = removed ? undefined : closestName(toolbox.value, toolNames);
      const message = removed ? removedToolMessage(toolbox.value) : notDefinedMessage(toolbox.value, toolboxFile?.written);
      diagnostics.push(
        diagnosticAt(toolbox, 'error', removed ? 'removed-tool' : 'undefined-tool', `${message}${closest ? ` Did you mean '${closest}'?` : ''}`, {
          ...(closest ? { fix: replaceValueFix(`Use '${closest}'`, toolbox, quoteLike(toolbox, closest)) } : {}),
        }),
      );
    }
    const tools = agent.fields.get('tools');
    if (tools) {
      diagnostics.push(
        diagnosticAt(tools.value, 'error', 'toolbox-agent-tools', `Agent '${name}' is a toolbox tool ('${toolbox.value}'), so it cannot have "tools" of its own: neuro-san builds it from the toolbox entry alone.`),
      );
    }
  }
  for (const d of toolbox.diagnostics) if (!(typeReported && d.rule === 'toolbox-file-type')) diagnostics.push(d);
  return { file: networkFile, ...(toolboxFile ? { toolboxFile } : {}), agents, toolbox, diagnostics: diagnostics.sort(compareDiagnostics) };
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
