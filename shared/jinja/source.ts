/**
 * The template source as Jinja2 sees it before lexing: every newline (`\r\n`, `\r`, `\n`) becomes `\n`, and with
 * `keep_trailing_newline` off (the default) one final newline is dropped. Line numbers survive (each newline stays one
 * newline), so offsets in the normalised text map back to the author's lines and columns.
 */
export interface SourcePosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 units. */
  column: number;
}

export class TemplateSource {
  readonly text: string;
  private readonly lineStarts: number[];

  constructor(raw: string, keepTrailingNewline = false) {
    let text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
    if (!keepTrailingNewline && text.endsWith('\n')) text = text.slice(0, -1);
    this.text = text;
    this.lineStarts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The line and column of an offset into `text`. */
  position(offset: number): SourcePosition {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }
}
