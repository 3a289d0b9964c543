import type { NetworkAgent, NetworkAgents } from '../network/agents';
import type { AgentOffers } from '../network/offers';
import type { OutlineSymbol } from './outline';

/** How an agent is described in the outline and its hover: its kind, and the front man marked. */
export function agentWords(agent: NetworkAgent): string {
  const kind = agent.kind === 'llm' ? 'LLM agent' : agent.kind === 'coded' ? `coded tool ${agent.target ?? ''}`.trim() : `toolbox tool ${agent.target ?? ''}`.trim();
  return agent.frontMan ? `front man, ${kind}` : kind;
}

/**
 * The outline of a network file with its agents said as AgentNetwork reads them: each element of the top-level
 * `tools` list that is an agent gets its name and, as detail, its kind (front man marked). `inFile` tells an agent
 * written in this file (not one an include brought). Other symbols are left as they are.
 */
export function withAgentDetails(symbols: OutlineSymbol[], network: NetworkAgents, inFile: (agent: NetworkAgent) => boolean): OutlineSymbol[] {
  const byStart = new Map(network.agents.filter(inFile).map((a) => [a.spec.start, a]));
  if (byStart.size === 0) return symbols;
  return symbols.map((symbol) => {
    if (symbol.name !== 'tools' || symbol.kind !== 'array') return symbol;
    return {
      ...symbol,
      children: symbol.children.map((child) => {
        const agent = byStart.get(child.start);
        return agent ? { ...child, name: agent.name, detail: agentWords(agent) } : child;
      }),
    };
  });
}

/** The agent whose `name` value (or nameless spec) covers `offset`, written in this file. */
export function agentNamedAt(network: NetworkAgents, offset: number, inFile: (agent: NetworkAgent) => boolean): NetworkAgent | undefined {
  return network.agents.find((a) => inFile(a) && a.at.start <= offset && offset <= a.at.end);
}

/** A hover on an agent's name: what it is, and what its LLM is offered (names, from where, tokens). */
export function agentHoverLines(agent: NetworkAgent, offers: AgentOffers | undefined, tokenizer: string): string[] {
  const lines = [`**${agent.name}**: ${agentWords(agent)}`];
  if (agent.kind !== 'llm') return [...lines, 'It has no LLM: nothing is offered to it.'];
  if (offers === undefined) return lines;
  const tokens = offers.tokens ? ` (${offers.tokens.count}${offers.tokens.partial ? '+' : ''} tokens, ${tokenizer})` : '';
  if (offers.offered.length === 0) lines.push(`Offered to its LLM: nothing${tokens}.`);
  else lines.push(`Offered to its LLM${tokens}:\n${offers.offered.map((o) => `- \`${o.name}\` (${o.from})${o.description === null ? ': not known here' : ''}`).join('\n')}`);
  if (offers.notOffered.length > 0) lines.push(`Not offered: ${offers.notOffered.map((n) => `\`${n.listedAs}\` (${n.why})`).join('; ')}`);
  if (offers.confusable.length > 0) lines.push(`Could be confused: ${offers.confusable.map((p) => `\`${p.a}\` and \`${p.b}\``).join(', ')}`);
  return lines;
}
