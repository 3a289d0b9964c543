/**
 * Python str operations that JavaScript spells differently (whitespace set, split, title, capitalize, strip,
 * replace). None makes a list of a string's characters, and what a split or a replace will make can be counted
 * before it is made (the render limits, limits.ts).
 */
import { codePointLength } from '../../pyvalue/codepoints';

const PY_WS_CLASS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING_WS = new RegExp(`^[${PY_WS_CLASS}]+`);
const TRAILING_WS = new RegExp(`[${PY_WS_CLASS}]+$`);
const WS_RUNS = new RegExp(`[${PY_WS_CLASS}]+`);

function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, '\\$&');
}

export function pyStrip(s: string, chars: string | null, side: 'both' | 'left' | 'right' = 'both'): string {
  let lead = LEADING_WS;
  let trail = TRAILING_WS;
  if (chars !== null) {
    if (chars === '') return s;
    const cls = escapeClass(chars);
    lead = new RegExp(`^[${cls}]+`, 'u');
    trail = new RegExp(`[${cls}]+$`, 'u');
  }
  if (side !== 'right') s = s.replace(lead, '');
  if (side !== 'left') s = s.replace(trail, '');
  return s;
}

/** `s.split(sep=None, maxsplit=-1)`. */
export function pySplit(s: string, sep: string | null, maxsplit = -1): string[] {
  if (sep === null) {
    const out: string[] = [];
    let rest = s.replace(LEADING_WS, '');
    while (rest !== '') {
      if (maxsplit >= 0 && out.length === maxsplit) {
        out.push(rest.replace(TRAILING_WS, '') === rest ? rest : rest);
        return out;
      }
      const m = WS_RUNS.exec(rest);
      if (!m) {
        out.push(rest);
        break;
      }
      out.push(rest.slice(0, m.index));
      rest = rest.slice(m.index + m[0].length);
    }
    return out;
  }
  const parts = s.split(sep);
  if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
  return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
}

/** Python's str.isspace() for one UTF-16 unit (every Python whitespace character is in the BMP). */
function isPyWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/** How many parts `pySplit(s, sep, maxsplit)` gives, counted without making them (sep not ''). */
export function pySplitCount(s: string, sep: string | null, maxsplit = -1): number {
  const most = maxsplit < 0 ? Infinity : maxsplit + 1;
  let n = 0;
  if (sep === null) {
    // Words: a non-space after a space (or at the start) starts one.
    let inWord = false;
    for (let i = 0; i < s.length && n < most; i++) {
      const space = isPyWhitespace(s.charCodeAt(i));
      if (!space && !inWord) n++;
      inWord = !space;
    }
    return n;
  }
  if (sep.length === 1) {
    const c = sep.charCodeAt(0);
    for (let i = 0; i < s.length && n + 1 < most; i++) if (s.charCodeAt(i) === c) n++;
    return n + 1;
  }
  for (let i = s.indexOf(sep); i !== -1 && n + 1 < most; i = s.indexOf(sep, i + sep.length)) n++;
  return n + 1;
}

// A run of cased characters, or of uncased ones (Unicode's Cased, as Python's: 'ⓐ' is cased, a lowercase symbol).
const CASE_RUNS = /\p{Cased}+|\P{Cased}+/gu;
const CASED = /^\p{Cased}/u;

/** The first code point of `s` (a lone surrogate alone); '' for ''. */
function firstCodePoint(s: string): string {
  return s === '' ? '' : String.fromCodePoint(s.codePointAt(0)!);
}

/**
 * `s.title()`: a character after a cased one is lowercased, the others uppercased. By runs, not character by
 * character: a long text makes no long chain of small strings.
 */
export function pyTitle(s: string): string {
  let prevCased = false;
  return s.replace(CASE_RUNS, (run) => {
    const first = firstCodePoint(run);
    const head = prevCased ? first.toLowerCase() : first.toUpperCase();
    const rest = run.slice(first.length);
    prevCased = CASED.test(run);
    return head + (prevCased ? rest.toLowerCase() : rest.toUpperCase());
  });
}

/** `s.capitalize()`. */
export function pyCapitalize(s: string): string {
  const first = firstCodePoint(s);
  return first.toUpperCase() + s.slice(first.length).toLowerCase();
}

/** How many times `s.replace(old, new, count)` replaces, counted without replacing. */
export function pyReplaceCount(s: string, old: string, count: number): number {
  if (old === '') {
    const n = codePointLength(s) + 1; // before each code point and at the end
    return count < 0 ? n : Math.min(n, count);
  }
  let n = 0;
  for (let i = s.indexOf(old); i !== -1 && (count < 0 || n < count); i = s.indexOf(old, i + old.length)) n++;
  return n;
}

/** `s.replace(old, new, count)` (count < 0: all), as Python: an empty `old` inserts `new` between code points. */
export function pyReplace(s: string, old: string, rep: string, count: number): string {
  const n = pyReplaceCount(s, old, count);
  if (n === 0) return s;
  // Native replacement, no list of parts: `$` would be a pattern in the replacement, hence escaped.
  const replacement = rep.replace(/\$/g, '$$$$');
  let cut = 0;
  if (old === '') {
    // Past n - 1 code points: the prefix has n places to insert at, its end included.
    for (let k = 0; k < n - 1; k++) cut += s.codePointAt(cut)! > 0xffff ? 2 : 1;
    return s.slice(0, cut).replace(/(?:)/gu, replacement) + s.slice(cut);
  }
  for (let k = 0; k < n; k++) cut = s.indexOf(old, cut) + old.length;
  return s.slice(0, cut).replaceAll(old, replacement) + s.slice(cut);
}

// Python's str.splitlines() boundaries include the file/group/record separators \x1c-\x1e.
// eslint-disable-next-line no-control-regex
const LINE_BOUNDARY = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** How many lines `pySplitLines(s)` gives, counted without making them: LINE_BOUNDARY's, unit by unit. */
export function pySplitLinesCount(s: string): number {
  let n = 0;
  let end = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x0a && c <= 0x0d) || (c >= 0x1c && c <= 0x1e) || c === 0x85 || c === 0x2028 || c === 0x2029) {
      if (c === 0x0d && s.charCodeAt(i + 1) === 0x0a) i++;
      n++;
      end = i + 1;
    }
  }
  return end === s.length ? n : n + 1;
}

/** `s.splitlines()`. */
export function pySplitLines(s: string): string[] {
  const lines = s.split(LINE_BOUNDARY);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
