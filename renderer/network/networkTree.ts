import type { AgentKind, CallKind } from '../../shared/network/agents';
import type { OpenNetwork, ShownAgent } from './openNetwork';

/** One row of the network view: an agent, or a call that is no agent of this network. */
export interface TreeRow {
  /** Unique among the rows (the path of names from the root). */
  key: string;
  depth: number;
  name: string;
  /** An agent's kind, or what a call that is no agent names. */
  kind: AgentKind | Exclude<CallKind, 'agent'>;
  /** The agent a row shows (undefined for another network, an MCP server, an unknown name). */
  agent: ShownAgent | undefined;
  /** The agent was shown with its calls higher up: not repeated here (a network may call an agent twice, or loop). */
  seenAbove: boolean;
  /** The first row of the agents the front man never reaches. */
  unreached: boolean;
  /** Where the row's name is written in the open file (a call's entry, an agent's `name`), when it is. */
  offset: number | undefined;
}

/**
 * The network as an indented tree from the front man: each agent's `tools` under it, an agent called again shown once
 * with its calls (later: "seen above"), then the agents the front man never reaches, each as a root.
 */
export function networkTree(network: OpenNetwork, fileName: string): TreeRow[] {
  const byName = new Map(network.agents.map((a) => [a.agent.name, a]));
  const rows: TreeRow[] = [];
  const expanded = new Set<string>();
  const here = (origin: { source: { name: string }; start: number }) => (origin.source.name === fileName ? origin.start : undefined);
  // Depth first with an explicit stack: a network's depth is the user's to choose.
  const push = (root: ShownAgent, unreached: boolean) => {
    const stack: TreeRow[] = [{ key: root.agent.name, depth: 0, name: root.agent.name, kind: root.agent.kind, agent: root, seenAbove: false, unreached, offset: here(root.agent.at) }];
    while (stack.length > 0) {
      const row = stack.pop()!;
      // Decided when shown, not when stacked: the first row of an agent shown is the one that expands.
      if (row.agent) row.seenAbove = expanded.has(row.name);
      rows.push(row);
      if (!row.agent || row.seenAbove) continue;
      expanded.add(row.name);
      const children = row.agent.agent.calls.map((call, i): TreeRow => {
        const callee = call.kind === 'agent' ? byName.get(call.name) : undefined;
        const kind = callee ? callee.agent.kind : call.kind === 'agent' ? 'unknown' : call.kind;
        return { key: `${row.key}/${i}:${call.name}`, depth: row.depth + 1, name: call.name, kind, agent: callee, seenAbove: false, unreached: false, offset: here(call.at) };
      });
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  };
  const front = network.frontMan !== undefined ? byName.get(network.frontMan) : network.agents[0];
  if (front) push(front, false);
  let first = true;
  for (const agent of network.agents) {
    if (expanded.has(agent.agent.name)) continue;
    push(agent, first);
    first = false;
  }
  return rows;
}

/** Whether the row at `index` has rows under it (the rows are in depth-first order). */
export function hasChildren(rows: readonly TreeRow[], index: number): boolean {
  const next = rows[index + 1];
  return next !== undefined && next.depth > rows[index]!.depth;
}

/** The rows shown when the rows whose keys are in `collapsed` are folded: everything under them is hidden. */
export function visibleRows(rows: readonly TreeRow[], collapsed: ReadonlySet<string>): TreeRow[] {
  if (collapsed.size === 0) return rows as TreeRow[];
  const shown: TreeRow[] = [];
  let hiddenBelow = Infinity; // rows deeper than this are under a folded row
  for (const row of rows) {
    if (row.depth > hiddenBelow) continue;
    hiddenBelow = Infinity;
    shown.push(row);
    if (collapsed.has(row.key)) hiddenBelow = row.depth;
  }
  return shown;
}

/** The keys of the rows above `index` that hold it (its parent, theirs...), nearest first. */
export function ancestorKeys(rows: readonly TreeRow[], index: number): string[] {
  const keys: string[] = [];
  let depth = rows[index]?.depth ?? 0;
  for (let i = index - 1; i >= 0 && depth > 0; i--) {
    if (rows[i]!.depth < depth) {
      keys.push(rows[i]!.key);
      depth = rows[i]!.depth;
    }
  }
  return keys;
}
