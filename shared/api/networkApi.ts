/**
 * The API's agent-network shapes (issue #36): what one agent's LLM is offered (shared/network/offers.ts), as the
 * app's "Offered to this agent's LLM" panel shows it. Kept apart so the feature's shapes are read in one place.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DocumentTextFields } from './documentText';
import { SimilarPairT, TokenizerNameT } from './reviewApi';

/** Where an offer comes from in the network's text (1-based line and column, as diagnostics give them). */
const PlaceT = Type.Object({ file: Type.String(), line: Type.Number(), column: Type.Number() });

export const AgentOffersRequestT = Type.Object({
  path: Type.Union([Type.String(), Type.Null()]),
  ...DocumentTextFields,
  noDefault: Type.Optional(Type.Boolean()),
  /** The agent's name as AgentNetwork reads it (its `function.name`, else `name`). */
  agent: Type.String({ minLength: 1, maxLength: 4096 }),
  /** The tokenizer to count with (default: the project's setting, else o200k_base). */
  tokenizer: Type.Optional(TokenizerNameT),
});

export const OfferT = Type.Object({
  /** The name the LLM calls it by. */
  name: Type.String(),
  from: Type.Union([Type.Literal('agent'), Type.Literal('toolbox'), Type.Literal('coded'), Type.Literal('network'), Type.Literal('mcp')]),
  /** null: known only to a Python class, an MCP server or a network the project does not have. */
  description: Type.Union([Type.String(), Type.Null()]),
  /** The JSON Schema of its arguments as the LLM gets it (neuro-san's converter); null when not known. */
  parameters: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** The entry of the agent's `tools` it comes from. */
  listedAs: Type.String(),
  /** Why something is not known, or why neuro-san fails to build it. */
  note: Type.Optional(Type.String()),
  at: PlaceT,
});

export const AgentOffersT = Type.Object({
  agent: Type.String(),
  offered: Type.Array(OfferT),
  /** Entries of its `tools` that give its LLM nothing, and why. */
  notOffered: Type.Array(Type.Object({ listedAs: Type.String(), why: Type.String(), at: PlaceT })),
  /** Tokens of the offered functions as a request's `tools`; `partial`: some are not known and count as nothing. */
  tokens: Type.Object({ count: Type.Number(), estimated: Type.Boolean(), partial: Type.Boolean(), tokenizer: Type.String() }),
  /** Pairs of its offers an LLM could take one for the other, most similar first. */
  confusable: Type.Array(SimilarPairT),
});

export type AgentOffersDto = Static<typeof AgentOffersT>;
export type OfferDto = Static<typeof OfferT>;
