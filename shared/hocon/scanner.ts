import { endsUnquoted, isDigit, isNumberChar, isWhitespace } from './character-classes';
import { TokenKind } from './token-kind';

/**
 * The HOCON scanner: a pull tokenizer over a string, char-code based, that never allocates per character and never
 * throws. Tokens tile the text: every character belongs to exactly one token, so concatenating the tokens gives the
 * input back. A malformed token (unterminated string, bad escape, reserved character) still has a kind and a range;
 * `problem` then says what is wrong with it and the parser turns that into a diagnostic.
 */
export class Scanner {
  /** Offset of the next character to read. */
  pos: number;
  /** Start offset of the current token. */
  tokenStart = 0;
  tokenKind: TokenKind = TokenKind.EOF;
  /** For a Number token: whether it is spelled as a float (has '.', 'e' or 'E'). */
  isFloat = false;
  /** For a QuotedString token: whether it contains a backslash escape (so it needs decoding). */
  hasEscape = false;
  /** What is wrong with the current token, if anything; `problemStart`/`problemEnd` locate it. */
  problem: string | undefined = undefined;
  problemStart = 0;
  problemEnd = 0;
  /**
   * Step over white space, line breaks and comments before a token instead of making them tokens (`newlineBefore`
   * says whether a line break was among them). For the one-pass reader, which only needs to know where lines
   * break (half of a typical file's tokens are white space); the tokens then no longer tile the text.
   */
  skipTrivia = false;
  /** With `skipTrivia`: a line break came between the previous token and this one. */
  newlineBefore = false;

  constructor(
    readonly text: string,
    start = 0,
    private readonly end = text.length,
  ) {
    this.pos = start;
  }

  /** Scans the next token; returns its kind (also in `tokenKind`); the token is `text.slice(tokenStart, pos)`. */
  next(): TokenKind {
    const text = this.text;
    const end = this.end;
    let pos = this.pos;
    if (this.skipTrivia) {
      let newline = false;
      while (pos < end) {
        const c = text.charCodeAt(pos);
        if (c === 32 || c === 9 || c === 13) pos++;
        else if (c === 10) {
          newline = true;
          pos++;
        } else if (c === 35 /* # */ || (c === 47 /* / */ && pos + 1 < end && text.charCodeAt(pos + 1) === 47)) {
          pos = this.skipToLineEnd(pos);
        } else if (c > 127 && isWhitespace(c)) pos++;
        else if (c < 32 && isWhitespace(c)) pos++;
        else break;
      }
      this.newlineBefore = newline;
    }
    this.tokenStart = pos;
    this.problem = undefined;
    if (pos >= end) return (this.tokenKind = TokenKind.EOF);
    const code = text.charCodeAt(pos);
    let kind: TokenKind;
    switch (code) {
      case 10:
        pos++;
        kind = TokenKind.Newline;
        break;
      case 32:
      case 9:
      case 13:
        pos = this.skipWhitespace(pos + 1);
        kind = TokenKind.Whitespace;
        break;
      case 123: // {
        pos++;
        kind = TokenKind.OpenBrace;
        break;
      case 125: // }
        pos++;
        kind = TokenKind.CloseBrace;
        break;
      case 91: // [
        pos++;
        kind = TokenKind.OpenBracket;
        break;
      case 93: // ]
        pos++;
        kind = TokenKind.CloseBracket;
        break;
      case 44: // ,
        pos++;
        kind = TokenKind.Comma;
        break;
      case 58: // :
        pos++;
        kind = TokenKind.Colon;
        break;
      case 61: // =
        pos++;
        kind = TokenKind.Equals;
        break;
      case 35: // #
        pos = this.skipToLineEnd(pos + 1);
        kind = TokenKind.Comment;
        break;
      case 34: // "
        if (pos + 2 < end && text.charCodeAt(pos + 1) === 34 && text.charCodeAt(pos + 2) === 34) {
          pos = this.scanTripleQuoted(pos);
          kind = TokenKind.TripleQuotedString;
        } else {
          pos = this.scanQuoted(pos);
          kind = TokenKind.QuotedString;
        }
        break;
      case 36: // $
        if (pos + 1 < end && text.charCodeAt(pos + 1) === 123) {
          pos = this.scanSubstitution(pos);
          kind = TokenKind.Substitution;
        } else {
          pos++;
          kind = TokenKind.Bad;
          this.setProblem("'$' is not allowed outside quotes (a substitution is written ${path})", pos - 1, pos);
        }
        break;
      case 43: // +
        if (pos + 1 < end && text.charCodeAt(pos + 1) === 61) {
          pos += 2;
          kind = TokenKind.PlusEquals;
        } else {
          pos++;
          kind = TokenKind.Bad;
          this.setProblem("Reserved character '+' is not allowed outside quotes", pos - 1, pos);
        }
        break;
      case 47: // /
        if (pos + 1 < end && text.charCodeAt(pos + 1) === 47) {
          pos = this.skipToLineEnd(pos + 2);
          kind = TokenKind.Comment;
        } else {
          pos = this.scanUnquoted(pos);
          kind = TokenKind.UnquotedText;
        }
        break;
      default:
        if (isDigit(code) || code === 45 /* - */) {
          const numberEnd = this.scanNumber(pos);
          if (numberEnd > 0) {
            pos = numberEnd;
            kind = TokenKind.Number;
            break;
          }
          pos = this.scanUnquoted(pos);
          kind = TokenKind.UnquotedText;
        } else if (isWhitespace(code)) {
          pos = this.skipWhitespace(pos + 1);
          kind = TokenKind.Whitespace;
        } else if (code < 128 && endsUnquoted(code)) {
          // A reserved character: ` ^ ? ! @ * & \
          pos++;
          kind = TokenKind.Bad;
          this.setProblem(
            `Reserved character '${String.fromCharCode(code)}' is not allowed outside quotes`,
            pos - 1,
            pos,
          );
        } else {
          pos = this.scanUnquoted(pos);
          kind = TokenKind.UnquotedText;
        }
    }
    this.pos = pos;
    return (this.tokenKind = kind);
  }

