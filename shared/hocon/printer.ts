import { Scanner } from './scanner';
import type { SyntaxDocument, Span } from './syntaxTree';
import { TokenKind } from './tokenKind';

/**
 * Prints a syntax tree back to text by concatenating the tokens it covers: white space and comments included,
 * so an unedited tree prints as its input byte for byte. (Edits never mutate a tree: they produce text edits, and
 * the edited text is parsed again.)
 */
export function printSyntax(document: SyntaxDocument): string {
  return printTokens(document.source.text, { start: 0, end: document.source.text.length });
}

/**
 * The text of the tokens within a span of the source. The tokens cover it without a gap (checked token by token),
 * so that is the span's text, taken in one piece: a 50 MB file of tiny tokens would otherwise be tens of millions
 * of pieces.
 */
export function printTokens(text: string, span: Span): string {
  const scanner = new Scanner(text, span.start, span.end);
  let covered = span.start;
  while (scanner.next() !== TokenKind.EOF) {
    if (scanner.tokenStart !== covered) throw new Error(`The scanner skipped text at offset ${covered}: cannot print it byte for byte`);
    covered = scanner.pos;
  }
  if (covered !== span.end) throw new Error(`The scanner stopped at offset ${covered} of ${span.end}: cannot print it byte for byte`);
  return text.slice(span.start, span.end);
}
