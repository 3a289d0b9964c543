import { normalizePath, type Diagnostic as HoconDiagnostic, type FileTextEdit, type Origin, type Position, type Range, type SourceText } from '../hocon/index';
import { plural } from '../plural';

/**
 * How much a diagnostic matters. 'error': neuro-san refuses or breaks on it (`validate` exits 1). 'warning': neuro-san
 * reads it other than it seems, or ignores it. 'hint': advice on style, such as a description too short for the LLM
 * (issue #33): shown in the app and listed by `validate`, counted apart, never failing a build; a project can raise
 * each such rule to a warning in `.toolbox-editor.json` (reviewSettings.ts).
 */
export const SEVERITIES = ['error', 'warning', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface QuickFix {
  /** What the fix does, as a button or menu label: `Change "int" to "integer"`. */
  title: string;
  edits: FileTextEdit[];
}

/**
 * A problem in a toolbox or agent network file, as the Problems panel, the editor markers and `toolbox-editor
 * validate` show it: the one diagnostic type every surface prints (the API's DiagnosticT is checked to be it). It is
 * the HOCON reader's Diagnostic (a message at a position of a file) with a stable `rule` id (for filtering and
 * documentation); `fromHoconDiagnostic` gives a reading problem its rule.
 */
export interface ToolboxDiagnostic extends HoconDiagnostic {
  severity: Severity;
  rule: string;
  /** The tool the problem belongs to, when it belongs to one. */
  tool?: string;
  fix?: QuickFix;
  /**
   * 'environment': found by "Check all tools" in the Python environment the tools run in (a package missing, a key
   * unset), not in the file; shown apart from the file's problems.
   */
  group?: 'environment';
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
  return new DiagnosticRecord(severity, rule, message, source.name, start, endPosition(source, start, where.end), tool, fix);
}

/*
 * Diagnostics and their parts are made by these classes rather than as object literals. They are plain data all the
 * same: own, enumerable data properties in the interfaces' order, no accessors and no methods, so JSON, spreads,
 * for...in, structured clone (Electron's IPC) and deep equality see exactly what a literal would show. What differs is
 * how V8 allocates them: thousands are made per file and every one lives on, so V8 soon allocates literals from these
 * sites straight into the old generation ("pretenuring"), which while a freshly parsed tree is alive made validating
 * a big file markedly slower; objects from a constructor are made young.
 * Fields are declared (not constructor parameter properties) so that their order is the declared one under
 * ES2022 class-field semantics.
 */

class DiagnosticRecord implements ToolboxDiagnostic {
  severity: ToolboxDiagnostic['severity'];
  rule: string;
  message: string;
  file: string;
  line: number;
  column: number;
  range: Range;
  tool: string | undefined;
  fix: QuickFix | undefined;

  constructor(
    severity: ToolboxDiagnostic['severity'],
    rule: string,
    message: string,
    file: string,
    start: Position,
    end: Position,
    tool: string | undefined,
    fix: QuickFix | undefined,
  ) {
    this.severity = severity;
    this.rule = rule;
    this.message = message;
    this.file = file;
    this.line = start.line;
    this.column = start.column;
    this.range = new RangeRecord(start, end);
    this.tool = tool;
    this.fix = fix;
  }
}

class RangeRecord implements Range {
  start: Position;
  end: Position;

  constructor(start: Position, end: Position) {
    this.start = start;
    this.end = end;
  }
}

class PositionRecord implements Position {
  offset: number;
  line: number;
  column: number;

  constructor(offset: number, line: number, column: number) {
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}

class QuickFixRecord implements QuickFix {
  title: string;
  edits: FileTextEdit[];

  constructor(title: string, edit: FileTextEdit) {
    this.title = title;
    this.edits = [edit];
  }
}

class FileTextEditRecord implements FileTextEdit {
  file: string;
  offset: number;
  length: number;
  newText: string;

  constructor(file: string, offset: number, length: number, newText: string) {
    this.file = file;
    this.offset = offset;
    this.length = length;
    this.newText = newText;
  }
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
  return new PositionRecord(end, start.line, start.column + (end - from));
}

/** A fix that replaces `length` UTF-16 units at `offset` of `file` with new text: one edit. */
export function replaceTextFix(title: string, file: string, offset: number, length: number, newText: string): QuickFix {
  return new QuickFixRecord(title, new FileTextEditRecord(file, offset, length, newText));
}

/**
 * A fix that replaces a value's whole text (as written) with new text; none where that text is a substitution
 * (`${?VAR}` set now, `"${BASE}/v1"`): the value came from the environment, and replacing the text would remove the
 * override without a word (issue 24). The diagnostic still points there.
 */
export function replaceValueFix(title: string, where: Origin, newText: string): QuickFix | undefined {
  if (where.source.text.slice(where.start, where.end).includes('${')) return undefined;
  return replaceTextFix(title, where.source.name, where.start, where.end - where.start, newText);
}

/** The `file:line:column severity rule message` line of `toolbox-editor validate`. */
export function formatDiagnosticLine(d: ToolboxDiagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message}`;
}

export interface SeverityCounts {
  errors: number;
  warnings: number;
  hints: number;
}

/** How many of each severity (each is counted as what it is: a hint is no warning). */
export function countSeverities(diagnostics: readonly { severity: Severity }[]): SeverityCounts {
  const counts = { errors: 0, warnings: 0, hints: 0 };
  for (const d of diagnostics) {
    if (d.severity === 'error') counts.errors++;
    else if (d.severity === 'warning') counts.warnings++;
    else counts.hints++;
  }
  return counts;
}

/** `2 errors, 1 warning`, with `, 3 hints` when there are any (most files have none, and "0 hints" is noise). */
export function severityCountWords(counts: SeverityCounts): string {
  return `${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}${counts.hints > 0 ? `, ${plural(counts.hints, 'hint')}` : ''}`;
}

/** By file, then position, then rule id (plain code-unit order: rule ids are ASCII, and this runs per diagnostic). */
export function compareDiagnostics(a: ToolboxDiagnostic, b: ToolboxDiagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  const byOffset = a.range.start.offset - b.range.start.offset;
  if (byOffset !== 0) return byOffset;
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}

/**
 * One of each problem: the same rule and words at the same place of the same file (however the file was named) is
 * reported once, the first kept. The project's reading and its analysis both merge problems found more than one way
 * (a toolbox read for itself and for each network using it).
 */
export function dedupeDiagnostics(diagnostics: readonly ToolboxDiagnostic[]): ToolboxDiagnostic[] {
  const seen = new Set<string>();
  const out: ToolboxDiagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${normalizePath(d.file)}:${d.range.start.offset}:${d.rule}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/**
 * The `--json` form of diagnostics (`validate --json`, `check --json`): positions as line/column, the range's end as
 * endLine/endColumn.
 */
export function diagnosticsJson(all: readonly ToolboxDiagnostic[]): string {
  return `${JSON.stringify(plainDiagnostics(all), null, 2)}\n`;
}

/** Each diagnostic as `--json` prints it (see diagnosticsJson), for a report that wraps them. */
export function plainDiagnostics(all: readonly ToolboxDiagnostic[]): object[] {
  return all.map(({ range, ...rest }) => ({ ...rest, endLine: range.end.line, endColumn: range.end.column }));
}
