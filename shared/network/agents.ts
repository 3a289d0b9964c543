import type { HoconObject, HoconValue, Origin } from '../hocon/index';

/**
 * An agent network's agents as neuro-san's AgentNetwork reads them (agent_network.py): the `tools` list of the
 * resolved file, one spec per `name` (a later agent of the same name replaces an earlier one in its
 * agent_spec_map, keeping the first one's place), the front man its first agent.
 *
 * This is the one model of a network's agents every surface asks (the `agents` CLI, the app's network view, the
 * language server's outline): it reads a resolved HOCON value, nothing else.
 */
export interface NetworkAgents {
  /** In the order of the file (neuro-san's agent_spec_map order). */
  agents: NetworkAgent[];
  /** The front man's name; undefined when the network has no agent neuro-san can start from. */
  frontMan: string | undefined;
}

/** What an agent is: an LLM agent (instructions), a coded tool (`class`), or a toolbox tool (`toolbox`). */
export type AgentKind = 'llm' | 'coded' | 'toolbox';

export interface NetworkAgent {
  name: string;
  kind: AgentKind;
  frontMan: boolean;
  /** `class` for a coded tool, `toolbox` for a toolbox tool. */
  target?: string;
  /** The entries of its `tools` list, each with what neuro-san makes of it. */
  calls: AgentCall[];
  /** Where its spec is (the `name` value; the spec object when it has no string name). */
  at: Origin;
  spec: HoconObject;
}

/**
 * One entry of an agent's `tools`: an agent of this network, another network (`/path`), an MCP server or URL
 * (a string with `://` or an object), or a name no agent of the network has.
 */
export type CallKind = 'agent' | 'network' | 'mcp' | 'unknown';

export interface AgentCall {
  /** The name as written (for an MCP server given as an object, its `url`). */
  name: string;
  kind: CallKind;
  at: Origin;
}

/** The agents of a resolved network root; an empty list when `tools` is no list. */
export function readNetworkAgents(root: HoconObject): NetworkAgents {
  const list = root.fields.value('tools');
  if (list?.kind !== 'array') return { agents: [], frontMan: undefined };
  const byName = new Map<string, { spec: HoconObject; at: Origin }>();
  for (const element of list.elements) {
    if (element.kind !== 'object') continue;
    const name = element.fields.value('name');
    if (name?.kind !== 'string') continue;
    // As a Python dict does, a Map keeps the first agent's place when a later one of the same name replaces it.
    byName.set(name.value, { spec: element, at: name });
  }
  const names = new Set(byName.keys());
  const agents: NetworkAgent[] = [];
  for (const [name, { spec, at }] of byName) {
    const kind = kindOf(spec);
    const target = kind === 'coded' ? stringOf(spec.fields.value('class')) : kind === 'toolbox' ? stringOf(spec.fields.value('toolbox')) : undefined;
    agents.push({ name, kind, frontMan: false, ...(target !== undefined ? { target } : {}), calls: callsOf(spec, names), at, spec });
  }
  // neuro-san (from 2025-08-13, 59d812c6): the front man is the first agent, and it may be neither a coded tool nor
  // a toolbox tool.
  const front = agents[0];
  const frontMan = front !== undefined && front.kind === 'llm' ? front.name : undefined;
  if (front !== undefined && frontMan !== undefined) front.frontMan = true;
  return { agents, frontMan };
}

function kindOf(spec: HoconObject): AgentKind {
  const cls = spec.fields.value('class');
  if (cls !== undefined && cls.kind !== 'null') return 'coded';
  const toolbox = spec.fields.value('toolbox');
  if (toolbox !== undefined && toolbox.kind !== 'null') return 'toolbox';
  return 'llm';
}

function stringOf(value: HoconValue | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}

function callsOf(spec: HoconObject, agents: ReadonlySet<string>): AgentCall[] {
  const tools = spec.fields.value('tools');
  if (tools?.kind !== 'array') return [];
  const calls: AgentCall[] = [];
  for (const entry of tools.elements) {
    if (entry.kind === 'string') {
      const name = entry.value;
      const kind: CallKind = name.startsWith('/') ? 'network' : name.includes('://') ? 'mcp' : agents.has(name) ? 'agent' : 'unknown';
      calls.push({ name, kind, at: entry });
    } else if (entry.kind === 'object') {
      const url = stringOf(entry.fields.value('url'));
      calls.push({ name: url ?? '(MCP server)', kind: 'mcp', at: entry });
    }
  }
  return calls;
}
