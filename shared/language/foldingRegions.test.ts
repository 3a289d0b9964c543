import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithShared } from '../../node/testSupport/sharedData';
import { Scanner, TokenKind } from '../hocon/index';
import { foldingRegions, type FoldingRegion } from './foldingRegions';

/** Each region as the text it spans, so a wrong offset shows as the wrong text. */
function spans(text: string): Array<[string, string]> {
  return foldingRegions(text).map((r) => [r.kind, text.slice(r.start, r.end)]);
}

describe('foldingRegions', () => {
  it('folds objects, lists and """ strings written over several lines, and runs of comment-only lines', () => {
    const text = [
      '# one',
      '// two',
      'tool {',
      '  class = "m.C"  # beside a value: not a comment line',
      '  # alone',
      '  description = """Line one',
      'line two"""',
      '  list = [',
      '    1',
      '  ]',
      '  inline { a = 1 }',
      '}',
      '# three',
      '# four',
      '',
    ].join('\n');
    expect(spans(text)).toEqual([
      ['comment', '# one\n// two'],
      ['region', text.slice(text.indexOf('{'), text.indexOf('}\n# three') + 1)],
      ['region', '"""Line one\nline two"""'],
      ['region', '[\n    1\n  ]'],
      ['comment', '# three\n# four'],
    ]);
  });

  it('does not fold a single comment line, nor comments split by a line with a value', () => {
    expect(spans('# alone\na = 1\n# one\nb = 2 # beside\n# two\n')).toEqual([]);
  });
});

describe('foldingRegions from the tokens', () => {
  it('pairs braces and brackets, not those inside strings, comments or substitutions', () => {
    const text = ['a {', '  s = "{ not [ a brace"', '  # { nor this', '  t = ${?X}', '  u = """{', '["""', '}', ''].join('\n');
    expect(spans(text)).toEqual([
      ['region', text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)],
      ['region', '"""{\n["""'],
    ]);
  });

  it('steps over an escaped quote, and counts other white space as none beside a comment', () => {
    const text = 'a = "x\\"{"\nb [\n]\n\u00a0# one\n\f// two\n';
    expect(spans(text)).toEqual([
      ['region', '[\n]'],
      ['comment', '# one\n\f// two'],
    ]);
  });

  it('folds what a text being typed leaves open to its end, and a stray closer closes the nearest of its kind', () => {
    const open = 'a {\n  b = [\n    1\n';
    expect(spans(open)).toEqual([
      ['region', open.slice(open.indexOf('{'))],
      ['region', open.slice(open.indexOf('['))],
    ]);
    // The `]` has no `[`: ignored; the `}` closes the `{` typed last; the first is left open.
    const stray = 'a {\n  b = { c = 1\n]\n}\n';
    expect(spans(stray)).toEqual([
      ['region', stray.slice(stray.indexOf('{'))],
      ['region', '{ c = 1\n]\n}'],
    ]);
  });
});

/** The same regions from the scanner's tokens: the oracle the character loop is checked against. */
function tokenRegions(text: string): FoldingRegion[] {
  const out: FoldingRegion[] = [];
  /** Open braces and brackets not closed yet: where each starts, its kind, and how many line breaks came before it. */
  const open: Array<{ start: number; kind: TokenKind; breaks: number }> = [];
  let breaks = 0;
  // Comment blocks: consecutive lines that hold only a comment.
  let blockStart = -1;
  let blockEnd = -1;
  let lines = 0;
  let lineHasOther = false;
  let lineComment: { start: number; end: number } | undefined;
  const endLine = () => {
    if (lineComment && !lineHasOther) {
      if (blockStart < 0) blockStart = lineComment.start;
      blockEnd = lineComment.end;
      lines++;
    } else {
      if (lines >= 2) out.push({ start: blockStart, end: blockEnd, kind: 'comment' });
      blockStart = -1;
      lines = 0;
    }
    lineComment = undefined;
    lineHasOther = false;
  };
  const close = (opening: TokenKind, end: number) => {
    // A closer without its opener on top closes the nearest opener of its kind (what was opened since stays unclosed).
    let at = open.length - 1;
    while (at >= 0 && open[at]!.kind !== opening) at--;
    if (at < 0) return;
    const { start, breaks: before } = open[at]!;
    open.length = at;
    if (breaks > before) out.push({ start, end, kind: 'region' });
  };
  // Pulled from a scanner, not `scan`'s array: a token object and its text for each of a 5,000-tool file's million
  // tokens made this loop take longer than parsing the file.
  const scanner = new Scanner(text);
  for (let kind = scanner.next(); kind !== TokenKind.EOF; kind = scanner.next()) {
    if (kind === TokenKind.Newline) {
      breaks++;
      endLine();
      continue;
    }
    if (kind === TokenKind.Comment) {
      lineComment = { start: scanner.tokenStart, end: scanner.pos };
      continue;
    }
    if (kind === TokenKind.Whitespace) continue;
    lineHasOther = true;
    if (kind === TokenKind.OpenBrace || kind === TokenKind.OpenBracket) open.push({ start: scanner.tokenStart, kind, breaks });
    else if (kind === TokenKind.CloseBrace) close(TokenKind.OpenBrace, scanner.pos);
    else if (kind === TokenKind.CloseBracket) close(TokenKind.OpenBracket, scanner.pos);
    else if (kind === TokenKind.TripleQuotedString) {
      const newline = text.indexOf('\n', scanner.tokenStart);
      if (newline >= 0 && newline < scanner.pos) {
        out.push({ start: scanner.tokenStart, end: scanner.pos, kind: 'region' });
        for (let i = newline; i >= 0 && i < scanner.pos; i = text.indexOf('\n', i + 1)) breaks++;
      }
    }
  }
  endLine();
  if (lines >= 2) out.push({ start: blockStart, end: blockEnd, kind: 'comment' });
  // Left open at the end (a text being typed): folded to its end, as the parser's recovery reads it.
  for (const { start, breaks: before } of open) if (breaks > before) out.push({ start, end: text.length, kind: 'region' });
  return out.sort((a, b) => a.start - b.start);
}

describeWithShared('conformance/hocon/cases', 'foldingRegions against the tokens', (cases) => {
  it("gives the scanner's regions on every case of the HOCON corpus, broken ones too", () => {
    const files = readdirSync(cases, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(conf|hocon|json)$/.test(f));
    expect(files.length).toBeGreaterThan(600);
    const differ = files.filter((f) => {
      const text = readFileSync(path.join(cases, f), 'utf8');
      return JSON.stringify(foldingRegions(text)) !== JSON.stringify(tokenRegions(text));
    });
    expect(differ).toEqual([]);
  });
});
