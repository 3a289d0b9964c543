import { originOf, type Origin } from '../hocon/index';
import type { AgentOffersDto } from '../api/index';
import type { AgentOffers } from './offers';

/** A place as JSON: the file and the 1-based line and column (what every surface prints and jumps to). */
export function placeOf(at: Origin): { file: string; line: number; column: number } {
  const { file, range } = originOf(at);
  return { file, line: range.start.line, column: range.start.column };
}

/** An agent's offers as the API and the CLI's `--json` give them. */
export function agentOffersJson(offers: AgentOffers, tokenizer: string): AgentOffersDto {
  return {
    agent: offers.agent,
    offered: offers.offered.map(({ at, ...offer }) => ({ ...offer, at: placeOf(at) })),
    notOffered: offers.notOffered.map(({ at, ...not }) => ({ ...not, at: placeOf(at) })),
    tokens: { ...(offers.tokens ?? { count: 0, estimated: false, partial: true }), tokenizer },
    confusable: offers.confusable,
  };
}
