/**
 * OpenAI's BPE tokenizers, from gpt-tokenizer (pure JavaScript, ships its encodings, so counting works offline).
 * Each encoding is megabytes of JavaScript that takes a few hundred milliseconds to load, so it is imported on first
 * use and only on the Node side (the CLI and the API thread); the renderer receives counts, never an encoding.
 *
 * Other providers' models (Anthropic, Google, Llama...) use their own tokenizers: their counts of the same text
 * commonly differ by 10-30% from these, so every count shown is an estimate of what "the LLM" sees. A count is
 * also marked an estimate where the text has a run too long to tokenize in time (boundedCount.ts).
 */
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { CountTokens } from '../../shared/tokenCount';
import { boundedCounter } from './boundedCount';

export const TOKENIZER_NAMES = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];
export const DEFAULT_TOKENIZER: TokenizerName = 'o200k_base';

/** Which models use each encoding, for the help text and the pane. */
export const TOKENIZER_MODELS: Record<TokenizerName, string> = {
  o200k_base: 'GPT-4o, GPT-4.1, GPT-5, o-series',
  cl100k_base: 'GPT-4, GPT-3.5-turbo',
};

export type { CountTokens } from '../../shared/tokenCount';

export function isTokenizerName(name: string): name is TokenizerName {
  return (TOKENIZER_NAMES as readonly string[]).includes(name);
}

// Special-token markers (`<|endoftext|>`) in a description are counted as the plain text they are: an LLM API
// tokenizes user content that way, and the package would otherwise throw on them.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Each encoding's own split pattern: the counter counts piece by piece (boundedCount.ts).
const SPLIT_PATTERNS: Record<TokenizerName, RegExp> = { o200k_base: O200K_TOKEN_SPLIT_REGEX, cl100k_base: CL100K_TOKEN_SPLIT_REGEX };

const loading = new Map<TokenizerName, Promise<CountTokens>>();
const loaded = new Map<TokenizerName, CountTokens>();

/** The tokenizer's counter, loading its encoding the first time it is asked for. */
export function loadTokenizer(name: TokenizerName): Promise<CountTokens> {
  let promise = loading.get(name);
  if (!promise) {
    const encoding = name === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base');
    promise = encoding.then(({ countTokens }) => {
      const count = boundedCounter((text) => (text === '' ? 0 : countTokens(text, AS_PLAIN_TEXT)), SPLIT_PATTERNS[name]);
      loaded.set(name, count);
      return count;
    });
    loading.set(name, promise);
  }
  return promise;
}

/** The counter when its encoding is already loaded (synchronous callers), else undefined. */
export function loadedTokenizer(name: TokenizerName): CountTokens | undefined {
  return loaded.get(name);
}
