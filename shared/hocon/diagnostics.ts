import type { Range, SourceText } from './textPosition';

/**
 * A problem found while parsing or resolving. Every diagnostic has a position: there is no such thing as an
 * error "somewhere in the file".
 */
export interface Diagnostic {
  message: string;
  /**
   * The severities of every diagnostic the app shows (shared/toolbox/toolboxDiagnostic.ts, issue #34: one vocabulary).
   * Reading HOCON finds no style advice: it reports errors and warnings only (makeDiagnostic).
   */
  severity: 'error' | 'warning' | 'hint';
  /** The file the problem is in (the name the caller gave; for includes, the included file). */
  file: string;
  /** 1-based line of the start of `range`. */
  line: number;
  /** 1-based column of the start of `range`. */
  column: number;
  range: Range;
}

export function makeDiagnostic(
  source: SourceText,
  start: number,
  end: number,
  message: string,
  severity: 'error' | 'warning' = 'error',
): Diagnostic {
  const range = source.rangeOf(start, end < start ? start : end);
  return { message, severity, file: source.name, line: range.start.line, column: range.start.column, range };
}

/**
 * The parser's rule for reporting a syntax problem: once per spot (recovery can otherwise report the same spot twice),
 * i.e. not when the last diagnostic has the same start and message. The one-pass reader mirrors it with this too.
 */
export function reportedLast(diagnostics: readonly Diagnostic[], start: number, message: string): boolean {
  const last = diagnostics[diagnostics.length - 1];
  return last !== undefined && last.range.start.offset === start && last.message === message;
}

/** A resolution failure: thrown inside the resolver only, turned into a Diagnostic at its boundary. */
export class HoconError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.message}`);
  }
}
