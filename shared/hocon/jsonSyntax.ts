/**
 * `.json` files are JSON, not HOCON: after parsing with the HOCON parser, this reports everything HOCON allows and
 * JSON does not (unquoted text, substitutions, includes, '=' separators, missing or trailing commas, comments).
 */
import { makeDiagnostic, type Diagnostic } from './diagnostics';
import { Scanner } from './scanner';
import type { ObjectNode, SyntaxDocument, ValueNode } from './syntaxTree';
import { TokenKind } from './tokenKind';

export function checkJsonSyntax(document: SyntaxDocument): Diagnostic[] {
  const source = document.source;
  const problems: Diagnostic[] = [];
  const report = (start: number, end: number, message: string): void => {
    if (problems.length < 20) problems.push(makeDiagnostic(source, start, end, `JSON: ${message}`));
  };
  const scanner = new Scanner(source.text);
  while (scanner.next() !== TokenKind.EOF) {
    if (scanner.tokenKind === TokenKind.Comment) report(scanner.tokenStart, scanner.pos, 'comments are not allowed');
  }
  if (document.root.kind === 'object' && !document.root.braced) {
    report(0, Math.min(1, source.text.length), 'the document must be an object in braces or an array');
  }
  // Explicit stack: JSON nesting depth is input-controlled.
  const stack: ValueNode[] = [document.root];
  while (stack.length > 0) {
    const node = stack.pop() as ValueNode;
    switch (node.kind) {
      case 'object':
        checkObject(node, report, stack);
        break;
      case 'array':
        node.elements.forEach((element, index) => {
          const last = index === node.elements.length - 1;
          if (!last && node.commas[index] === -1) report(element.end, element.end, "expecting ',' between array elements");
          if (last && node.commas[index] !== -1) report(node.commas[index] as number, (node.commas[index] as number) + 1, 'trailing comma');
          stack.push(element);
        });
        break;
      case 'string':
        if (node.style !== 'quoted') report(node.start, node.end, 'strings must be in double quotes');
        break;
      case 'substitution':
        report(node.start, node.end, 'substitutions are not allowed');
        break;
      case 'concatenation':
        report(node.start, node.end, 'values must be separated by commas');
        break;
      default:
        break;
    }
  }
  return problems;
}

function checkObject(node: ObjectNode, report: (start: number, end: number, message: string) => void, stack: ValueNode[]): void {
  node.entries.forEach((entry, index) => {
    const last = index === node.entries.length - 1;
    if (entry.kind === 'include') {
      report(entry.start, entry.end, 'include is not allowed');
      return;
    }
    const segment = entry.key.segments[0];
    if (entry.key.segments.length !== 1 || segment === undefined || !segment.quoted) {
      report(entry.key.start, entry.key.end, 'keys must be single quoted strings');
    }
    if (entry.separator !== ':') report(entry.key.end, entry.value.start, "expecting ':' after a key");
    if (!last && entry.comma === -1) report(entry.end, entry.end, "expecting ',' between entries");
    if (last && entry.comma !== -1) report(entry.comma, entry.comma + 1, 'trailing comma');
    stack.push(entry.value);
  });
}