  private setProblem(message: string, start: number, end: number): void {
    this.problem = message;
    this.problemStart = start;
    this.problemEnd = end;
  }

  private skipWhitespace(pos: number): number {
    const text = this.text;
    const end = this.end;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 13 || (c !== 10 && isWhitespace(c))) pos++;
      else break;
    }
    return pos;
  }

  private skipToLineEnd(pos: number): number {
    const index = this.text.indexOf('\n', pos);
    return index < 0 || index > this.end ? this.end : index;
  }

  private scanUnquoted(pos: number): number {
    const text = this.text;
    const end = this.end;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (endsUnquoted(c)) break;
      if (c === 47 && pos + 1 < end && text.charCodeAt(pos + 1) === 47) break;
      pos++;
    }
    return pos;
  }

  /**
   * Lightbend reads the longest run of number characters; if that run is a valid number it is a number token,
   * otherwise the same characters are unquoted text. Returns the end of the number, or -1 if not a number.
   */
  private scanNumber(start: number): number {
    const text = this.text;
    const end = this.end;
    let runEnd = start + 1;
    while (runEnd < end && isNumberChar(text.charCodeAt(runEnd))) runEnd++;
    // Validate: -? (digits+ ('.' digits*)? | '.' digits+) ([eE] [+-]? digits+)?
    let p = start;
    if (text.charCodeAt(p) === 45) p++;
    let intDigits = 0;
    while (p < runEnd && isDigit(text.charCodeAt(p))) {
      p++;
      intDigits++;
    }
    let isFloat = false;
    let fracDigits = 0;
    if (p < runEnd && text.charCodeAt(p) === 46) {
      isFloat = true;
      p++;
      while (p < runEnd && isDigit(text.charCodeAt(p))) {
        p++;
        fracDigits++;
      }
    }
    if (intDigits === 0 && fracDigits === 0) return -1;
    if (p < runEnd) {
      const c = text.charCodeAt(p);
      if (c !== 101 && c !== 69) return -1;
      isFloat = true;
      p++;
      if (p < runEnd && (text.charCodeAt(p) === 43 || text.charCodeAt(p) === 45)) p++;
      let expDigits = 0;
      while (p < runEnd && isDigit(text.charCodeAt(p))) {
        p++;
        expDigits++;
      }
      if (expDigits === 0 || p !== runEnd) return -1;
    }
    this.isFloat = isFloat;
    return runEnd;
  }

  private scanQuoted(start: number): number {
    const text = this.text;
    const end = this.end;
    let pos = start + 1;
    this.hasEscape = false;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      // Most characters are none of '"', '\\' or a control character: one or two comparisons.
      if (c > 92 || (c > 34 && c < 92) || c === 32) {
        pos++;
        continue;
      }
      if (c === 34) return pos + 1;
      if (c === 92) {
        this.hasEscape = true;
        const e = pos + 1 < end ? text.charCodeAt(pos + 1) : -1;
        if (e === 117 /* u */) {
          let ok = pos + 5 < end;
          for (let i = 2; ok && i < 6; i++) ok = isHexDigit(text.charCodeAt(pos + i));
          if (!ok && this.problem === undefined) this.setProblem('\\u must be followed by four hex digits', pos, pos + 2);
          pos += ok ? 6 : 2;
          continue;
        }
        if (e === 10 || e === -1) {
          this.setProblem('Unterminated quoted string', start, pos + 1);
          return pos + 1;
        }
        if (!isSimpleEscape(e) && this.problem === undefined) {
          this.setProblem(`Bad escape in quoted string: '\\${String.fromCharCode(e)}'`, pos, pos + 2);
        }
        pos += 2;
        continue;
      }
      if (c === 10) {
        this.setProblem('Unterminated quoted string (a quoted string may not span lines; use """ for that)', start, pos);
        return pos;
      }
      if (c < 32 && this.problem === undefined) {
        this.setProblem(
          `JSON does not allow unescaped control character ${c} in quoted strings, use a backslash escape`,
          pos,
          pos + 1,
        );
      }
      pos++;
    }
    this.setProblem('Unterminated quoted string', start, end);
    return end;
  }

  private scanTripleQuoted(start: number): number {
    const index = this.text.indexOf('"""', start + 3);
    if (index < 0 || index + 3 > this.end) {
      this.setProblem('Unterminated triple-quoted string', start, this.end);
      return this.end;
    }
    // Extra quotes before the closing three belong to the string: the closing """ is the last three of the run.
    let close = index + 3;
    while (close < this.end && this.text.charCodeAt(close) === 34) close++;
    return close;
  }

  private scanSubstitution(start: number): number {
    const text = this.text;
    const end = this.end;
    let pos = start + 2;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (c === 125) return pos + 1;
      if (c === 10) break;
      if (c === 34) {
        pos++;
        while (pos < end) {
          const q = text.charCodeAt(pos);
          if (q === 34 || q === 10) break;
          pos = Math.min(end, pos + (q === 92 ? 2 : 1));
        }
        if (pos < end && text.charCodeAt(pos) === 34) pos++;
        continue;
      }
      pos++;
    }
    this.setProblem("Substitution '${' is not closed with '}' on the same line", start, pos);
    return pos;
  }
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function isSimpleEscape(c: number): boolean {
  // " \ / b f n r t
  return c === 34 || c === 92 || c === 47 || c === 98 || c === 102 || c === 110 || c === 114 || c === 116;
}

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  text: string;
}

