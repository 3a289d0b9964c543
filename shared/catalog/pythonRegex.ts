import { errorMessage } from '../errorMessage';

/**
 * Translates a Python `re` pattern (as written in `{# expected_format: ... #}`) into a JavaScript RegExp with the same
 * meaning, or says why it cannot. Handled: `(?P<name>...)`, `(?P=name)`, `\A`, `\Z`, `$` (Python's also matches before
 * a final newline), global inline flags `(?imsx)` at the start, `(?#...)` comments, verbose mode, Unicode `\w` `\d`,
 * and literal `{`/`}` that Python accepts but JavaScript's `u` mode rejects. Not translatable (reported): scoped flags
 * `(?i:...)`, conditionals `(?(1)...)`, atomic groups and possessive quantifiers.
 */
export type PythonRegexResult = { ok: true; regex: RegExp } | { ok: false; message: string };

const END = '(?![\\s\\S])';

export function translatePythonRegex(pattern: string): PythonRegexResult {
  let flags = '';
  let src = pattern;
  // Global inline flags must come first in Python 3.11; several groups may follow each other.
  for (let m = /^\(\?([aiLmsux]+)\)/.exec(src); m; m = /^\(\?([aiLmsux]+)\)/.exec(src)) {
    flags += m[1];
    src = src.slice(m[0].length);
  }
  if (flags.includes('L')) return { ok: false, message: 'the (?L) locale flag is not supported' };
  const verbose = flags.includes('x');
  const multiline = flags.includes('m');
  const ascii = flags.includes('a');
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) return { ok: false, message: 'bad escape (end of pattern)' };
      i++;
      if (n === 'A' && !inClass) out += '(?<![\\s\\S])';
      else if (n === 'Z' && !inClass) out += END;
      else if ((n === 'w' || n === 'W' || n === 'd' || n === 'D') && !ascii) {
        const body = n.toLowerCase() === 'w' ? '\\p{L}\\p{N}_' : '\\p{Nd}';
        const negated = n === 'W' || n === 'D';
        if (inClass) {
          if (negated) return { ok: false, message: `\\${n} inside a character class is not supported` };
          out += body;
        } else out += negated ? `[^${body}]` : `[${body}]`;
      } else if (/[0-9bBsSwWdDnrtfvxuU\\]/.test(n)) out += `\\${n}`;
      else if (/[a-zA-Z]/.test(n)) return { ok: false, message: `bad escape \\${n}` };
      else if (/[\^$.*+?()[\]{}|/-]/.test(n)) out += `\\${n}`;
      else out += n; // Python allows escaping any punctuation; JavaScript's u mode does not.
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (verbose && /\s/.test(c)) continue;
    if (verbose && c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    switch (c) {
      case '[':
        inClass = true;
        out += c;
        if (src[i + 1] === '^') out += src[++i];
        if (src[i + 1] === ']') out += `\\${src[++i]}`; // a leading ] is literal in Python
        break;
      case '(':
        if (src.startsWith('(?P<', i)) {
          out += '(?<';
          i += 3;
        } else if (src.startsWith('(?P=', i)) {
          const close = src.indexOf(')', i);
          out += `\\k<${src.slice(i + 4, close)}>`;
          i = close;
        } else if (src.startsWith('(?#', i)) {
          i = src.indexOf(')', i);
          if (i === -1) return { ok: false, message: 'missing ), unterminated comment' };
        } else if (/^\(\?[aiLmsux-]+[:)]/.test(src.slice(i))) {
          return { ok: false, message: 'inline flags inside the pattern (e.g. (?i:...)) are not supported' };
        } else if (src.startsWith('(?(', i) || src.startsWith('(?>', i)) {
          return { ok: false, message: 'conditional and atomic groups are not supported' };
        } else out += c;
        break;
      case '$':
        out += multiline ? '$' : `(?=\\n?${END})`;
        break;
      case '{': {
        const q = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
        if (q && (q[1] !== '' || (q[2] === ',' && q[3] !== ''))) {
          out += `{${q[1] === '' ? '0' : q[1]}${q[2]}${q[3]}}`;
          i += q[0].length - 1;
          if (src[i + 1] === '+') return { ok: false, message: 'possessive quantifiers are not supported' };
        } else out += '\\{';
        break;
      }
      case '}':
        out += '\\}';
        break;
      case '*':
      case '+':
      case '?':
        out += c;
        if (src[i + 1] === '+') return { ok: false, message: 'possessive quantifiers are not supported' };
        break;
      default:
        out += c;
    }
  }
  let jsFlags = 'u';
  if (flags.includes('i')) jsFlags += 'i';
  if (flags.includes('s')) jsFlags += 's';
  if (multiline) jsFlags += 'm';
  try {
    return { ok: true, regex: new RegExp(out, jsFlags) };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
