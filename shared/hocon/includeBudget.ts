/**
 * What the includes of one reading may cost, and the count kept against it. Both readers of a file (the
 * specification's, resolve.ts, and neuro-san's, shared/neurosan) spend from the same limits: a file read either way
 * must end, whatever it includes.
 */

/**
 * What the includes of one reading may cost. Every include statement applied builds the included file's values again
 * where it stands, so 12 files of 10 includes each build 10^11 copies: without a bound that ran the API thread out of
 * memory. The defaults are far above any real toolbox or agent network (a few includes of a few files).
 */
export interface IncludeLimits {
  /** Include statements applied (the same file included twice counts twice). */
  maxIncludes: number;
  /** Bytes of included text applied (a file included twice counts twice). */
  maxIncludedBytes: number;
  /** Time spent from the first include on. */
  maxMilliseconds: number;
}

export const INCLUDE_LIMITS: IncludeLimits = { maxIncludes: 1000, maxIncludedBytes: 64 * 1024 * 1024, maxMilliseconds: 3000 };

/** The includes of one reading so far, against its limits. */
export class IncludeBudget {
  private readonly limits: IncludeLimits;
  private applied = 0;
  private appliedBytes = 0;
  private startedAt: number | undefined;

  constructor(limits: Partial<IncludeLimits> = {}) {
    this.limits = { ...INCLUDE_LIMITS, ...limits };
  }

  /**
   * Counts one more include statement: which limit the includes so far have reached, in words naming it (they begin
   * `Include limit reached`), or undefined while within them.
   */
  spendInclude(): string | undefined {
    const now = Date.now();
    this.startedAt ??= now;
    const { maxIncludes, maxIncludedBytes, maxMilliseconds } = this.limits;
    if (++this.applied > maxIncludes) return `Include limit reached: more than ${maxIncludes} includes in one reading`;
    if (this.appliedBytes > maxIncludedBytes) {
      return `Include limit reached: more than ${Math.round(maxIncludedBytes / 1048576)} MB of included text in one reading`;
    }
    if (now - this.startedAt > maxMilliseconds) return `Include limit reached: includes took more than ${maxMilliseconds / 1000} s`;
    return undefined;
  }

  /** Counts the text an include applied (checked at the next include). */
  spendBytes(length: number): void {
    this.appliedBytes += length;
  }

  /** What was spent so far: what a part of the reading cost is the difference. */
  spent(): { includes: number; bytes: number } {
    return { includes: this.applied, bytes: this.appliedBytes };
  }

  /**
   * Spends again what a part of a reading cost before (an included file reused, not parsed again), only where that
   * stays within every limit, as parsing it would have; false (nothing spent) otherwise.
   */
  spendAgain(includes: number, bytes: number): boolean {
    const now = Date.now();
    this.startedAt ??= now;
    const { maxIncludes, maxIncludedBytes, maxMilliseconds } = this.limits;
    if (this.applied + includes > maxIncludes || this.appliedBytes + bytes > maxIncludedBytes || now - this.startedAt > maxMilliseconds) return false;
    this.applied += includes;
    this.appliedBytes += bytes;
    return true;
  }
}