/** All tokens of a text, including white space and comments (convenience; the parser pulls from a Scanner). */
export function scan(text: string): Token[] {
  const scanner = new Scanner(text);
  const tokens: Token[] = [];
  while (scanner.next() !== TokenKind.EOF) {
    tokens.push({
      kind: scanner.tokenKind,
      start: scanner.tokenStart,
      end: scanner.pos,
      text: text.slice(scanner.tokenStart, scanner.pos),
    });
  }
  return tokens;
}

/** Index of a char code within [from, end), or -1. (indexOf would search past `end`: quadratic on big files.) */
export function indexWithin(text: string, code: number, from: number, end: number): number {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** Decodes a quoted string token's text (with its quotes) into its value. Malformed escapes decode leniently. */
export function decodeQuoted(text: string, start: number, end: number): string {
  // Strip quotes: an unterminated string has no closing quote.
  const contentEnd = end - start >= 2 && text.charCodeAt(end - 1) === 34 ? end - 1 : end;
  const from = start + 1;
  // Search for escapes within the string only: indexOf on the whole text would scan to the file's next backslash
  // for every string, which made a 5,000-tool file take seconds to parse.
  const content = text.slice(from, contentEnd);
  const nextEscape = (after: number) => {
    const found = content.indexOf('\\', after - from);
    return found < 0 ? -1 : from + found;
  };
  let index = nextEscape(from);
  if (index < 0) return content;
  let out = '';
  let chunkStart = from;
  while (index >= 0) {
    out += text.slice(chunkStart, index);
    const e = text.charCodeAt(index + 1);
    let width = 2;
    switch (e) {
      case 110:
        out += '\n';
        break;
      case 116:
        out += '\t';
        break;
      case 114:
        out += '\r';
        break;
      case 98:
        out += '\b';
        break;
      case 102:
        out += '\f';
        break;
      case 117: {
        const hex = text.slice(index + 2, index + 6);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) {
          out += String.fromCharCode(parseInt(hex, 16));
          width = 6;
        } else out += 'u';
        break;
      }
      default:
        out += Number.isNaN(e) ? '' : String.fromCharCode(e);
    }
    chunkStart = index + width;
    index = nextEscape(chunkStart);
  }
  return out + text.slice(chunkStart, contentEnd);
}

/** The value of a triple-quoted token (raw content between the opening and the closing three quotes). */
export function decodeTripleQuoted(text: string, start: number, end: number): string {
  const closed = end - start >= 6 && text.startsWith('"""', end - 3);
  return text.slice(start + 3, closed ? end - 3 : end);
}
