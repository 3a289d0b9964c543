import { Scanner, decodeQuoted, indexWithin } from './scanner';
import type { PathSegment } from './syntaxTree';
import { TokenKind } from './tokenKind';

/**
 * Builds the segments of a path expression from its tokens: unquoted text splits at '.', quoted text never does,
 * white space between tokens is part of the key (`a b.c` is ["a b", "c"]). Used for keys and substitutions.
 */
export class PathBuilder {
  readonly segments: PathSegment[] = [];
  /** Set when the path is malformed (empty element); the message says why. */
  error: string | undefined;
  private name = '';
  private segmentStart = -1;
  private segmentEnd = -1;
  private quoted = false;

  addUnquoted(text: string, start: number, end: number): void {
    let from = start;
    for (;;) {
      const dot = indexWithin(text, 46, from, end);
      if (dot < 0) {
        if (from < end) this.append(text.slice(from, end), from, end, false);
        return;
      }
      if (dot > from) this.append(text.slice(from, dot), from, dot, false);
      else if (this.segmentStart < 0) this.touch(dot);
      this.finishSegment(dot);
      from = dot + 1;
      this.segmentStart = -1;
      this.touch(from);
    }
  }

  addQuoted(value: string, start: number, end: number): void {
    this.append(value, start, end, true);
  }

  /** White space between two key tokens (kept as part of the key). */
  addWhitespace(text: string, start: number, end: number): void {
    this.append(text.slice(start, end), start, end, false);
  }

  /** Ends the path; returns its segments (check `error`). */
  finish(end: number): PathSegment[] {
    this.finishSegment(end);
    return this.segments;
  }

  private touch(offset: number): void {
    if (this.segmentStart < 0) {
      this.segmentStart = offset;
      this.segmentEnd = offset;
    }
  }

  private append(value: string, start: number, end: number, quoted: boolean): void {
    if (this.segmentStart < 0) this.segmentStart = start;
    this.name = this.name === '' ? value : this.name + value;
    this.segmentEnd = end;
    if (quoted) this.quoted = true;
  }

  private finishSegment(at: number): void {
    if (this.name === '' && !this.quoted) {
      this.error ??=
        'Invalid path: an element is empty (a key may not start or end with \'.\' or contain \'..\'; quote it to use dots)';
    }
    const start = this.segmentStart < 0 ? at : this.segmentStart;
    this.segments.push({ name: this.name, start, end: this.segmentEnd < 0 ? at : this.segmentEnd, quoted: this.quoted });
    this.name = '';
    this.quoted = false;
    this.segmentStart = -1;
    this.segmentEnd = -1;
  }
}

/** Parses the path inside `${...}` / `${?...}` (the offsets of the text between the braces). */
export function parseSubstitutionPath(
  text: string,
  start: number,
  end: number,
): { segments: PathSegment[]; error: string | undefined } {
  const scanner = new Scanner(text, start, end);
  const builder = new PathBuilder();
  let pendingWhitespaceStart = -1;
  let sawAny = false;
  let error: string | undefined;
  for (;;) {
    const kind = scanner.next();
    if (kind === TokenKind.EOF) break;
    if (kind === TokenKind.Whitespace) {
      pendingWhitespaceStart = scanner.tokenStart;
      continue;
    }
    if (pendingWhitespaceStart >= 0 && sawAny) builder.addWhitespace(text, pendingWhitespaceStart, scanner.tokenStart);
    pendingWhitespaceStart = -1;
    if (kind === TokenKind.UnquotedText || kind === TokenKind.Number) {
      builder.addUnquoted(text, scanner.tokenStart, scanner.pos);
    } else if (kind === TokenKind.QuotedString && scanner.problem === undefined) {
      builder.addQuoted(decodeQuoted(text, scanner.tokenStart, scanner.pos), scanner.tokenStart, scanner.pos);
    } else {
      error ??= `Invalid character in substitution path: '${text.slice(scanner.tokenStart, scanner.pos)}'`;
      continue;
    }
    sawAny = true;
  }
  if (!sawAny) return { segments: [], error: error ?? 'Substitution has an empty path: write ${path}' };
  const segments = builder.finish(end);
  return { segments, error: error ?? builder.error };
}

/** Parses a path expression such as `a.b."c.d"` (for API callers that pass a path as a string). */
export function parsePath(path: string): string[] {
  if (path.trim() === '') throw new Error('The path is empty: give a key, or keys joined with dots (tools.my_tool.description)');
  const result = parseSubstitutionPath(path, 0, path.length);
  // Its messages speak of substitutions (where the same syntax is read most): here it is a path given on its own.
  if (result.error !== undefined) throw new Error(`Invalid path expression '${path}': ${result.error.replace(/substitution path/g, 'path')}`);
  return result.segments.map((s) => s.name);
}

/** Whether a key can be written unquoted as one path segment and read back as itself. */
export function isSafeUnquotedKey(name: string): boolean {
  if (name === '' || name === 'include' || name === 'true' || name === 'false' || name === 'null') return false;
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name);
}

/** A key segment written as HOCON: unquoted when that is safe, otherwise a JSON-quoted string. */
export function formatKeySegment(name: string, forceQuotes = false): string {
  return !forceQuotes && isSafeUnquotedKey(name) ? name : JSON.stringify(name);
}

/** A path written as a HOCON path expression. */
export function formatPath(path: readonly string[]): string {
  return path.map((name) => formatKeySegment(name)).join('.');
}
