/**
 * Positions in a source text. Offsets are UTF-16 code unit indexes (what JavaScript strings and Monaco use);
 * lines and columns are 1-based, for messages. Line/column are computed on demand from a line-start table,
 * so the parser only stores offsets on its hot path.
 */
export interface Position {
  /** 0-based UTF-16 offset into the text. */
  offset: number;
  /** 1-based line number. */
  line: number;
  /** 1-based column (UTF-16 code units from the start of the line). */
  column: number;
}

export interface Range {
  start: Position;
  /** Exclusive end. */
  end: Position;
}

/** A file's name and text, with a lazily built line table for offset → line/column. */
export class SourceText {
  private lineStarts: Int32Array | undefined;

  constructor(
    /** The name used in messages and origins: a path as the caller gave it. */
    readonly name: string,
    readonly text: string,
  ) {}

  positionAt(offset: number): Position {
    const starts = (this.lineStarts ??= buildLineStarts(this.text));
    const clamped = offset < 0 ? 0 : offset > this.text.length ? this.text.length : offset;
    // Binary search for the last line start <= offset.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= clamped) low = mid;
      else high = mid - 1;
    }
    return { offset: clamped, line: low + 1, column: clamped - (starts[low] as number) + 1 };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}

function buildLineStarts(text: string): Int32Array {
  // indexOf finds new lines far faster than a loop over every character (this runs for the first message about a
  // file, which for a big file being typed in is on every keystroke). One pass, into a buffer grown by doubling
  // from a guess of one line per 40 characters.
  // A text that starts with line breaks only (an entry read alone at its lines: node/api/entryEdits.ts) has them
  // counted by one search: a call per line would cost more than the entry.
  const leading = text.charCodeAt(0) === 10 ? (NOT_A_LINE_BREAK.lastIndex = 0, NOT_A_LINE_BREAK.test(text) ? NOT_A_LINE_BREAK.lastIndex - 1 : text.length) : 0;
  let starts = new Int32Array(Math.max(16, leading + 2, (text.length / 40) | 0));
  for (let line = 1; line <= leading; line++) starts[line] = line;
  let count = leading + 1;
  for (let i = text.indexOf('\n', leading); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (count === starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = i + 1;
  }
  return starts.subarray(0, count);
}

const NOT_A_LINE_BREAK = /[^\n]/g;
