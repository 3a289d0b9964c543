import { Scanner } from './scanner';
import type { SyntaxDocument, Span } from './syntax-tree';
import { TokenKind } from './token-kind';

/**
 * Prints a syntax tree back to text by concatenating the tokens it covers: white space and comments included,
 * so an unedited tree prints as its input byte for byte. (Edits never mutate a tree: they produce text edits, and
 * the edited text is parsed again.)
 */
export function printSyntax(document: SyntaxDocument): string {
  return printTokens(document.source.text, { start: 0, end: document.source.text.length });
}

/** The text of the tokens within a span of the source, token by token. */
export function printTokens(text: string, span: Span): string {
  const scanner = new Scanner(text, span.start, span.end);
  const pieces: string[] = [];
  while (scanner.next() !== TokenKind.EOF) pieces.push(text.slice(scanner.tokenStart, scanner.pos));
  return pieces.join('');
}
