import type { CountTokens, TokenCount } from '../../shared/tokenCount';

/**
 * Token counts in bounded time. A BPE tokenizer splits the text into pieces by its encoding's pattern (a word with
 * the space before it, a run of spaces, of punctuation, up to three digits...) and merges each piece's bytes in time
 * that grows with the square of the piece's length: one piece of 200,000 letters took 38.6 s, 4,000 CJK characters
 * 0.45 s, and a description is counted on every keystroke. Pieces the tokenizer has not met before cost too
 * (gpt-tokenizer keeps the pieces it has merged): 1.5 MB of random words took 10 s.
 *
 * No token spans two pieces, so the text is counted exactly piece by piece, runs of ordinary pieces at a time.
 * - A piece longer than `maxPiece` characters is counted in chunks of that length: a token the cut would have joined
 *   counts twice, so the count is an estimate (within 1% on runs of letters, CJK, spaces, punctuation or base64,
 *   o200k_base), and says so.
 * - Counting stops after `maxMilliseconds`, at the end of a run (at most RUN_SLICE characters) or chunk: the rest is
 *   estimated at the rate counted so far, and the count says so. Time, not a count of characters: what a text costs
 *   depends on how many of its pieces the tokenizer has met, and a 5,000-tool catalog (1.1 MB, 66 ms) is all repeats.
 */
export const MAX_PIECE = 128;
export const MAX_COUNT_MILLISECONDS = 500;
/** Characters of ordinary pieces counted at a time, between two looks at the clock. */
const RUN_SLICE = 16 * 1024;

export interface CountLimits {
  maxPiece: number;
  maxMilliseconds: number;
  /** The clock (tests pass their own). */
  now: () => number;
}

const LIMITS: CountLimits = { maxPiece: MAX_PIECE, maxMilliseconds: MAX_COUNT_MILLISECONDS, now: () => performance.now() };

/**
 * Counts with `count` (the package's exact count of a text), split by `pattern` (the same encoding's split
 * pattern), in bounded time. `countPiece`, when given, counts one piece of that pattern (what `count` adds up): the
 * last run is then counted from the pieces the scan found, not scanned a second time.
 */
export function boundedCounter(count: (text: string) => number, pattern: RegExp, limits: CountLimits = LIMITS, countPiece?: (piece: string) => number): CountTokens {
  const pieces = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  return (text) => {
    // No piece can be longer than the text, and a short text is quick whatever it holds.
    if (text.length <= limits.maxPiece) return { tokens: count(text), estimated: false };
    return new PieceCount(text, count, limits, countPiece).run(pieces);
  };
}

class PieceCount {
  private tokens = 0;
  private estimated = false;
  /** Everything before it is counted. */
  private counted = 0;
  private readonly deadline: number;

  constructor(
    private readonly text: string,
    private readonly count: (text: string) => number,
    private readonly limits: CountLimits,
    private readonly countPiece: ((piece: string) => number) | undefined,
  ) {
    this.deadline = limits.now() + limits.maxMilliseconds;
  }

  run(pieces: RegExp): TokenCount {
    const { text, limits } = this;
    const countPiece = this.countPiece;
    pieces.lastIndex = 0;
    let done = false;
    // The tokens of the ordinary pieces found since `counted`, when pieces are counted one by one.
    let run = 0;
    while (!done) {
      const match = pieces.exec(text);
      if (match === null) {
        // The last run is the text from a piece's start to its end: the pattern (no lookbehind; its only anchor, `$`,
        // is at the end of both) splits it into the very pieces this scan found there, so their sum is its count.
        if (countPiece !== undefined) this.countedAs(text.length, run);
        else this.countUpTo(text.length);
        break;
      }
      const at = match.index;
      const length = match[0].length;
      if (length === 0) pieces.lastIndex++;
      else if (length > limits.maxPiece) {
        done = this.countUpTo(at) || this.countInChunks(at + length);
        run = 0;
      } else {
        if (at - this.counted >= RUN_SLICE) {
          done = this.countUpTo(at);
          run = 0;
        }
        if (countPiece !== undefined) run += countPiece(match[0]);
      }
    }
    if (this.counted < text.length) {
      // The rest at the rate counted so far (something was: a run or a chunk is counted before the clock is read).
      this.tokens += Math.ceil(((text.length - this.counted) * this.tokens) / Math.max(1, this.counted));
      this.estimated = true;
    }
    return { tokens: this.tokens, estimated: this.estimated };
  }

  /** Counts the run of ordinary pieces up to `end` (a piece boundary); true when the time is up. */
  private countUpTo(end: number): boolean {
    if (end > this.counted) this.tokens += this.count(this.text.slice(this.counted, end));
    this.counted = end;
    return this.limits.now() > this.deadline;
  }

  /** The run up to `end` (the text's end) holds `tokens`, counted piece by piece. */
  private countedAs(end: number, tokens: number): void {
    this.tokens += tokens;
    this.counted = end;
  }

  /** Counts the long piece up to `end` in chunks (never cutting a surrogate pair); true when the time is up. */
  private countInChunks(end: number): boolean {
    const { text, limits } = this;
    this.estimated = true;
    while (this.counted < end) {
      let to = Math.min(end, this.counted + limits.maxPiece);
      if (to < end && isHighSurrogate(text.charCodeAt(to - 1))) to--;
      this.tokens += this.count(text.slice(this.counted, to));
      this.counted = to;
      if (limits.now() > this.deadline) return true;
    }
    return false;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
