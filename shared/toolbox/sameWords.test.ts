import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameWords } from './readingDifferences';

/** The walk sameWords was before it compared normalized texts: the reference its answers must keep. */
function walked(a: string, b: string): boolean {
  const isBlank = (c: number) => c === 32 || c === 9;
  const skip = (s: string, from: number) => {
    let k = from;
    while (k < s.length && isBlank(s.charCodeAt(k))) k++;
    return k;
  };
  let i = skip(a, 0);
  let j = skip(b, 0);
  for (;;) {
    if (i >= a.length || j >= b.length) return i >= a.length && j >= b.length;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isBlank(x) || isBlank(y)) {
      const i2 = skip(a, i);
      const j2 = skip(b, j);
      const atEdge = (s: string, k: number) => k >= s.length || s.charCodeAt(k) === 10;
      const edgeA = atEdge(a, i2) || (i > 0 && a.charCodeAt(i - 1) === 10);
      const edgeB = atEdge(b, j2) || (j > 0 && b.charCodeAt(j - 1) === 10);
      if (i2 > i !== j2 > j && !(edgeA && edgeB)) return false;
      i = i2;
      j = j2;
      continue;
    }
    if (x !== y) return false;
    i++;
    j++;
  }
}

describe('sameWords: texts that differ only in their blanks', () => {
  it('answers as the character walk did, on any mix of words, blanks and line breaks', () => {
    const text = fc.array(fc.constantFrom('a', 'b', ' ', '  ', '\t', '\n', '\r', ' \n', '\n\t'), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(fc.property(text, text, (a, b) => {
        expect(sameWords(a, b)).toBe(walked(a, b));
      }), { numRuns: 20_000 });
    // Pairs made alike (one blank for another, blanks added at the edges), where the answer is mostly yes.
    const blanks = fc.constantFrom(' ', '  ', '\t', ' \t', '');
    const alike = fc.tuple(fc.array(fc.tuple(fc.constantFrom('word', 'x', '\n', '\r'), blanks, blanks), { maxLength: 30 }), blanks, blanks);
    fc.assert(
      fc.property(alike, ([parts, head, tail]) => {
        const a = parts.map(([w, s]) => `${w}${s}`).join('');
        const b = `${head}${parts.map(([w, , s]) => `${w}${s}`).join('')}${tail}`;
        expect(sameWords(a, b)).toBe(walked(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers as the character walk did where the texts share a start and an end', () => {
    const text = fc.array(fc.constantFrom('a', 'b', ' ', '  ', '\t', '\n', '\r', ' \n', '\n\t'), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, text, text, (head, x, y, tail) => {
        expect(sameWords(`${head}${x}${tail}`, `${head}${y}${tail}`)).toBe(walked(`${head}${x}${tail}`, `${head}${y}${tail}`));
      }),
      { numRuns: 50_000 },
    );
  });

  it('answers as the character walk did on long texts alike but for a few places', () => {
    const long = fc.array(fc.constantFrom('word', ' ', '  ', '\t', '\n', ' \n', 'x'), { minLength: 20, maxLength: 120 }).map((parts) => parts.join(''));
    const short = fc.array(fc.constantFrom('a', ' ', '\t', '\n', ''), { maxLength: 4 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(long, short, short, long, short, short, long, (head, x, y, middle, v, w, tail) => {
        const a = `${head}${x}${middle}${v}${tail}`;
        const b = `${head}${y}${middle}${w}${tail}`;
        expect(sameWords(a, b)).toBe(walked(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes a prompt re-indented with tabs as the same, and a changed word as not', () => {
    expect(sameWords('You are \n  a helper.  Be brief.', 'You are\n\ta helper.\tBe brief.')).toBe(true);
    expect(sameWords('You are a helper.', 'You are a helpers.')).toBe(false);
    expect(sameWords('a b', 'ab')).toBe(false);
  });
});
