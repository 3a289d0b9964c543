/**
 * Jinja2's lexer with its default delimiters: data, `{{ }}`, `{% %}`, `{# #}`, `{% raw %}`, whitespace control
 * (`-` strips all whitespace on that side, `+` opts out of lstrip_blocks), and the optional `trim_blocks` /
 * `lstrip_blocks` (both off by default, as in Python). Every token carries its offset for diagnostics.
 */
import { syntaxError } from './errors';

export type TokenType =
  | 'data'
  | 'comment'
  | 'var_begin'
  | 'var_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'int'
  | 'float'
  | 'op'
  | 'eof';

export interface Token {
  type: TokenType;
  /** data/comment/name/op text, decoded string literal; for int a bigint, for float a number. */
  value: string | bigint | number;
  /** Offset in the normalised source. */
  offset: number;
}

export interface LexOptions {
  trimBlocks: boolean;
  lstripBlocks: boolean;
}

/** Whitespace as Python's str.isspace() / re `\s` see it (JavaScript's differs: \x1c-\x1f, \x85, \ufeff). */
const PY_WS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const TRAILING_WS = new RegExp(`[${PY_WS}]+$`);
const WS_RUN = new RegExp(`[${PY_WS}]*`, 'y');
const TAG_START = /\{[{%#]/g;
const RAW_OPEN = new RegExp(`[${PY_WS}]*raw[${PY_WS}]*([-+]?)%\\}`, 'y');
const RAW_CLOSE = new RegExp(`\\{%([-+]?)[${PY_WS}]*endraw[${PY_WS}]*([-+]?)%\\}`, 'g');

const FLOAT = /(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?[eE][+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/y;
const INT = /0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[\da-fA-F])+|[1-9](?:_?\d)*|0(?:_?0)*/y;
const NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const STRING = /'([^'\\]*(?:\\[\s\S][^'\\]*)*)'|"([^"\\]*(?:\\[\s\S][^"\\]*)*)"/y;
const OPERATORS = ['//', '**', '==', '!=', '>=', '<=', '+', '-', '/', '*', '%', '~', '[', ']', '(', ')', '{', '}',
  '>', '<', '=', '.', ':', '|', ',', ';'];
const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Decodes a string literal's body the way Jinja2 does (Python's unicode-escape). */
export function decodeStringLiteral(body: string, offset: number): string {
  if (!body.includes('\\')) return body;
  return body.replace(
    /\\(?:([\\'"abfnrtv\n])|([0-7]{1,3})|x([\da-fA-F]{2})|u([\da-fA-F]{4})|U([\da-fA-F]{8})|(N\{[^}]*\})|([xuU]))/g,
    (whole, simple?: string, octal?: string, x?: string, u?: string, big?: string, named?: string, bad?: string) => {
      if (simple !== undefined) {
        const map: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n',
          r: '\r', t: '\t', v: '\v', '\n': '' };
        return map[simple]!;
      }
      if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8));
      const hex = x ?? u ?? big;
      if (hex !== undefined) {
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) throw syntaxError('illegal Unicode character in string literal', offset);
        return String.fromCodePoint(code);
      }
      if (named !== undefined) throw syntaxError(`\\${named} escapes are not supported`, offset);
      if (bad !== undefined) throw syntaxError(`truncated \\${bad} escape in string literal`, offset);
      return whole;
    },
  );
}

export function tokenize(text: string, options: LexOptions): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  // Whether the next data starts at the beginning of a line (for lstrip_blocks).
  let lineStarting = true;

  const pushData = (data: string, offset: number) => {
    if (data !== '') tokens.push({ type: 'data', value: data, offset });
  };

  while (pos < text.length) {
    TAG_START.lastIndex = pos;
    const found = TAG_START.exec(text);
    if (!found) {
      pushData(text.slice(pos), pos);
      break;
    }
    const tagAt = found.index;
    const kind = text[tagAt + 1]!;
    const sign = text[tagAt + 2];
    let data = text.slice(pos, tagAt);
    if (sign === '-') {
      data = data.replace(TRAILING_WS, '');
    } else if (sign !== '+' && kind !== '{' && options.lstripBlocks) {
      const lineStart = data.lastIndexOf('\n') + 1;
      if ((lineStart > 0 || lineStarting) && /^[ \t]*$/.test(data.slice(lineStart))) data = data.slice(0, lineStart);
    }
    pushData(data, pos);
    let inner = tagAt + 2 + (sign === '-' || sign === '+' ? 1 : 0);

    if (kind === '#') {
      const close = text.indexOf('#}', inner);
      if (close === -1) throw syntaxError('Missing end of comment tag', tagAt);
      const stripAfter = text[close - 1] === '-' && close - 1 >= inner;
      tokens.push({ type: 'comment', value: text.slice(inner, stripAfter ? close - 1 : close), offset: tagAt });
      pos = close + 2;
      if (stripAfter) pos = skipWs(text, pos);
      else if (options.trimBlocks && text[pos] === '\n') pos++;
      lineStarting = text[pos - 1] === '\n';
      continue;
    }

    if (kind === '%') {
      RAW_OPEN.lastIndex = inner;
      const raw = RAW_OPEN.exec(text);
      if (raw) {
        RAW_CLOSE.lastIndex = RAW_OPEN.lastIndex;
        const close = RAW_CLOSE.exec(text);
        if (!close) throw syntaxError('Missing end of raw directive', tagAt);
        let start = RAW_OPEN.lastIndex;
        if (raw[1] === '-') start = skipWs(text, start);
        let body = text.slice(start, close.index);
        if (close[1] === '-') body = body.replace(TRAILING_WS, '');
        pushData(body, start);
        pos = close.index + close[0].length;
        if (close[2] === '-') pos = skipWs(text, pos);
        else if (options.trimBlocks && close[2] !== '+' && text[pos] === '\n') pos++;
        lineStarting = text[pos - 1] === '\n';
        continue;
      }
    }

    const isVar = kind === '{';
    tokens.push({ type: isVar ? 'var_begin' : 'block_begin', value: '', offset: tagAt });
    const end = isVar ? '}}' : '%}';
    const stack: string[] = [];
    for (;;) {
      WS_RUN.lastIndex = inner;
      WS_RUN.exec(text);
      inner = WS_RUN.lastIndex;
      if (inner >= text.length) {
        throw syntaxError(`unexpected end of template, expected '${end}'`, inner);
      }
      if (stack.length === 0) {
        const c = text[inner];
        const signed = (c === '-' || c === '+') && text.startsWith(end, inner + 1);
        if (signed || text.startsWith(end, inner)) {
          tokens.push({ type: isVar ? 'var_end' : 'block_end', value: '', offset: inner });
          pos = inner + end.length + (signed ? 1 : 0);
          if (signed && c === '-') pos = skipWs(text, pos);
          else if (!isVar && options.trimBlocks && !(signed && c === '+') && text[pos] === '\n') pos++;
          break;
        }
      }
      inner = lexExpressionToken(text, inner, tokens, stack);
    }
    lineStarting = text[pos - 1] === '\n';
  }
  tokens.push({ type: 'eof', value: '', offset: text.length });
  return tokens;
}

function skipWs(text: string, pos: number): number {
  WS_RUN.lastIndex = pos;
  WS_RUN.exec(text);
  return WS_RUN.lastIndex;
}

/** Reads one token inside `{{ }}` / `{% %}` at `pos`; returns the offset after it. */
function lexExpressionToken(text: string, pos: number, tokens: Token[], stack: string[]): number {
  for (const [re, type] of [
    [FLOAT, 'float'],
    [INT, 'int'],
  ] as const) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (m && !(text[pos - 1] === '.' && type === 'float')) {
      const digits = m[0].replace(/_/g, '');
      const value = type === 'float' ? Number(digits) : BigInt(digits);
      tokens.push({ type, value, offset: pos });
      return re.lastIndex;
    }
  }
  NAME.lastIndex = pos;
  let m = NAME.exec(text);
  if (m) {
    tokens.push({ type: 'name', value: m[0], offset: pos });
    return NAME.lastIndex;
  }
  STRING.lastIndex = pos;
  m = STRING.exec(text);
  if (m) {
    tokens.push({ type: 'string', value: decodeStringLiteral(m[1] ?? m[2] ?? '', pos), offset: pos });
    return STRING.lastIndex;
  }
  const op = OPERATORS.find((o) => text.startsWith(o, pos));
  if (op === undefined) {
    if (text[pos] === '"' || text[pos] === "'") throw syntaxError('unexpected end of string', pos);
    throw syntaxError(`unexpected char ${JSON.stringify(text[pos])} at ${pos}`, pos);
  }
  if (op in CLOSERS) stack.push(CLOSERS[op]!);
  else if (op === ')' || op === ']' || op === '}') {
    const expected = stack.pop();
    if (expected === undefined) throw syntaxError(`unexpected '${op}'`, pos);
    if (expected !== op) throw syntaxError(`unexpected '${op}', expected '${expected}'`, pos);
  }
  tokens.push({ type: 'op', value: op, offset: pos });
  return pos + op.length;
}
