import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { RankTable, rankCounter, serializeRanks, type RankEntry } from './rankTable';

const plain = { disallowedSpecial: new Set<string>() };
const encodings = [
  { name: 'o200k_base', ranks: o200kRanks as RankEntry[], pattern: O200K_TOKEN_SPLIT_REGEX, count: (t: string) => o200k(t, plain) },
  { name: 'cl100k_base', ranks: cl100kRanks as RankEntry[], pattern: CL100K_TOKEN_SPLIT_REGEX, count: (t: string) => cl100k(t, plain) },
];

// Every Markdown and HOCON file of this repository: prose, code, tables, CJK and symbols as users write them.
function repositoryTexts(): string[] {
  const root = path.resolve(__dirname, '../..');
  const texts: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < 4) walk(full, depth + 1);
      else if (/\.(md|hocon)$/.test(entry.name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(root, 0);
  return texts;
}

describe.each(encodings)('token counts from the rank table ($name)', ({ ranks, pattern, count }) => {
  const counter = rankCounter(new RankTable(serializeRanks(ranks)), pattern);

  it("are the package's on every Markdown and HOCON file of the repository", () => {
    const texts = repositoryTexts();
    // A guard that the walk found the repository's prose, not a count of its files (a clean clone has exactly 50).
    expect(texts.join('').length).toBeGreaterThan(100_000);
    const differ = texts.filter((text) => counter(text) !== count(text)).map((text) => text.slice(0, 80));
    expect(differ).toEqual([]);
  });

  it("are the package's where its lookups are peculiar: a byte order mark, lone surrogates, bytes that are no text", () => {
    for (const text of ['\uFEFF', '\uFEFFtool', 'a\uFEFFb', ' \uFEFF\uFEFF', '\uD800', 'x\uDC00y', '\uD83D', '🙂\uD83D', '<|endoftext|>', '\u0000\u0001', 'é́́', '\u00A0 \u2028', ''])
      expect([text, counter(text)]).toEqual([text, count(text)]);
  });

  it("are the package's on any text", () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.constantFrom(' the', '\uFEFF', 'ing', '  ', '\n', '漢字', '🙂', '1234', "'s", '\uD800', 'ÿ', '\u0085'),
    );
    fc.assert(fc.property(fc.array(unit, { maxLength: 40 }), (parts) => counter(parts.join('')) === count(parts.join(''))), { numRuns: 2000 });
  });
});

describe('a rank table', () => {
  it('refuses ranks the package would look up otherwise: a token twice', () => {
    expect(() => serializeRanks(['a', 'b', 'a'])).toThrow(/rank 2 repeats a token/);
  });

  it('is found whatever the alignment of the buffer read', () => {
    const bytes = serializeRanks(['a', 'b', 'ab', [0xff]]);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const table = new RankTable(shifted.subarray(1));
    expect(table.rankOfBytes(new TextEncoder().encode('ab'), 0, 2)).toBe(2);
    expect(table.rankOfBytes(Uint8Array.of(0xff), 0, 1)).toBe(3);
  });
});
