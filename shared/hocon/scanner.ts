import { CharCode } from './charCode';
import { endsUnquoted, isDigit, isNumberChar, isWhitespace } from './characterClasses';
import { TokenKind } from './tokenKind';

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
        if (c === CharCode.Space || c === CharCode.Tab || c === CharCode.CarriageReturn) pos++;
        else if (c === CharCode.LineFeed) {
          newline = true;
          pos++;
        } else if (c === CharCode.Hash || (c === CharCode.Slash && pos + 1 < end && text.charCodeAt(pos + 1) === CharCode.Slash)) {
          pos = this.skipToLineEnd(pos);
        } else if (c > 127 && isWhitespace(c)) pos++;
        else if (c < CharCode.Space && isWhitespace(c)) pos++;
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
      case CharCode.LineFeed:
        pos++;
        kind = TokenKind.Newline;
        break;
      case CharCode.Space:
      case CharCode.Tab:
      case CharCode.CarriageReturn:
        pos = this.skipWhitespace(pos + 1);
        kind = TokenKind.Whitespace;
        break;
      case CharCode.LeftBrace:
        pos++;
        kind = TokenKind.OpenBrace;
        break;
      case CharCode.RightBrace:
        pos++;
        kind = TokenKind.CloseBrace;
        break;
      case CharCode.LeftBracket:
        pos++;
        kind = TokenKind.OpenBracket;
        break;
      case CharCode.RightBracket:
        pos++;
        kind = TokenKind.CloseBracket;
        break;
      case CharCode.Comma:
        pos++;
        kind = TokenKind.Comma;
        break;
      case CharCode.Colon:
        pos++;
        kind = TokenKind.Colon;
        break;
      case CharCode.Equals:
        pos++;
        kind = TokenKind.Equals;
        break;
      case CharCode.Hash:
        pos = this.skipToLineEnd(pos + 1);
        kind = TokenKind.Comment;
        break;
      case CharCode.DoubleQuote:
        if (pos + 2 < end && text.charCodeAt(pos + 1) === CharCode.DoubleQuote && text.charCodeAt(pos + 2) === CharCode.DoubleQuote) {
          pos = this.scanTripleQuoted(pos);
          kind = TokenKind.TripleQuotedString;
        } else {
          pos = this.scanQuoted(pos);
          kind = TokenKind.QuotedString;
        }
        break;
      case CharCode.Dollar:
        if (pos + 1 < end && text.charCodeAt(pos + 1) === CharCode.LeftBrace) {
          pos = this.scanSubstitution(pos);
          kind = TokenKind.Substitution;
        } else {
          pos++;
          kind = TokenKind.Bad;
          this.setProblem("'$' is not allowed outside quotes (a substitution is written ${path})", pos - 1, pos);
        }
        break;
      case CharCode.Plus:
        if (pos + 1 < end && text.charCodeAt(pos + 1) === CharCode.Equals) {
          pos += 2;
          kind = TokenKind.PlusEquals;
        } else {
          pos++;
          kind = TokenKind.Bad;
          this.setProblem("Reserved character '+' is not allowed outside quotes", pos - 1, pos);
        }
        break;
      case CharCode.Slash:
        if (pos + 1 < end && text.charCodeAt(pos + 1) === CharCode.Slash) {
          pos = this.skipToLineEnd(pos + 2);
          kind = TokenKind.Comment;
        } else {
          pos = this.scanUnquoted(pos);
          kind = TokenKind.UnquotedText;
        }
        break;
      default:
        if (isDigit(code) || code === CharCode.Minus) {
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
      if (c === CharCode.Space || c === CharCode.Tab || c === CharCode.CarriageReturn || (c !== CharCode.LineFeed && isWhitespace(c))) pos++;
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
      if (c === CharCode.Slash && pos + 1 < end && text.charCodeAt(pos + 1) === CharCode.Slash) break;
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
    if (text.charCodeAt(p) === CharCode.Minus) p++;
    let intDigits = 0;
    while (p < runEnd && isDigit(text.charCodeAt(p))) {
      p++;
      intDigits++;
    }
    let isFloat = false;
    let fracDigits = 0;
    if (p < runEnd && text.charCodeAt(p) === CharCode.Dot) {
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
      if (c !== CharCode.LowerE && c !== CharCode.UpperE) return -1;
      isFloat = true;
      p++;
      if (p < runEnd && (text.charCodeAt(p) === CharCode.Plus || text.charCodeAt(p) === CharCode.Minus)) p++;
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
      if (c > CharCode.Backslash || (c > CharCode.DoubleQuote && c < CharCode.Backslash) || c === CharCode.Space) {
        pos++;
        continue;
      }
      if (c === CharCode.DoubleQuote) return pos + 1;
      if (c === CharCode.Backslash) {
        this.hasEscape = true;
        const e = pos + 1 < end ? text.charCodeAt(pos + 1) : -1;
        if (e === CharCode.LowerU) {
          let ok = pos + 5 < end;
          for (let i = 2; ok && i < 6; i++) ok = isHexDigit(text.charCodeAt(pos + i));
          if (!ok && this.problem === undefined) this.setProblem('\\u must be followed by four hex digits', pos, pos + 2);
          pos += ok ? 6 : 2;
          continue;
        }
        if (e === CharCode.LineFeed || e === -1) {
          this.setProblem('Unterminated quoted string', start, pos + 1);
          return pos + 1;
        }
        if (!isSimpleEscape(e) && this.problem === undefined) {
          this.setProblem(`Bad escape in quoted string: '\\${String.fromCharCode(e)}'`, pos, pos + 2);
        }
        pos += 2;
        continue;
      }
      if (c === CharCode.LineFeed) {
        this.setProblem('Unterminated quoted string (a quoted string may not span lines; use """ for that)', start, pos);
        return pos;
      }
      if (c < CharCode.Space && this.problem === undefined) {
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
    while (close < this.end && this.text.charCodeAt(close) === CharCode.DoubleQuote) close++;
    return close;
  }

  private scanSubstitution(start: number): number {
    const text = this.text;
    const end = this.end;
    let pos = start + 2;
    while (pos < end) {
      const c = text.charCodeAt(pos);
      if (c === CharCode.RightBrace) return pos + 1;
      if (c === CharCode.LineFeed) break;
      if (c === CharCode.DoubleQuote) {
        pos++;
        while (pos < end) {
          const q = text.charCodeAt(pos);
          if (q === CharCode.DoubleQuote || q === CharCode.LineFeed) break;
          pos = Math.min(end, pos + (q === CharCode.Backslash ? 2 : 1));
        }
        if (pos < end && text.charCodeAt(pos) === CharCode.DoubleQuote) pos++;
        continue;
      }
      pos++;
    }
    this.setProblem("Substitution '${' is not closed with '}' on the same line", start, pos);
    return pos;
  }
}

function isHexDigit(c: number): boolean {
  return (c >= CharCode.Digit0 && c <= CharCode.Digit9) || (c >= CharCode.UpperA && c <= CharCode.UpperF) || (c >= CharCode.LowerA && c <= CharCode.LowerF);
}

function isSimpleEscape(c: number): boolean {
  // " \ / b f n r t
  return c === CharCode.DoubleQuote || c === CharCode.Backslash || c === CharCode.Slash || c === CharCode.LowerB || c === CharCode.LowerF || c === CharCode.LowerN || c === CharCode.LowerR || c === CharCode.LowerT;
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
  const contentEnd = end - start >= 2 && text.charCodeAt(end - 1) === CharCode.DoubleQuote ? end - 1 : end;
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
      case CharCode.LowerN:
        out += '\n';
        break;
      case CharCode.LowerT:
        out += '\t';
        break;
      case CharCode.LowerR:
        out += '\r';
        break;
      case CharCode.LowerB:
        out += '\b';
        break;
      case CharCode.LowerF:
        out += '\f';
        break;
      case CharCode.LowerU: {
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
