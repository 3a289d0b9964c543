/**
 * The API's review methods' shapes: token counts of the catalog, tools an LLM could confuse, which tool a request
 * matches lexically, and the semantic diff of a toolbox against a git revision or another file.
 * Kept apart from toolboxApi.ts so each feature's shapes are read in one place.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DocumentTextFields } from './documentText';
import { CatalogRenderRequestT } from './toolboxApi';

export const TokenizerNameT = Type.Union([Type.Literal('o200k_base'), Type.Literal('cl100k_base')]);

export const CatalogTokensRequestT = Type.Object({ ...CatalogRenderRequestT.properties, tokenizer: TokenizerNameT });

export const CatalogTokensT = Type.Object({
  tokenizer: Type.String(),
  /** The count of the whole rendered catalog. */
  total: Type.Number(),
  /** The catalog rendered with no tool: the template's own text. */
  overhead: Type.Number(),
  /** Each tool's share, heaviest first. */
  tools: Type.Array(
    Type.Object({
      name: Type.String(),
      tokens: Type.Number(),
      /** Its description or input is unknown until its class is loaded: `tokens` counts what is known, not the placeholder. */
      unknown: Type.Optional(Type.Literal(true)),
    }),
  ),
  /** Whether any count is an estimate: a text too long to count exactly in time (a very long run of characters, or just very long). */
  estimated: Type.Boolean(),
});

const DocumentRefFields = {
  path: Type.Union([Type.String(), Type.Null()]),
  ...DocumentTextFields,
  noDefault: Type.Optional(Type.Boolean()),
};

export const SimilarPairT = Type.Object({
  a: Type.String(),
  b: Type.String(),
  /** Cosine similarity of the two entries' TF-IDF vectors, 0..1. */
  score: Type.Number(),
  /** The words both entries use, heaviest first. */
  shared: Type.Array(Type.String()),
  /** Above the threshold: an LLM could take one for the other. */
  warn: Type.Boolean(),
});

export const CatalogSimilarityRequestT = Type.Object({
  ...DocumentRefFields,
  /** A user request to rank the tools against (the "Which tool would match?" box); none: no ranking. */
  query: Type.Optional(Type.String({ maxLength: 10_000 })),
});

export const CatalogSimilarityT = Type.Object({
  threshold: Type.Number(),
  /** The closest pairs, most similar first. */
  pairs: Type.Array(SimilarPairT),
  /** The tools ranked against the query, best first (only tools sharing a word with it). */
  matches: Type.Array(Type.Object({ name: Type.String(), score: Type.Number(), matched: Type.Array(Type.String()) })),
});

export const ToolChangeDetailT = Type.Object({
  /** What changed: `description`, `class`, `parameter x`, `parameter x type`... */
  field: Type.String(),
  /** In words: "became required", "removed", "type string → integer". */
  change: Type.String(),
  breaking: Type.Boolean(),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
  /** For a changed text (a description): its words removed [-like this-] and added {+like this+}. */
  wordDiff: Type.Optional(Type.String()),
});

export const ToolChangeT = Type.Object({
  kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('renamed'), Type.Literal('changed')]),
  /** The tool's name after the change (before, for a removed tool). */
  tool: Type.String(),
  /** A renamed tool's old name. */
  from: Type.Optional(Type.String()),
  breaking: Type.Boolean(),
  details: Type.Array(ToolChangeDetailT),
});

export const ToolboxDiffT = Type.Object({
  /** Whether an agent using the old toolbox could break: a tool removed or renamed, a new required parameter... */
  breaking: Type.Boolean(),
  /** What was compared: e.g. `HEAD:toolbox.hocon` and `toolbox.hocon (working copy)`. */
  before: Type.String(),
  after: Type.String(),
  changes: Type.Array(ToolChangeT),
  catalog: Type.Object({
    tokenizer: Type.String(),
    tokensBefore: Type.Number(),
    tokensAfter: Type.Number(),
    /** Whether either count is an estimate (too long to count exactly in time). */
    tokensEstimated: Type.Boolean(),
    /** The rendered catalogs' difference as a unified diff ('' when equal). */
    diff: Type.String(),
  }),
});

export const ToolboxDiffRequestT = Type.Object({
  ...DocumentRefFields,
  /** A commit, branch or tag of the repository the document lives in (`git show REV:path`), or another file. */
  against: Type.Union([Type.Object({ revision: Type.String({ minLength: 1, maxLength: 500 }) }), Type.Object({ file: Type.String({ minLength: 1 }) })]),
});

export const GitRevisionsT = Type.Object({
  /** False when the document is not inside a git repository (then only file-to-file comparison is offered). */
  inRepository: Type.Boolean(),
  revisions: Type.Array(Type.Object({ name: Type.String(), kind: Type.Union([Type.Literal('branch'), Type.Literal('tag'), Type.Literal('commit')]), title: Type.String() })),
});

export type TokenizerName = Static<typeof TokenizerNameT>;
export type CatalogTokensDto = Static<typeof CatalogTokensT>;
export type CatalogSimilarityDto = Static<typeof CatalogSimilarityT>;
export type ToolboxDiffDto = Static<typeof ToolboxDiffT>;
export type ToolChangeDto = Static<typeof ToolChangeT>;
export type GitRevisionsDto = Static<typeof GitRevisionsT>;
