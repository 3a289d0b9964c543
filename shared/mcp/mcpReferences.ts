import type { HoconObject, HoconString, Origin } from '../hocon/index';
import { diagnosticAt, replaceValueFix, type ToolboxDiagnostic } from '../toolbox/index';
import { externalAgentName, namesMcp, notMcpReason, splitUrl } from './mcpUrl';

/*
 * The MCP servers an agent network names: each agent's `tools` may list a server as a URL string, or as
 * `{"url": ..., "tools": [...]}` to keep only some of its tools (neuro-san reads every dictionary there as an MCP
 * server, `BaseToolFactory.create_mcp_tool`).
 */

/** An agent's filter of a server's tools, as written in the network. */
export interface WrittenFilter {
  /** The usable entries (non-empty strings), in order, each with where it is written. */
  entries: { name: string; where: Origin }[];
  where: Origin;
}

/** One agent naming one MCP server. */
export interface McpReference {
  url: string;
  /** The agent's `name`. */
  agent: string;
  /** The network file (as the analysis names it). */
  network: string;
  /** Where the URL is written (the string, or the dictionary's `url`). */
  where: Origin;
  /** The dictionary form's `tools`: null when absent (neuro-san then takes the info file's, else every tool). */
  filter: WrittenFilter | null;
}

export interface NetworkMcpReferences {
  references: McpReference[];
  diagnostics: ToolboxDiagnostic[];
}

const DICT_FORM_DOC = 'write it as {"url": "..."}, which neuro-san always reads as an MCP server';

/**
 * The MCP servers the agents of a network name, and what neuro-san cannot use there. `infoUrls`: the servers the MCP
 * info file configures, so that a string naming one of them which neuro-san does not read as MCP is reported.
 */
export function mcpReferencesOf(network: string, root: HoconObject, infoUrls: ReadonlySet<string> = new Set()): NetworkMcpReferences {
  const references: McpReference[] = [];
  const diagnostics: ToolboxDiagnostic[] = [];
  const agents = root.fields.value('tools');
  if (agents?.kind !== 'array') return { references, diagnostics };
  for (const agentValue of agents.elements) {
    if (agentValue.kind !== 'object') continue;
    const nameValue = agentValue.fields.value('name');
    const agent = nameValue?.kind === 'string' ? nameValue.value : '(unnamed agent)';
    const calls = agentValue.fields.value('tools');
    if (calls?.kind !== 'array') continue;
    // A URL that reaches the list through a substitution is written elsewhere: the agent's list is where it is used.
    const inAgent = (value: Origin): Origin => (within(value, agentValue) ? value : within(calls, agentValue) ? calls : agentValue);
    for (const call of calls.elements) {
      if (call.kind === 'string') {
        const url = call.value;
        const reason = notMcpReason(url);
        if (reason === undefined) references.push({ url, agent, network, where: inAgent(call), filter: null });
        else diagnostics.push(...notMcpString(call, url, reason, agent, infoUrls));
      } else if (call.kind === 'object') {
        const read = dictionaryReference(call, agent, network, inAgent);
        if (read.reference) references.push(read.reference);
        diagnostics.push(...read.diagnostics);
      } else {
        diagnostics.push(
          diagnosticAt(call, 'error', 'mcp-reference', `Agent '${agent}' lists a ${call.kind} among its tools: neuro-san takes only names, URLs and {"url": ...} dictionaries there (TypeError: Tools must be string or dict).`),
        );
      }
    }
  }
  return { references, diagnostics };
}

/**
 * A URL string neuro-san does not read as MCP. Most are external neuro-san agents (`http://host:port/agent`), which
 * is fine; reported only when it is meant as an MCP server (the info file configures it, or "mcp" is a label or a
 * segment of it, but the scheme or a fragment disqualifies it), or when neuro-san can make nothing of it at all.
 */
function notMcpString(value: HoconString, url: string, reason: string, agent: string, infoUrls: ReadonlySet<string>): ToolboxDiagnostic[] {
  if (!url.includes('://') && !infoUrls.has(url)) return [];
  const external = externalAgentName(url);
  const parts = splitUrl(url);
  const meantAsMcp = infoUrls.has(url) || (parts !== undefined && namesMcp(parts));
  if (external !== undefined && !meantAsMcp) return [];
  const readAs = external !== undefined ? `it calls the external neuro-san agent '${external}' there instead` : 'nor as an external agent (no agent name in its path): the agent gets no tool from it';
  const fix = replaceValueFix('Write it as {"url": ...}', value, `{"url": ${JSON.stringify(url)}}`);
  return [
    diagnosticAt(value, 'warning', 'mcp-url', `neuro-san does not read '${url}' of agent '${agent}' as an MCP server (${reason}); ${readAs}. If it is an MCP server, ${DICT_FORM_DOC}.`, { fix }),
  ];
}

function within(inner: Origin, outer: Origin): boolean {
  return inner.source === outer.source && inner.start >= outer.start && inner.end <= outer.end;
}

function dictionaryReference(call: HoconObject, agent: string, network: string, inAgent: (value: Origin) => Origin): { reference?: McpReference; diagnostics: ToolboxDiagnostic[] } {
  const diagnostics: ToolboxDiagnostic[] = [];
  const urlValue = call.fields.value('url');
  if (urlValue?.kind !== 'string' || urlValue.value.trim() === '') {
    diagnostics.push(
      diagnosticAt(urlValue ?? call, 'error', 'mcp-reference', `Agent '${agent}' lists a dictionary among its tools without a "url": neuro-san reads it as an MCP server and has nowhere to connect.`),
    );
    return { diagnostics };
  }
  const url = urlValue.value;
  if (!/^https?:\/\//i.test(url.trim())) {
    diagnostics.push(diagnosticAt(urlValue, 'warning', 'mcp-url', `'${url}' is not an http or https URL: neuro-san connects to MCP servers over Streamable HTTP only.`));
  }
  let filter: WrittenFilter | null = null;
  const toolsValue = call.fields.value('tools');
  if (toolsValue !== undefined && toolsValue.kind !== 'null') {
    if (toolsValue.kind !== 'array') {
      diagnostics.push(diagnosticAt(toolsValue, 'error', 'mcp-filter', `"tools" of the MCP server ${url} (agent '${agent}') must be a list of tool names.`));
    } else {
      filter = { entries: [], where: toolsValue };
      for (const element of toolsValue.elements) {
        if (element.kind === 'string' && element.value !== '') filter.entries.push({ name: element.value, where: element });
        else diagnostics.push(diagnosticAt(element, 'warning', 'mcp-filter', `neuro-san ignores this entry of the tools of ${url}: a filter entry must be a tool's name (a non-empty string).`));
      }
    }
  }
  return { reference: { url, agent, network, where: inAgent(urlValue), filter }, diagnostics };
}
