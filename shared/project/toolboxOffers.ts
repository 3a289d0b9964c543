import type { HoconValue } from '../hocon/index';
import type { LoadedToolbox, OfferedTo } from '../toolbox/index';
import type { ProjectReader } from './projectReader';


/**
 * Which agents of a project are offered each pair of a toolbox's tools together.
 *
 * neuro-san shows an agent's LLM only the tools its `tools` list names (calling_activation.py
 * `get_callable_tool_names`, langchain_run_context.py `create_resources` → `_create_base_tool`): each name is an agent
 * of the same network, and one with `"toolbox": "<key>"` is built from that toolbox entry. Two tools no agent lists
 * together are never in one LLM call, so they cannot be taken one for the other. A tool of the default toolbox is
 * offered the same way, only when an agent points at it.
 */
export interface ToolboxOffers {
  /** The agents offered both tools (keys of the toolbox), in the project's file order; empty when none is. */
  together(a: string, b: string): readonly OfferedTo[];
}

/** What the project's networks offer of one toolbox file's tools, whatever the toolbox holds now. */
export interface NetworkOffers {
  /** The agents offered each pair (pairKey), in the project's file order. */
  pairs: ReadonlyMap<string, readonly OfferedTo[]>;
  /** Every tool some agent is offered. */
  offered: ReadonlySet<string>;
  /**
   * Every tool some agent of these networks is (`"toolbox": "<key>"`), offered or not; undefined when no network of
   * the project uses the file as its toolbox.
   */
  agents: ReadonlySet<string> | undefined;
}

/**
 * The offers of `toolbox` (its file a path of the reader's base), or undefined when no network of the project offers
 * any of the file's own tools: it is then used from elsewhere (another project, a network not written yet) or not at
 * all, and any two of its tools could be offered together.
 */
export function toolboxOffers(offers: NetworkOffers, toolbox: LoadedToolbox): ToolboxOffers | undefined {
  if (!toolbox.tools.some((t) => t.origin !== 'default' && offers.offered.has(t.name))) return undefined;
  return { together: (a, b) => offers.pairs.get(pairKey(a, b)) ?? [] };
}

/** What the networks of the reader's project that use `toolboxFile` offer of its tools (see ToolboxOffers). */
export function networkOffers(reader: ProjectReader, toolboxFile: string): NetworkOffers {
  const key = reader.key(toolboxFile);
  const pairs = new Map<string, OfferedTo[]>();
  const offeredAtAll = new Set<string>();
  let agentTools: Set<string> | undefined;
  for (const file of reader.files) {
    if (reader.kind(file).kind !== 'network') continue;
    const network = reader.network(file);
    const used = network.toolbox.files.userFile;
    if (used === undefined || reader.key(used) !== key) continue;
    agentTools ??= new Set();
    for (const agent of network.agents) agentTools.add(agent.toolName);
    const document = reader.document(file);
    if (!document.ok) continue;
    // The network's toolbox agents by name: what a name in a `tools` list brings (neuro-san's agent_spec_map).
    const toolOf = new Map(network.agents.map((a) => [a.name, a.toolName]));
    const agents = document.value.fields.value('tools');
    for (const agent of agents?.kind === 'array' ? agents.elements : []) {
      if (agent.kind !== 'object') continue;
      const name = stringOf(agent.fields.value('name'));
      // A toolbox agent's `tools` are ignored (built from its entry alone); a coded tool (`class`) has no LLM.
      if (name === undefined || toolOf.has(name) || agent.fields.get('class') !== undefined) continue;
      const listed = agent.fields.value('tools');
      const offered = new Set<string>();
      for (const element of listed?.kind === 'array' ? listed.elements : []) {
        const tool = toolOf.get(stringOf(element) ?? '');
        if (tool !== undefined) offered.add(tool);
      }
      const tools = [...offered].sort();
      for (const tool of tools) offeredAtAll.add(tool);
      for (let i = 0; i < tools.length; i++) {
        for (let j = i + 1; j < tools.length; j++) {
          const pair = pairKey(tools[i]!, tools[j]!);
          const list = pairs.get(pair) ?? [];
          list.push({ agent: name, file: reader.relative(file) });
          pairs.set(pair, list);
        }
      }
    }
  }
  return { pairs, offered: offeredAtAll, agents: agentTools };
}

/**
 * The last offers read for a toolbox file typed in (the app's live analysis): read again only when another file of
 * the project changed, not at each keystroke in the toolbox (reading every network of a large project takes ~0.3 s).
 */
export class NetworkOffersCache {
  private last: { key: string; texts: unknown[]; offers: NetworkOffers } | undefined;

  get(reader: ProjectReader, toolboxFile: string): NetworkOffers {
    const own = reader.key(toolboxFile);
    const others = reader.files.filter((f) => reader.key(f) !== own);
    const key = JSON.stringify([own, reader.settingPath('AGENT_TOOLBOX_INFO_FILE'), others]);
    // Through the reader's own reads: the same texts its kinds and documents come from, not read from disk again.
    const texts = others.map((f) => reader.text(f));
    if (this.last?.key === key && this.last.texts.every((t, i) => t === texts[i])) return this.last.offers;
    const offers = networkOffers(reader, toolboxFile);
    this.last = { key, texts, offers };
    return offers;
  }
}

function pairKey(a: string, b: string): string {
  return JSON.stringify(a < b ? [a, b] : [b, a]);
}

function stringOf(value: HoconValue | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}
