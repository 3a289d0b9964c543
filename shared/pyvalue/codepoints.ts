/**
 * Python str semantics over JavaScript's UTF-16 strings. Python indexes, measures and orders str by code point;
 * JavaScript by UTF-16 unit. A valid surrogate pair is one code point; a lone surrogate is one code point of its own.
 * (Limit: a Python str holding two separate surrogates that happen to form a pair cannot be told apart from the
 * astral character; JSON and HOCON sources cannot produce that distinction either.)
 */

const SURROGATE = /[\uD800-\uDFFF]/;

/** `len(s)`. */
export function codePointLength(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** `s[i]` (a negative `i` counts from the end): one code point, undefined out of range. No list of them is made. */
export function codePointAt(s: string, i: number): string | undefined {
  if (!SURROGATE.test(s)) {
    const at = i < 0 ? i + s.length : i;
    return at >= 0 && at < s.length ? s[at] : undefined;
  }
  let at = i;
  if (at < 0) at += codePointLength(s);
  if (at < 0) return undefined;
  let k = 0;
  for (const c of s) if (k++ === at) return c;
  return undefined;
}

/** The code points of `s` as strings (a pair stays together; a lone surrogate stands alone). */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

/**
 * Orders two str like Python (`sorted`, `json.dumps(sort_keys=True)`): by code point. Differs from `<` on UTF-16
 * units only when an astral character meets a BMP character at or above U+E000, hence the fast path.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // The shared unit before may be a high surrogate that pairs with one side's unit here but stands alone in the
    // other (a lone surrogate is its own code point, below every astral one): compare the code points it starts.
    if (i > 0) {
      const previous = a.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) {
        const byPair = a.codePointAt(i - 1)! - b.codePointAt(i - 1)!;
        if (byPair !== 0) return byPair;
      }
    }
    if (x < 0xd800 || y < 0xd800) return x - y;
    return a.codePointAt(i)! - b.codePointAt(i)!;
  }
  return a.length - b.length;
}
