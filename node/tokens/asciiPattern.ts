/**
 * An encoding's split pattern for text that is all ASCII: each `\p{…}` class written as the ASCII characters it
 * holds (`\p{L}` as `A-Za-z`, `\p{M}` as none), without the `u` flag. On ASCII text it matches exactly what the
 * pattern does (no ASCII character is in `\p{Lm}`, `\p{Lo}`, `\p{Lt}` or `\p{M}`; `\s` is the same set with or
 * without `u`), and V8 compiles it in a fraction of a millisecond, where the Unicode classes took 5-9 ms the first
 * time a process counted anything (most of what counting a project's few long descriptions cost).
 */
const ASCII_OF: Record<string, string> = { L: 'A-Za-z', Lu: 'A-Z', Ll: 'a-z', Lt: '', Lm: '', Lo: '', M: '', N: '0-9' };

/** The pattern for all-ASCII text; undefined when it uses a class or flag this does not know (the pattern is kept). */
export function asciiPattern(pattern: RegExp): RegExp | undefined {
  if (!/^[gu]*$/.test(pattern.flags)) return undefined;
  let out = '';
  let inClass = false;
  const source = pattern.source;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const property = /^\\[pP]\{(\w+)\}/.exec(source.slice(i));
      if (property !== null) {
        const ascii = source[i + 1] === 'p' ? ASCII_OF[property[1]!] : undefined;
        if (ascii === undefined) return undefined;
        // An empty class matches nothing, as the property does on ASCII text.
        out += inClass ? ascii : `[${ascii}]`;
        i += property[0].length - 1;
        continue;
      }
      // Only escapes that mean the same without `u`.
      if (!'srntS\\/[](){}?*+.|^$-'.includes(source[i + 1] ?? 'x')) return undefined;
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c;
  }
  return new RegExp(out, pattern.flags.replace('u', ''));
}

/** Whether every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  return !NOT_ASCII.test(text);
}

const NOT_ASCII = /[\u0080-\uffff]/;
