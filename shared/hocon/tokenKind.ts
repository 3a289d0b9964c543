/** Kinds of token the scanner produces. Together the tokens of a text cover every character of it exactly once. */
export const TokenKind = {
  EOF: 0,
  /** Spaces, tabs, CR, BOM and other Unicode white space, but not '\n'. */
  Whitespace: 1,
  Newline: 2,
  /** `# ...` or `// ...` up to (not including) the end of the line. */
  Comment: 3,
  OpenBrace: 4,
  CloseBrace: 5,
  OpenBracket: 6,
  CloseBracket: 7,
  Comma: 8,
  Colon: 9,
  Equals: 10,
  PlusEquals: 11,
  /** `"..."` with JSON escapes. */
  QuotedString: 12,
  /** `"""..."""`, raw. */
  TripleQuotedString: 13,
  UnquotedText: 14,
  /** A number literal as Lightbend's tokenizer recognises one (text kept; int or float by its spelling). */
  Number: 15,
  /** `${path}` or `${?path}`, the whole thing as one token. */
  Substitution: 16,
  /** A character that may not appear outside quotes, or a malformed construct: the parser reports it. */
  Bad: 17,
} as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

export const tokenKindName: Record<number, string> = Object.fromEntries(
  Object.entries(TokenKind).map(([name, kind]) => [kind, name]),
);

/** Whether a token can begin a value (a field's value, an array element, a part of a concatenation). */
export function isValueStart(kind: TokenKind): boolean {
  switch (kind) {
    case TokenKind.QuotedString:
    case TokenKind.TripleQuotedString:
    case TokenKind.UnquotedText:
    case TokenKind.Number:
    case TokenKind.Substitution:
    case TokenKind.OpenBrace:
    case TokenKind.OpenBracket:
      return true;
    default:
      return false;
  }
}
