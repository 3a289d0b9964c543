/** Python str operations that JavaScript spells differently (whitespace set, split, title, capitalize, strip). */
import { codePoints } from '../../pyvalue/codepoints';

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

const CASED = /[\p{Lu}\p{Ll}\p{Lt}]/u;

/** `s.title()`: a cased character after an uncased one is uppercased, the others lowercased. */
export function pyTitle(s: string): string {
  let prevCased = false;
  let out = '';
  for (const ch of codePoints(s)) {
    out += prevCased ? ch.toLowerCase() : ch.toUpperCase();
    prevCased = CASED.test(ch);
  }
  return out;
}

/** `s.capitalize()`. */
export function pyCapitalize(s: string): string {
  const [first, ...rest] = codePoints(s);
  return first === undefined ? '' : first.toUpperCase() + rest.join('').toLowerCase();
}

// Python's str.splitlines() boundaries include the file/group/record separators \x1c-\x1e.
// eslint-disable-next-line no-control-regex
const LINE_BOUNDARY = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/** `s.splitlines()`. */
export function pySplitLines(s: string): string[] {
  const lines = s.split(LINE_BOUNDARY);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
