import fc from 'fast-check';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { asciiPattern, isAscii } from './asciiPattern';

describe('an encoding split pattern for all-ASCII text', () => {
  it.each([
    ['o200k_base', O200K_TOKEN_SPLIT_REGEX],
    ['cl100k_base', CL100K_TOKEN_SPLIT_REGEX],
  ])('splits any ASCII text into the pieces the Unicode pattern does (%s)', (_, pattern) => {
    const ascii = asciiPattern(pattern)!;
    expect(ascii.flags).not.toContain('u');
    const pieces = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[0]);
    // Every ASCII character, and runs of the kinds the pattern tells apart (case, contractions, digits, blanks).
    const part = fc.oneof(fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 8 }), fc.constantFrom("'s", "'LL", ' Don', 'ABC', 'abc', '12345', '  ', '\r\n', ' \t\n', '//', ' ?!'));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(pieces(ascii, text)).toEqual(pieces(pattern, text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('knows ASCII text', () => {
    expect(isAscii('plain text\t\n~')).toBe(true);
    expect(isAscii('café')).toBe(false);
  });
});
