import type { Token } from './scanner';
import { TokenKind } from './tokenKind';

/**
 * The lines of a HOCON text as the formatter and the style detector see them: each line that starts outside a
 * string, with its indentation, what it starts with and how deep it is nested. Lines inside a `"""` string are not
 * listed (nothing may move there).
 *
 * - `code`: an entry, an element, or anything else that starts where its nesting says;
 * - `closing`: starts with `}` or `]`;
 * - `comment`: a comment alone on its line;
 * - `continuation`: a value on the line after its key's separator (`key =` then the value);
 * - `string`: starts with a `"""` string that runs over several lines (its opening quotes stay with its text);
 * - `hanging`: inside brackets opened with something after them on their line (`"tools": ["a",` then `"b"]`),
 *   where the author lines elements up by hand;
 * - `blank`: nothing but blanks.
 *
 * `level` is how many steps the line is indented by its nesting: one more than the line that opened the innermost
 * bracket around it (brackets opened on one line, `[{`, make one level, as they read); a line that starts by closing
 * brackets takes the level of the line that opened the first; a `continuation` is one step deeper than its key.
 */
export type LineKind = 'code' | 'closing' | 'comment' | 'continuation' | 'string' | 'hanging' | 'blank';

export interface LayoutLine {
  kind: LineKind;
  /** Offset of the line's first character, and of its first character after the indentation. */
  start: number;
  contentStart: number;
  /** The indentation as written. */
  indent: string;
  /** Whether the indentation is spaces and tabs only (another blank, a BOM or a no-break space, is not rewritten). */
  plain: boolean;
  level: number;
  /** Whether the root object's braces are among the open brackets (then one level is theirs). */
  inRoot: boolean;
  /** For `hanging`: the index (in the lines) of the line that opened the bracket it continues; else -1. */
  anchor: number;
  /** Whether the line before it in the text is a comment line (then this one continues a comment block). */
  afterComment: boolean;
}

/**
 * Blanks the formatter may rewrite: spaces and tabs (and the CR of a CRLF). Other white space (a byte-order mark, a
 * no-break space) is a character pyhocon refuses or keeps, so it stays where it is.
 */
export const PLAIN_BLANK = /^[ \t]*\r?$/;

const SEPARATORS: ReadonlySet<number> = new Set([TokenKind.Colon, TokenKind.Equals, TokenKind.PlusEquals]);

interface OpenBracket {
  /** Index of the line that opened it, and that line's level. */
  line: number;
  level: number;
  offset: number;
  /** Something other than a comment follows it on its line. */
  hanging: boolean;
}

/** The lines of a text by its tokens; `rootBrace` is the offset of the root object's `{` (-1 when the root has no braces). */
export function layoutLines(tokens: readonly Token[], rootBrace: number): LayoutLine[] {
  const lines: LayoutLine[] = [];
  const open: OpenBracket[] = [];
  let lastSignificant: number = TokenKind.EOF;
  let previousKind: LineKind | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const lineStart = i === 0 || tokens[i - 1]!.kind === TokenKind.Newline;
    if (lineStart) {
      const line = lineAt(tokens, i, open, lastSignificant, rootBrace, lines.length);
      line.afterComment = previousKind === 'comment';
      lines.push(line);
      previousKind = line.kind;
    }
    switch (token.kind) {
      case TokenKind.OpenBrace:
      case TokenKind.OpenBracket:
        open.push({ line: lines.length - 1, level: lines[lines.length - 1]?.level ?? 0, offset: token.start, hanging: !endsLine(tokens, i + 1) });
        break;
      case TokenKind.CloseBrace:
      case TokenKind.CloseBracket:
        open.pop();
        break;
    }
    if (token.kind !== TokenKind.Whitespace && token.kind !== TokenKind.Newline && token.kind !== TokenKind.Comment) lastSignificant = token.kind;
  }
  return lines;
}

function lineAt(tokens: readonly Token[], i: number, open: readonly OpenBracket[], lastSignificant: number, rootBrace: number, index: number): LayoutLine {
  const first = tokens[i]!;
  const hasBlank = first.kind === TokenKind.Whitespace;
  const contentIndex = hasBlank ? i + 1 : i;
  const content = tokens[contentIndex];
  const indent = hasBlank ? first.text : '';
  const line: LayoutLine = {
    kind: 'code',
    start: first.start,
    contentStart: hasBlank ? first.end : first.start,
    indent,
    plain: PLAIN_BLANK.test(indent),
    level: 0,
    inRoot: false,
    anchor: -1,
    afterComment: false,
  };
  // The brackets this line closes before anything else (`}]`, `} ]`).
  let closes = 0;
  for (let j = contentIndex; j < tokens.length; j++) {
    const kind = tokens[j]!.kind;
    if (kind === TokenKind.CloseBrace || kind === TokenKind.CloseBracket) closes++;
    else if (kind !== TokenKind.Whitespace) break;
  }
  const stillOpen = open.length - Math.min(closes, open.length);
  const innermost = open[stillOpen - 1];
  line.level = closes > 0 && stillOpen < open.length ? open[open.length - 1]!.level : innermost === undefined ? 0 : innermost.level + 1;
  line.inRoot = stillOpen > 0 && open[0]!.offset === rootBrace;
  if (content === undefined || content.kind === TokenKind.Newline) line.kind = 'blank';
  else if (content.kind === TokenKind.Comment) line.kind = 'comment';
  else if (content.kind === TokenKind.TripleQuotedString && content.text.includes('\n')) line.kind = 'string';
  else if (closes > 0) line.kind = 'closing';
  else if (SEPARATORS.has(lastSignificant)) {
    line.kind = 'continuation';
    line.level++;
  } else if (innermost !== undefined && innermost.hanging && innermost.line < index) {
    line.kind = 'hanging';
    line.anchor = innermost.line;
  }
  return line;
}

/** Whether only blanks, then a comment, a line break or the end, come from token `i` on. */
function endsLine(tokens: readonly Token[], i: number): boolean {
  for (let j = i; j < tokens.length; j++) {
    const kind = tokens[j]!.kind;
    if (kind === TokenKind.Whitespace) continue;
    return kind === TokenKind.Newline || kind === TokenKind.Comment;
  }
  return true;
}
