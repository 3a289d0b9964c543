/**
 * A count of tokens, and whether it is an estimate. Counting is done on the Node side (node/tokens/: the encodings
 * are megabytes); where a text is too long to count exactly in bounded time (a very long run of letters, spaces,
 * punctuation or CJK, or a very long text) it is estimated there (node/tokens/boundedCount.ts says how), and says so.
 */
export interface TokenCount {
  tokens: number;
  estimated: boolean;
}

export type CountTokens = (text: string) => TokenCount;
