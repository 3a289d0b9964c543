/**
 * OpenAI's BPE tokenizers, from gpt-tokenizer's encodings (its ranks and split patterns, so counting works offline),
 * counted as the package counts them by rankTable.ts from a table the build writes: the package's own module takes
 * 150-250 ms and 60 MB to load. Loaded on first use and only on the Node side (the CLI and the API thread); the
 * renderer receives counts, never an encoding. Special-token markers (`<|endoftext|>`) in a description are counted
 * as the plain text they are, as an LLM API tokenizes user content.
 *
 * Other providers' models (Anthropic, Google, Llama...) use their own tokenizers: their counts of the same text
 * commonly differ by 10-30% from these, so every count shown is an estimate of what "the LLM" sees. A count is
 * also marked an estimate where the text has a run too long to tokenize in time (boundedCount.ts).
 */
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { CountTokens } from '../../shared/tokenCount';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asciiPattern, isAscii } from './asciiPattern';
import { boundedCounter } from './boundedCount';
import { NOT_A_TABLE, RankTable, rankCounter, rankTableFileName, serializeRanks, type RankEntry } from './rankTable';

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

// Each encoding's own split pattern: the counter counts piece by piece (boundedCount.ts).
const SPLIT_PATTERNS: Record<TokenizerName, RegExp> = { o200k_base: O200K_TOKEN_SPLIT_REGEX, cl100k_base: CL100K_TOKEN_SPLIT_REGEX };

const loading = new Map<TokenizerName, Promise<CountTokens>>();
const loaded = new Map<TokenizerName, CountTokens>();

/** The tokenizer's counter, loading its encoding the first time it is asked for. */
export function loadTokenizer(name: TokenizerName): Promise<CountTokens> {
  let promise = loading.get(name);
  if (!promise) {
    promise = rankTableOf(name).then((table) => {
      const bounded = (pattern: RegExp) => {
        const exact = rankCounter(table, pattern);
        return boundedCounter((text) => (text === '' ? 0 : exact(text)), pattern, undefined, exact.piece);
      };
      const unicode = bounded(SPLIT_PATTERNS[name]);
      // All-ASCII text (most descriptions) is split by the same pattern written for ASCII: the same pieces, and no
      // Unicode classes for V8 to compile (asciiPattern.ts).
      const ascii = asciiPattern(SPLIT_PATTERNS[name]);
      const asciiCount = ascii !== undefined ? bounded(ascii) : undefined;
      const count: CountTokens = (text) => (asciiCount !== undefined && isAscii(text) ? asciiCount(text) : unicode(text));
      loaded.set(name, count);
      return count;
    });
    loading.set(name, promise);
  }
  return promise;
}

/**
 * The encoding's ranks: the table the build wrote next to the bundle (scripts/build.mjs), else (running from the
 * sources: tests; a table of another byte order) made from gpt-tokenizer's ranks, slower to load, the same table.
 */
async function rankTableOf(name: TokenizerName): Promise<RankTable> {
  try {
    return new RankTable(readFileSync(fileURLToPath(new URL(rankTableFileName(name), import.meta.url))));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as Error).message !== NOT_A_TABLE) throw error;
  }
  const module: { default: unknown } = await (name === 'o200k_base' ? import('gpt-tokenizer/bpeRanks/o200k_base') : import('gpt-tokenizer/bpeRanks/cl100k_base'));
  // From the sources, the module's default export; from a bundle, the CommonJS file beside it (its exports object).
  const ranks = Array.isArray(module.default) ? module.default : (module.default as { default: unknown }).default;
  return new RankTable(serializeRanks(ranks as RankEntry[]));
}

/** The counter when its encoding is already loaded (synchronous callers), else undefined. */
export function loadedTokenizer(name: TokenizerName): CountTokens | undefined {
  return loaded.get(name);
}
