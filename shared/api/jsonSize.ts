/**
 * How long an API answer may be as JSON text, and a measure of it made before the text is. An analysis of a million
 * keys took 32 s and 3.1 GB and then failed with "Invalid string length" where it was serialised, leaving every
 * caller with an internal error. The largest answer an ordinary call makes is a file read whole: a toolbox of up to
 * 128 MB (node/files/regularFile.ts), its text a little longer as JSON.
 */
export const MAX_ANSWER_CHARS = 192 * 1024 * 1024;

/**
 * The length of `value` as JSON text (JSON.stringify's, without spacing; characters escaped or not count once, so
 * a text of control characters is longer), or undefined once it passes `max`: walked without recursion, and
 * stopped there, so a hostile answer costs no more than `max` to measure.
 */
export function jsonLengthWithin(value: unknown, max: number): number | undefined {
  let length = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') length += current.length + 2;
    else if (typeof current === 'number' || typeof current === 'boolean') length += 5;
    else if (current === null || current === undefined) length += 4;
    else if (Array.isArray(current)) {
      length += 1 + current.length;
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i]);
    } else if (typeof current === 'object') {
      length += 1;
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const child = (current as Record<string, unknown>)[key];
        if (child === undefined) continue;
        length += key.length + 4;
        stack.push(child);
      }
    }
    if (length > max) return undefined;
  }
  return length;
}

/** The reason an answer is too long to send, or null. */
export function answerSizeProblem(method: string, value: unknown, max: number = MAX_ANSWER_CHARS): string | null {
  if (jsonLengthWithin(value, max) !== undefined) return null;
  return `The answer to ${method} would be more than ${Math.round(max / 1048576)} M characters of JSON, the most one answer may carry: it was not sent.`;
}
