import { isWhitespace } from '../hocon/index';

export interface FoldingRegion {
  start: number;
  end: number;
  kind: 'region' | 'comment';
}

// The codes as local constants, not shared/hocon's CharCode: where this file is compiled alone (vitest), an imported
// const enum is a property read per character, and the loop took 180 ms instead of 45.
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const HASH = 35;
const DOLLAR = 36;
const SLASH = 47;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * Objects and lists written over several lines, `"""` strings, and runs of two or more comment lines (each line only
 * a comment). This runs on the window's thread as a big file opens: one pass over the characters, stepping over
 * strings, comments and substitutions as the scanner (shared/hocon/scanner.ts) reads them, braces and brackets paired
 * as the parser pairs them in a text that parses. A parse and the scanner's tokens took 440 ms of a 5,000-tool file
 * (3.4 MB), the tokens alone 200 ms; this takes a few tens. foldingRegions.test.ts checks it against the tokens.
 */
export function foldingRegions(text: string): FoldingRegion[] {
  const out: FoldingRegion[] = [];
  const end = text.length;
  /** Open braces and brackets not closed yet: where each starts, which it is, and how many line breaks came before. */
  const open: Array<{ start: number; code: number; breaks: number }> = [];
  let breaks = 0;
  // Comment blocks: consecutive lines that hold only a comment.
  let blockStart = -1;
  let blockEnd = -1;
  let lines = 0;
  let lineHasOther = false;
  let commentStart = -1;
  let commentEnd = -1;
  const endLine = () => {
    if (commentStart >= 0 && !lineHasOther) {
      if (blockStart < 0) blockStart = commentStart;
      blockEnd = commentEnd;
      lines++;
    } else {
      if (lines >= 2) out.push({ start: blockStart, end: blockEnd, kind: 'comment' });
      blockStart = -1;
      lines = 0;
    }
    commentStart = -1;
    lineHasOther = false;
  };
  const close = (opening: number, at: number) => {
    // A closer without its opener on top closes the nearest opener of its kind (what was opened since stays unclosed).
    let i = open.length - 1;
    while (i >= 0 && open[i]!.code !== opening) i--;
    if (i < 0) return;
    const { start, breaks: before } = open[i]!;
    open.length = i;
    if (breaks > before) out.push({ start, end: at, kind: 'region' });
  };
  let pos = 0;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c === LF) {
      breaks++;
      endLine();
      pos++;
    } else if (c === SPACE || c === TAB || c === CR) {
      pos++;
    } else if (c === HASH || (c === SLASH && text.charCodeAt(pos + 1) === SLASH)) {
      const lineEnd = text.indexOf('\n', pos);
      commentStart = pos;
      commentEnd = pos = lineEnd < 0 ? end : lineEnd;
    } else if (c === QUOTE) {
      lineHasOther = true;
      if (text.charCodeAt(pos + 1) === QUOTE && text.charCodeAt(pos + 2) === QUOTE) {
        const stop = tripleQuotedEnd(text, pos);
        const newline = text.indexOf('\n', pos);
        if (newline >= 0 && newline < stop) {
          out.push({ start: pos, end: stop, kind: 'region' });
          for (let i = newline; i >= 0 && i < stop; i = text.indexOf('\n', i + 1)) breaks++;
        }
        pos = stop;
      } else pos = quotedEnd(text, pos + 1);
    } else if (c === DOLLAR && text.charCodeAt(pos + 1) === OPEN_BRACE) {
      lineHasOther = true;
      pos = substitutionEnd(text, pos + 2);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      lineHasOther = true;
      open.push({ start: pos, code: c, breaks });
      pos++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      lineHasOther = true;
      pos++;
      close(c === CLOSE_BRACE ? OPEN_BRACE : OPEN_BRACKET, pos);
    } else {
      // Anything else is a value or a separator; other white space (a form feed, a BOM, a no-break space) is not.
      if (!isWhitespace(c)) lineHasOther = true;
      pos++;
    }
  }
  endLine();
  if (lines >= 2) out.push({ start: blockStart, end: blockEnd, kind: 'comment' });
  // Left open at the end (a text being typed): folded to its end, as the parser's recovery reads it.
  for (const { start, breaks: before } of open) if (breaks > before) out.push({ start, end, kind: 'region' });
  return out.sort((a, b) => a.start - b.start);
}

/** After a `"""` string starting at `start` (extra quotes before the closing three are the string's), or the end. */
function tripleQuotedEnd(text: string, start: number): number {
  const index = text.indexOf('"""', start + 3);
  if (index < 0) return text.length;
  let close = index + 3;
  while (close < text.length && text.charCodeAt(close) === QUOTE) close++;
  return close;
}

/** After a quoted string whose content starts at `pos`: its closing quote, or the line break that ends it unclosed. */
function quotedEnd(text: string, pos: number): number {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === QUOTE) return pos + 1;
    if (c === LF) return pos;
    if (c === BACKSLASH) {
      if (text.charCodeAt(pos + 1) === LF) return pos + 1;
      pos += 2;
    } else pos++;
  }
  return text.length;
}

/** After a substitution whose path starts at `pos`: its `}`, or the line break before which it stays unclosed. */
function substitutionEnd(text: string, pos: number): number {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === CLOSE_BRACE) return pos + 1;
    if (c === LF) return pos;
    if (c === QUOTE) {
      pos++;
      while (pos < text.length) {
        const q = text.charCodeAt(pos);
        if (q === QUOTE || q === LF) break;
        pos = Math.min(text.length, pos + (q === BACKSLASH ? 2 : 1));
      }
      if (pos < text.length && text.charCodeAt(pos) === QUOTE) pos++;
      continue;
    }
    pos++;
  }
  return text.length;
}
