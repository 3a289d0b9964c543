import { resolveHocon, toJson, type JsonValue } from '../../shared/hocon/index';
import { readNetworkAgents, type NetworkAgent, type NetworkAgents } from '../../shared/network/agents';
import type { DiagnosticDto } from '../../shared/api/index';

/** One agent as the network view and the agent form show it. */
export interface ShownAgent {
  agent: NetworkAgent;
  /** Where its `{ ... }` is in the open file (offsets, 1-based line), or undefined when it comes from elsewhere. */
  span: { start: number; end: number; line: number } | undefined;
  /** Its fields as JSON (instructions, function, llm_config...), as the text alone resolves them. */
  json: { [key: string]: JsonValue };
}

export interface OpenNetwork extends Pick<NetworkAgents, 'frontMan'> {
  agents: ShownAgent[];
}

/**
 * The open network file's agents, read from its text alone (the renderer has no files: an include is not followed,
 * a `${?VAR}` is unset), through the one model of a network's agents (shared/network/agents.ts). What the file says
 * of its agents is written in it; the analysis (the main side, with includes and the environment) gives the problems.
 */
export function readOpenNetwork(text: string, fileName: string): OpenNetwork {
  const resolved = resolveHocon(text, { fileName });
  const { agents, frontMan } = readNetworkAgents(resolved.value);
  const source = resolved.sources[0];
  return {
    frontMan,
    agents: agents.map((agent) => {
      const here = agent.spec.source === source;
      const json = toJson(agent.spec);
      return {
        agent,
        span: here ? { start: agent.spec.start, end: agent.spec.end, line: agent.spec.source.positionAt(agent.spec.start).line } : undefined,
        json: json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {},
      };
    }),
  };
}

/** The agent whose `{ ... }` holds `offset` in the open file, if one does. */
export function agentAt(network: OpenNetwork, offset: number): ShownAgent | undefined {
  return network.agents.find((a) => a.span !== undefined && a.span.start <= offset && offset < a.span.end);
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  hints: number;
}

/** The analysis' problems of the open file that fall inside each agent's `{ ... }`, by agent name. */
export function problemsByAgent(network: OpenNetwork, diagnostics: readonly DiagnosticDto[], file: string): Map<string, DiagnosticDto[]> {
  const byAgent = new Map<string, DiagnosticDto[]>();
  const placed = network.agents.filter((a) => a.span !== undefined).sort((a, b) => a.span!.start - b.span!.start);
  for (const d of diagnostics) {
    if (d.file !== file) continue;
    const offset = d.range.start.offset;
    // Agents do not nest, so the last one starting at or before the offset is the only candidate.
    let low = 0;
    let high = placed.length - 1;
    let found: ShownAgent | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = placed[middle]!;
      if (candidate.span!.start <= offset) {
        found = candidate;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found && offset < found.span!.end) byAgent.set(found.agent.name, [...(byAgent.get(found.agent.name) ?? []), d]);
  }
  return byAgent;
}

export function countsOf(list: readonly DiagnosticDto[] | undefined): ProblemCounts {
  const counts = { errors: 0, warnings: 0, hints: 0 };
  for (const d of list ?? []) {
    if (d.severity === 'error') counts.errors++;
    else if (d.severity === 'warning') counts.warnings++;
    else counts.hints++;
  }
  return counts;
}
