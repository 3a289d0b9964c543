import type { Position, Range, SourceText } from '../hocon/text-position';
import type { Origin } from '../hocon/values';

/** A text change in one file: replace `length` UTF-16 units at `offset` with `newText`. */
export interface FileTextEdit {
  file: string;
  offset: number;
  length: number;
  newText: string;
}

export interface QuickFix {
  /** What the fix does, as a button or menu label: `Change "int" to "integer"`. */
  title: string;
  edits: FileTextEdit[];
}

/**
 * A problem in a toolbox or agent network file, as the Problems panel, the editor markers and `toolbox-editor
 * validate` show it. Every diagnostic has a position; `rule` is a stable id (for filtering and documentation).
 */
export interface ToolboxDiagnostic {
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  range: Range;
  /** The tool the problem belongs to, when it belongs to one. */
  tool?: string;
  fix?: QuickFix;
}

export function diagnosticAt(
  where: Origin,
  severity: ToolboxDiagnostic['severity'],
  rule: string,
  message: string,
  extra?: { tool?: string; fix?: QuickFix },
): ToolboxDiagnostic {
  return diagnosticOf(where, severity, rule, message, extra?.tool, extra?.fix);
}

/** `diagnosticAt` with the tool and fix as plain arguments: the rules' hot path (no options object per diagnostic). */
export function diagnosticOf(
  where: Origin,
  severity: ToolboxDiagnostic['severity'],
  rule: string,
  message: string,
  tool: string | undefined,
  fix?: QuickFix,
): ToolboxDiagnostic {
  const source = where.source;
  const start = source.positionAt(where.start);
  // Always the same properties in the same order (one object shape for every diagnostic: thousands are made per file).
  return {
    severity,
    rule,
    message,
    file: source.name,
    line: start.line,
    column: start.column,
    range: { start, end: endPosition(source, start, where.end) },
    tool,
    fix,
  };
}

/**
 * `source.positionAt(end)`, without a second search of the line table when the range does not leave its line (almost
 * every range a rule reports: a key, a word, a short string).
 */
function endPosition(source: SourceText, start: Position, end: number): Position {
  const text = source.text;
  const from = start.offset;
  // Long ranges are left to the line table (a bounded look: a minified file is one long line).
  if (end < from || end > text.length || end - from > 256) return source.positionAt(end);
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === 10 /* \n */) return source.positionAt(end);
  return { offset: end, line: start.line, column: start.column + (end - from) };
}

/** A fix that replaces a value's whole text (as written) with new text. */
export function replaceValueFix(title: string, where: Origin, newText: string): QuickFix {
  return { title, edits: [{ file: where.source.name, offset: where.start, length: where.end - where.start, newText }] };
}

/** The `file:line:column severity rule message` line of `toolbox-editor validate`. */
export function formatDiagnosticLine(d: ToolboxDiagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message}`;
}

/** By file, then position, then rule id (plain code-unit order: rule ids are ASCII, and this runs per diagnostic). */
export function compareDiagnostics(a: ToolboxDiagnostic, b: ToolboxDiagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  const byOffset = a.range.start.offset - b.range.start.offset;
  if (byOffset !== 0) return byOffset;
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}
