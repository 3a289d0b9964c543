import type { HoconObject, HoconValue, Origin } from '../hocon/index';
import { newestFacts, versionWords, type NeuroSanFacts } from '../neurosan/versions/index';
import { withCommondefs } from './commondefs';
import { classifyToolReference } from './toolReferences';

/**
 * An agent network's agents as neuro-san's AgentNetwork reads them (agent_network.py): the `tools` list of the
 * resolved file after the restorer's commondefs replacements (./commondefs.ts), one spec per name (`function.name`,
 * else `name`: `get_name_from_spec`), the front man picked by the release's rule (facts `frontMan`).
 * A second agent of one name makes neuro-san refuse the whole network (`register`, since 0.2.7): the model keeps the
 * first and says so in `problems`.
 *
 * This is the one model of a network's agents every surface asks (the `agents` CLI, the app's network view, the
 * language server's outline): it reads a resolved HOCON value, nothing else.
 */
export interface NetworkAgents {
  /** In the order of the file (neuro-san's agent_spec_map order). */
  agents: NetworkAgent[];
  /** The front man's name; undefined when the network has no agent neuro-san can start from. */
  frontMan: string | undefined;
  /** Why neuro-san refuses the network as AgentNetwork reads it (no front man, several, a name twice); empty if none. */
  problems: NetworkProblem[];
}

export interface NetworkProblem {
  message: string;
  at: Origin;
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
 * One entry of an agent's `tools`: an agent of this network, another network (an external agent: `/path`, or a URL
 * whose path names one), an MCP server (`https://mcp...`, `.../mcp`, or an object), or a name neuro-san makes nothing
 * of (./toolReferences.ts).
 */
export type CallKind = 'agent' | 'network' | 'mcp' | 'unknown';

export interface AgentCall {
  /** The name as written (for an MCP server given as an object, its `url`). */
  name: string;
  kind: CallKind;
  at: Origin;
}

/**
 * The agents of a resolved network root; an empty list when `tools` is no list. `facts`: the release whose
 * front-man rule applies (default: the newest the editor knows).
 */
export function readNetworkAgents(resolved: HoconObject, facts: NeuroSanFacts = newestFacts()): NetworkAgents {
  const root = withCommondefs(resolved);
  const list = root.fields.value('tools');
  if (list?.kind !== 'array') return { agents: [], frontMan: undefined, problems: [] };
  const problems: NetworkProblem[] = [];
  const byName = new Map<string, { spec: HoconObject; at: Origin }>();
  for (const element of list.elements) {
    if (element.kind !== 'object') continue;
    const name = nameOf(element);
    if (name === undefined) continue;
    if (byName.has(name.value)) {
      problems.push({ at: name, message: `The agent named "${name.value}" appears to have a duplicate entry: agent names must be unique within a network, and neuro-san refuses this one.` });
      continue;
    }
    byName.set(name.value, { spec: element, at: name });
  }
  const names = new Set(byName.keys());
  const agentKey = facts.sure.toolboxAgentKey;
  const agents: NetworkAgent[] = [];
  for (const [name, { spec, at }] of byName) {
    const kind = kindOf(spec, agentKey);
    const target = kind === 'coded' ? stringOf(spec.fields.value('class')) : kind === 'toolbox' ? stringOf(spec.fields.value(agentKey)) : undefined;
    agents.push({ name, kind, frontMan: false, ...(target !== undefined ? { target } : {}), calls: callsOf(spec, names), at, spec });
  }
  const found = findFrontMan(agents, facts);
  if (found.frontMan !== undefined) found.frontMan.frontMan = true;
  if (found.problem !== undefined) problems.push({ at: found.at ?? list, message: found.problem });
  return { agents, frontMan: found.frontMan?.name, problems };
}

/** `function.name`, else `name` (AgentNetwork.get_name_from_spec); only a string names an agent here. */
function nameOf(spec: HoconObject): (HoconValue & { kind: 'string' }) | undefined {
  const fn = spec.fields.value('function');
  const fromFunction = fn?.kind === 'object' ? fn.fields.value('name') : undefined;
  if (fromFunction !== undefined && fromFunction.kind !== 'null') return fromFunction.kind === 'string' ? fromFunction : undefined;
  const name = spec.fields.value('name');
  return name?.kind === 'string' ? name : undefined;
}

/** AgentNetwork.find_front_man of the release (facts `frontMan`). */
function findFrontMan(agents: NetworkAgent[], facts: NeuroSanFacts): { frontMan?: NetworkAgent; problem?: string; at?: Origin } {
  const rule = facts.sure.frontMan;
  const first = agents[0];
  if (first === undefined) return { problem: `${versionWords(facts)} finds no front man: the network has no agent.` };
  const valid = (a: NetworkAgent) => a.kind === 'llm';
  const disqualified = 'the front man may be neither a coded tool ("class") nor a toolbox tool';
  if (rule === 'first') {
    if (valid(first)) return { frontMan: first };
    return { at: first.at, problem: `No valid front man: the front man is the first agent, and '${first.name}' is a ${first.kind === 'coded' ? 'coded tool' : 'toolbox tool'}; ${disqualified}.` };
  }
  if (rule === 'first-valid') {
    const front = agents.find(valid);
    return front !== undefined ? { frontMan: front } : { at: first.at, problem: `No front man found: every agent is a coded tool or a toolbox tool; ${disqualified}.` };
  }
  // Before 0.5.52: agents whose function has no parameters (with instructions from 0.5.20), else the first agent.
  const instructed = rule !== 'no-parameters';
  let candidates = agents.filter((a) => {
    const fn = a.spec.fields.value('function');
    if (fn === undefined || fn.kind === 'null') return false;
    if (instructed && (a.spec.fields.value('instructions') ?? { kind: 'null' }).kind === 'null') return false;
    const parameters = fn.kind === 'object' ? fn.fields.value('parameters') : undefined;
    return parameters === undefined || parameters.kind === 'null';
  });
  if (candidates.length === 0) candidates = [first];
  if (rule === 'candidates-valid') {
    candidates = candidates.filter(valid);
    if (candidates.length === 0) return { at: first.at, problem: `No front man found: ${disqualified}.` };
  }
  if (candidates.length > 1) {
    return { at: candidates[1]!.at, problem: `Found > 1 front man: ${candidates.map((c) => `'${c.name}'`).join(', ')} (each has a "function" without "parameters"${instructed ? ' and "instructions"' : ''}).` };
  }
  return { frontMan: candidates[0]! };
}

function kindOf(spec: HoconObject, toolboxKey: string): AgentKind {
  const cls = spec.fields.value('class');
  if (cls !== undefined && cls.kind !== 'null') return 'coded';
  const toolbox = spec.fields.value(toolboxKey);
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
      // An agent of the network is looked up first (create_base_tool), then MCP, then an external agent.
      const kind: CallKind = agents.has(entry.value) ? 'agent' : classifyToolReference(entry);
      calls.push({ name: entry.value, kind, at: entry });
    } else if (entry.kind === 'object') {
      const url = stringOf(entry.fields.value('url'));
      calls.push({ name: url ?? '(MCP server)', kind: 'mcp', at: entry });
    }
  }
  return calls;
}
