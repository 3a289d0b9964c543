import { layoutLines, type LayoutLine } from './lineLayout';
import { scan, type Token } from './scanner';
import type { ObjectNode, SyntaxDocument, ValueNode } from './syntaxTree';
import { TokenKind } from './tokenKind';

/**
 * The layout habits a HOCON text shows, so that formatting keeps them: its indentation, whether the root's braces
 * indent what they hold, and the blanks it writes around separators and after commas. Each is what most of the
 * text does; a habit the text does not show is left undefined or takes the common default.
 */
export interface DetectedStyle {
  /** Spaces per level, or 'tab'; undefined when no line is nested in another to learn it from. */
  indent?: number | 'tab';
  /** Entries inside the root's braces start at the left margin (`{` then `"a": 1` unindented). */
  rootFlat: boolean;
  /** What follows a comma inside a line: one blank, or none (`["a","b"]`). */
  afterComma: ' ' | '';
  /** How `=` and `:` sit between a key and its value on one line: ` = `, `=`, `: `, ` : `... */
  equals: string;
  colon: string;
}

/**
 * Tab sizes tried, in the order ties are settled (even sizes first, as VS Code's `guessIndentation` prefers them).
 * A step of one blank is not a size: it is more often a slip than a style.
 */
const SIZES = [2, 4, 6, 8, 3, 5, 7];

/**
 * Learns the indentation as VS Code's `detectIndentation` does, from how far each line is indented past the line
 * before it, with what the parse knows: only a line one level deeper than the code line above it votes (VS Code
 * compares every pair of neighbouring lines and has to guess which differences are alignment), and text inside
 * `"""` strings, comments and lines lined up by hand inside brackets do not vote. Tabs win when more lines are
 * indented with tabs than with spaces; otherwise the size most steps took wins.
 */
export function detectIndent(lines: readonly LayoutLine[]): number | 'tab' | undefined {
  const steps = new Array<number>(9).fill(0);
  let tabSteps = 0;
  let tabLines = 0;
  let spaceLines = 0;
  let previous: LayoutLine | undefined;
  for (const line of lines) {
    if (line.kind !== 'code' && line.kind !== 'closing') continue;
    if (!line.plain) {
      previous = undefined;
      continue;
    }
    if (line.indent.includes('\t')) tabLines++;
    else if (line.indent.length > 1) spaceLines++;
    if (line.kind === 'code' && previous !== undefined && line.level === previous.level + 1) {
      const above = previous.indent;
      const here = line.indent;
      if (here.startsWith(above)) {
        const step = here.slice(above.length);
        if (step === '\t') tabSteps++;
        else if (!step.includes('\t') && step.length < steps.length) steps[step.length]!++;
      }
    }
    previous = line;
  }
  if (tabLines > spaceLines) return 'tab';
  let best: number | undefined;
  for (const size of SIZES) if (steps[size]! > 0 && (best === undefined || steps[size]! > steps[best]!)) best = size;
  return best ?? (tabSteps > 0 ? 'tab' : undefined);
}

export function detectStyle(tokens: readonly Token[], lines: readonly LayoutLine[], document: SyntaxDocument): DetectedStyle {
  return {
    indent: detectIndent(lines),
    rootFlat: detectRootFlat(lines),
    afterComma: detectAfterComma(tokens),
    ...detectSeparators(document),
  };
}

/** Whether most entries directly inside the root's braces start at the left margin. */
function detectRootFlat(lines: readonly LayoutLine[]): boolean {
  let flat = 0;
  let indented = 0;
  for (const line of lines) {
    if (line.kind !== 'code' || !line.inRoot || line.level !== 1) continue;
    if (line.indent === '') flat++;
    else indented++;
  }
  return flat > indented;
}

/** One blank after a comma inside a line unless most such commas have none. */
function detectAfterComma(tokens: readonly Token[]): ' ' | '' {
  let spaced = 0;
  let tight = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i]!.kind !== TokenKind.Comma) continue;
    const next = tokens[i + 1]!;
    if (next.kind === TokenKind.Whitespace) {
      const after = tokens[i + 2];
      if (after !== undefined && after.kind !== TokenKind.Newline && after.kind !== TokenKind.Comment) spaced++;
    } else if (next.kind !== TokenKind.Newline && next.kind !== TokenKind.Comment && next.kind !== TokenKind.CloseBrace && next.kind !== TokenKind.CloseBracket) tight++;
  }
  return tight > spaced ? '' : ' ';
}

/** The blanks most fields written on one line put before and after `=` and `:` (` = ` and `: ` when none says). */
function detectSeparators(document: SyntaxDocument): { equals: string; colon: string } {
  const text = document.source.text;
  const count = { '=': { before: 0, tightBefore: 0, after: 0, tightAfter: 0 }, ':': { before: 0, tightBefore: 0, after: 0, tightAfter: 0 } };
  const stack: ValueNode[] = [document.root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (value.kind === 'object') {
      for (const entry of (value as ObjectNode).entries) {
        if (entry.kind !== 'field') continue;
        stack.push(entry.value);
        if (entry.separator !== '=' && entry.separator !== ':') continue;
        const before = text.slice(entry.key.end, entry.separatorStart);
        const after = text.slice(entry.separatorStart + 1, entry.value.start);
        if (!/^[ \t]*$/.test(before) || !/^[ \t]*$/.test(after)) continue;
        const c = count[entry.separator];
        if (before === '') c.tightBefore++;
        else c.before++;
        if (after === '') c.tightAfter++;
        else c.after++;
      }
    } else if (value.kind === 'array') stack.push(...value.elements);
    else if (value.kind === 'concatenation') for (const part of value.parts) if (part.kind === 'object' || part.kind === 'array') stack.push(part);
  }
  const equals = `${count['='].tightBefore > count['='].before ? '' : ' '}=${count['='].tightAfter > count['='].after ? '' : ' '}`;
  const colon = `${count[':'].before > count[':'].tightBefore ? ' ' : ''}:${count[':'].tightAfter > count[':'].after ? '' : ' '}`;
  return { equals, colon };
}

/** The text's indentation step ('\t' or spaces), or undefined when it shows none (`detectIndent`). */
export function indentUnitOf(document: SyntaxDocument): string | undefined {
  const root = document.root;
  const indent = detectIndent(layoutLines(scan(document.source.text), root.kind === 'object' && root.braced ? root.start : -1));
  return indent === undefined ? undefined : indent === 'tab' ? '\t' : ' '.repeat(indent);
}
