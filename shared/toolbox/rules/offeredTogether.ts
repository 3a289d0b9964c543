/** An agent whose LLM is shown a tool: its name and the network file it is written in (from the project root). */
export interface OfferedTo {
  agent: string;
  file: string;
}

/** How many agents a message names; the rest are counted. */
const AGENTS_NAMED = 3;

/** "'x' in registries/y.hocon, 'z' in registries/w.hocon and 2 more": the agents two tools are offered together to. */
export function offeredToWords(agents: readonly OfferedTo[]): string {
  const named = agents.slice(0, AGENTS_NAMED).map((a) => `'${a.agent}' in ${a.file}`);
  const more = agents.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
}
