/**
 * A lossless JSON reader into the Python value model: what Python's `json.loads` would build.
 *   - `1.0` stays a float (number), `1` an int (bigint, exact beyond 2^53);
 *   - `NaN`, `Infinity`, `-Infinity` are accepted, as Python writes them;
 *   - `\ud800` escapes give lone surrogates; objects keep key order (a repeated key keeps its first place, last value).
 * Errors carry the 1-based line and column (in UTF-16 units) where reading stopped.
 */
import type { PyDict, PyValue } from './types';

export interface JsonReadError {
  message: string;
  /** 0-based offset in the text. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 units. */
  column: number;
}

export type JsonReadResult = { ok: true; value: PyValue } | { ok: false; error: JsonReadError };

class Failure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
// Python's json rejects raw control characters inside strings (strict=True).
// eslint-disable-next-line no-control-regex
const SIMPLE_STRING_END = /["\\\x00-\x1f]/g;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function describe(text: string, at: number): string {
  if (at >= text.length) return 'end of input';
  return JSON.stringify(String.fromCodePoint(text.codePointAt(at)!));
}

/** Reads one JSON document (surrounding whitespace allowed; a leading BOM is ignored). */
export function readJson(text: string): JsonReadResult {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipWs = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
      else return;
    }
  };

  const expectWord = (word: string): void => {
    if (!text.startsWith(word, pos)) throw new Failure(`Expecting value, found ${describe(text, pos)}`, pos);
    pos += word.length;
  };

  const readString = (): string => {
    const start = pos; // at the opening quote
    pos++;
    let out = '';
    for (;;) {
      SIMPLE_STRING_END.lastIndex = pos;
      const m = SIMPLE_STRING_END.exec(text);
      if (!m) throw new Failure('Unterminated string', start);
      out += text.slice(pos, m.index);
      pos = m.index;
      const ch = m[0];
      if (ch === '"') {
        pos++;
        return out;
      }
      if (ch !== '\\') throw new Failure(`Invalid control character ${JSON.stringify(ch)} in string`, pos);
      const e = text[pos + 1];
      if (e === undefined) throw new Failure('Unterminated string', start);
      if (e === 'u') {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure('Invalid \\uXXXX escape', pos);
        out += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        const mapped = ESCAPES[e];
        if (mapped === undefined) throw new Failure(`Invalid \\escape: ${JSON.stringify(e)}`, pos);
        out += mapped;
        pos += 2;
      }
    }
  };

  const readValue = (depth: number): PyValue => {
    if (depth > 10_000) throw new Failure('Nesting too deep', pos);
    skipWs();
    const c = text[pos];
    switch (c) {
      case '{': {
        pos++;
        const dict: PyDict = new Map();
        skipWs();
        if (text[pos] === '}') {
          pos++;
          return dict;
        }
        for (;;) {
          skipWs();
          if (text[pos] !== '"') throw new Failure('Expecting property name enclosed in double quotes', pos);
          const key = readString();
          skipWs();
          if (text[pos] !== ':') throw new Failure("Expecting ':' delimiter", pos);
          pos++;
          dict.set(key, readValue(depth + 1));
          skipWs();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          if (text[pos] === '}') {
            pos++;
            return dict;
          }
          throw new Failure("Expecting ',' delimiter or '}'", pos);
        }
      }
      case '[': {
        pos++;
        const list: PyValue[] = [];
        skipWs();
        if (text[pos] === ']') {
          pos++;
          return list;
        }
        for (;;) {
          list.push(readValue(depth + 1));
          skipWs();
          if (text[pos] === ',') {
            pos++;
            continue;
          }
          if (text[pos] === ']') {
            pos++;
            return list;
          }
          throw new Failure("Expecting ',' delimiter or ']'", pos);
        }
      }
      case '"':
        return readString();
      case 't':
        expectWord('true');
        return true;
      case 'f':
        expectWord('false');
        return false;
      case 'n':
        expectWord('null');
        return null;
      case 'N':
        expectWord('NaN');
        return NaN;
      case 'I':
        expectWord('Infinity');
        return Infinity;
    }
    if (text.startsWith('-Infinity', pos)) {
      pos += 9;
      return -Infinity;
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (!m) throw new Failure(`Expecting value, found ${describe(text, pos)}`, pos);
    pos += m[0].length;
    // Python: a fraction or an exponent makes a float; otherwise an int of any size.
    return m[1] === undefined && m[2] === undefined ? BigInt(m[0]) : Number(m[0]);
  };

  try {
    const value = readValue(0);
    skipWs();
    if (pos < text.length) throw new Failure(`Extra data after the JSON value: ${describe(text, pos)}`, pos);
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    return { ok: false, error: { message: error.message, offset: error.offset, ...positionOf(text, error.offset) } };
  }
}
