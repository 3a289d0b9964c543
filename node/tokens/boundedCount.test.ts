import fc from 'fast-check';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { boundedCounter } from './boundedCount';
import { loadTokenizer, TOKENIZER_NAMES } from './tokenizers';

const plain = { disallowedSpecial: new Set<string>() };
const packageCount = { o200k_base: (t: string) => o200k(t, plain), cl100k_base: (t: string) => cl100k(t, plain) };

describe('token counts in time in proportion to the text', () => {
  // Words, numbers, punctuation, spaces, line breaks, CJK, emoji and a special-token marker: no run past 128.
  const part = fc.oneof(
    fc.constantFrom('Searches', ' the', ' web', ',', ' 42', ' 1234567', '  ', '\n', '\n\n', ' —', ' 漢字です。', ' 🙂', '<|endoftext|>', " don't", ' URL: https://x.io/a?b=c', '\t'),
    fc.string({ maxLength: 12 }),
  );

  it.each(TOKENIZER_NAMES)('counts text without a long run exactly as the package does (%s)', async (name) => {
    const count = await loadTokenizer(name);
    fc.assert(
      fc.property(fc.array(part, { minLength: 20, maxLength: 200 }), (parts) => {
        const text = parts.join('');
        expect(count(text)).toEqual({ tokens: packageCount[name](text), estimated: false });
      }),
      { numRuns: 300 },
    );
  });

  // Runs of 16 KB counted one at a time, the last one from the pieces the scan found: still exact.
  it.each(TOKENIZER_NAMES)('counts a long text without a long run exactly as the package does (%s)', async (name) => {
    const text = `${"Searches the web, don't 42 1234567  漢字です。 🙂 URL: https://x.io/a?b=c\n\t".repeat(1_000)}end`;
    expect((await loadTokenizer(name))(text)).toEqual({ tokens: packageCount[name](text), estimated: false });
  });

  // One piece of 200,000 letters took 38.6 s to count (issue #27); 25,000 is its exact count with o200k_base.
  it('estimates a run of 200,000 letters, and says so', async () => {
    expect((await loadTokenizer('o200k_base'))('a'.repeat(200_000))).toEqual({ tokens: 25_000, estimated: true });
  });

  it.each([
    ['letters', 'qwertyuiopasdfghjklzxcvbnm'],
    ['CJK', '漢字仮名交じり文'],
    ['spaces', ' '],
    ['punctuation', '!?-=+*&^%$#@'],
    ['emoji', '🙂🚀'],
  ])('estimates a long run of %s within 2% of the exact count, and says so', async (_, unit) => {
    const run = `Before it. ${unit.repeat(Math.ceil(2500 / unit.length))} After it.`;
    for (const name of TOKENIZER_NAMES) {
      const counted = (await loadTokenizer(name))(run);
      const exact = packageCount[name](run);
      expect(counted.estimated).toBe(true);
      expect(Math.abs(counted.tokens - exact) / exact).toBeLessThanOrEqual(0.02);
    }
  });

  it('estimates the rest at the rate counted so far once the time is up, and says so', () => {
    // A clock that moves a millisecond each time it is read: the time is up at the third look after the start.
    let clock = 0;
    const count = boundedCounter(packageCount.o200k_base, /\S+|\s+/gu, { maxPiece: 8, maxMilliseconds: 2, now: () => clock++ });
    const text = `${'word '.repeat(10_000)}${'x'.repeat(100)}${' word'.repeat(10_000)}`;
    const counted = count(text);
    expect(counted.estimated).toBe(true);
    const exact = packageCount.o200k_base(text);
    expect(Math.abs(counted.tokens - exact) / exact).toBeLessThanOrEqual(0.02);
    // Within the time, exactly.
    expect(boundedCounter(packageCount.o200k_base, /\S+|\s+/gu, { maxPiece: 8, maxMilliseconds: 1e9, now: () => 0 })('word '.repeat(10_000))).toEqual({ tokens: packageCount.o200k_base('word '.repeat(10_000)), estimated: false });
  });
});
