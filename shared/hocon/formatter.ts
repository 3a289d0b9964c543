import { detectStyle, type DetectedStyle } from './formatStyle';
import { layoutLines, PLAIN_BLANK, type LayoutLine } from './lineLayout';
import { parseHocon } from './parser';
import { scan, type Token } from './scanner';
import type { ArrayNode, EntryNode, FieldNode, ObjectNode, SyntaxDocument, ValueNode } from './syntaxTree';
import type { TextEdit } from './textEdits';
import { TokenKind } from './tokenKind';

/**
 * The HOCON formatter: white space, separators and commas only, in the text's own style. It never touches what is
 * inside a token (a string, a comment, a number) and never moves a blank that sits between two parts of a value
 * (`"A" ${x}`: pyhocon keeps blanks there, see shared/neurosan/README.md), so every value reads the same and every
 * comment stays where it was. What it does, each as its own minimal edit:
 *
 * - indents each line by its nesting, with the indentation the text already uses (`detectStyle`: its size or tabs,
 *   and whether the root's braces indent), unless told otherwise. What the author lines up by hand stays lined up:
 *   a line inside brackets opened with something after them on their line moves with that line, a comment line
 *   under another keeps its place in the block, a comment at the left margin (commented-out code) stays there, and
 *   a line that starts a `"""` string stays with the string's text;
 * - writes the blanks around `=` and `:` and after a comma inside a line as most of the text does (a value lined up
 *   with its neighbours' keeps its blanks), and the chosen separator when one is chosen;
 * - adds or removes the commas that end lines, when chosen;
 * - removes blanks at line ends and ends the text with one line break, when chosen (`.editorconfig`'s
 *   `trim_trailing_whitespace` and `insert_final_newline`: left as they are unless set, as EditorConfig says).
 *
 * `formatHocon` refuses a text that does not parse (the first error's position says where). It is idempotent:
 * formatting its output changes nothing. Checking that both readings are unchanged is `formatChecked`'s job
 * (shared/language), which needs neuro-san's reader.
 */
export interface FormatOptions {
  /** Spaces per level, or 'tab'. Default: the text's own (`detectStyle`), else 2 spaces. */
  indent?: number | 'tab';
  /** The separator between a key and its value; 'preserve' keeps each as written (default). */
  separator?: '=' | ':' | 'preserve';
  /** Commas that end lines: 'preserve' (default), 'omit' them (a line break separates), or 'add' them. */
  commas?: 'preserve' | 'omit' | 'add';
  /** End the text with exactly one line break. Default: the end stays as it is. */
  finalNewline?: boolean;
  /** Remove blanks at line ends and on blank lines. Default: they stay. */
  trimTrailingWhitespace?: boolean;
  /** The text is JSON (`.json`): separators and commas are left as they are. */
  json?: boolean;
}

export interface FormatRange {
  /** Offsets; lines touching [start, end] are formatted. */
  start: number;
  end: number;
}

export type FormatResult =
  | { ok: true; edits: TextEdit[] }
  | { ok: false; message: string; line: number; column: number };

/** The edits that format `text` (all of it, or the lines of `range`). */
export function formatHocon(text: string, options: FormatOptions = {}, range?: FormatRange, fileName = '<input>'): FormatResult {
  const document = parseHocon(text, fileName);
  const error = document.diagnostics.find((d) => d.severity === 'error');
  if (error) return { ok: false, message: `Cannot format: ${error.message}`, line: error.line, column: error.column };
  const edits = new Formatter(text, document, options).edits();
  if (!range) return { ok: true, edits };
  const from = lineStartOf(text, range.start);
  const to = lineEndOf(text, range.end);
  return { ok: true, edits: edits.filter((e) => e.offset >= from && e.offset + e.length <= to) };
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end + 1;
}

class Formatter {
  private readonly tokens: Token[];
  /** Index of the token starting at an offset (for the tree's offsets). */
  private readonly tokenAt = new Map<number, number>();
  /** Candidate edits in the order the rules made them: where two touch the same blank, the earlier wins. */
  private out: TextEdit[] = [];
  private readonly lines: LayoutLine[];
  private readonly style: DetectedStyle;
  private readonly unit: string;
  private readonly hasTabs: boolean;

  constructor(
    private readonly text: string,
    private readonly document: SyntaxDocument,
    private readonly options: FormatOptions,
  ) {
    this.tokens = scan(text);
    this.tokens.forEach((t, i) => this.tokenAt.set(t.start, i));
    const root = document.root;
    this.lines = layoutLines(this.tokens, root.kind === 'object' && root.braced ? root.start : -1);
    this.style = detectStyle(this.tokens, this.lines, document);
    const indent = options.indent ?? this.style.indent ?? 2;
    this.unit = indent === 'tab' ? '\t' : ' '.repeat(indent);
    this.hasTabs = text.includes('\t');
  }

  edits(): TextEdit[] {
    this.indentLines();
    this.walk(this.document.root);
    this.finalNewline();
    const ranked = this.out.map((edit, rank) => ({ edit, rank })).sort((a, b) => a.edit.offset - b.edit.offset || a.edit.length - b.edit.length);
    const kept: { edit: TextEdit; rank: number }[] = [];
    for (const candidate of ranked) {
      const last = kept[kept.length - 1];
      if (last && candidate.edit.offset < last.edit.offset + last.edit.length) {
        if (candidate.rank < last.rank) kept[kept.length - 1] = candidate;
        continue;
      }
      kept.push(candidate);
    }
    return this.clearOfTabs(kept.map((k) => k.edit));
  }

  /**
   * pyparsing expands tabs to the next multiple of 8 columns before pyhocon reads a line, so a tab inside a value
   * (`a = foo<TAB>bar`, a tab in a string) stands for as many blanks as its column makes: an edit before it on its
   * line would change the value. Such edits are dropped (edits after the line's last tab stay).
   */
  private clearOfTabs(edits: TextEdit[]): TextEdit[] {
    const text = this.text;
    if (!text.includes('\t')) return edits;
    return edits.filter((edit) => {
      const lineEnd = text.indexOf('\n', edit.offset);
      const end = lineEnd < 0 ? text.length : lineEnd;
      const lineStart = text.lastIndexOf('\n', edit.offset - 1) + 1;
      let contentStart = lineStart;
      while (contentStart < end && (text[contentStart] === ' ' || text[contentStart] === '\t')) contentStart++;
      const lastTab = text.lastIndexOf('\t', end - 1);
      return !(lastTab >= contentStart && edit.offset <= lastTab);
    });
  }

  private edit(offset: number, length: number, newText: string): void {
    if (this.text.slice(offset, offset + length) === newText) return;
    this.out.push({ offset, length, newText });
  }

  /** Each line's indentation (see the module comment), and the blanks at line ends when they go. */
  private indentLines(): void {
    const lines = this.lines;
    const wanted: string[] = [];
    let blockFirst = -1;
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k]!;
      if (line.kind === 'comment' && !line.afterComment) blockFirst = k;
      // A line that keeps its indentation whatever (another blank in it, or a tab in its value: `clearOfTabs`) is
      // where the lines lined up under it stay lined up with.
      const target = line.plain && !this.tabAfterIndent(line) ? this.indentOf(line, blockFirst, wanted) : line.indent;
      wanted.push(target);
      if (line.kind === 'blank') {
        // A blank line: no blanks on it when they go (a CR before the line break stays).
        if (this.options.trimTrailingWhitespace === true && line.indent !== '' && line.plain) this.edit(line.start, line.indent.length, line.indent.endsWith('\r') ? '\r' : '');
        continue;
      }
      if (line.plain) this.edit(line.start, line.indent.length, target);
    }
    if (this.options.trimTrailingWhitespace !== true) return;
    for (let i = 0; i < this.tokens.length; i++) {
      const token = this.tokens[i]!;
      if (token.kind !== TokenKind.Whitespace) continue;
      const lineStart = i === 0 || this.tokens[i - 1]!.kind === TokenKind.Newline;
      const next = this.tokens[i + 1];
      if (!lineStart && (next === undefined || next.kind === TokenKind.Newline)) this.trimLineEnd(token);
    }
  }

  /** Whether a tab follows the line's indentation on it (then nothing before it may move: `clearOfTabs`). */
  private tabAfterIndent(line: LayoutLine): boolean {
    if (!this.hasTabs) return false;
    for (let i = line.contentStart; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 0x0a) return false;
      if (c === 0x09) return true;
    }
    return false;
  }

  /** The indentation `line` gets (`wanted` holds that of the lines before it; `blockFirst` its comment block's first). */
  private indentOf(line: LayoutLine, blockFirst: number, wanted: readonly string[]): string {
    const byLevel = () => this.unit.repeat(Math.max(0, line.level - (this.style.rootFlat && line.inRoot ? 1 : 0)));
    switch (line.kind) {
      case 'blank':
      case 'string':
        return line.indent;
      case 'comment': {
        if (!line.afterComment) return line.indent === '' ? '' : byLevel();
        // Under another comment: where its nesting puts it already, or moved as the block's first line moved, so the
        // block keeps its shape (`#   - item` under `# List:`).
        const own = byLevel();
        if (line.indent === own) return own;
        const first = this.lines[blockFirst]!;
        const firstWanted = wanted[blockFirst]!;
        if (firstWanted === first.indent) return line.indent;
        return line.indent.startsWith(first.indent) ? firstWanted + line.indent.slice(first.indent.length) : firstWanted;
      }
      case 'hanging': {
        // Lined up under the line that opened its brackets: moved as that line moved.
        const anchor = this.lines[line.anchor]!;
        if (line.indent.startsWith(anchor.indent)) return wanted[line.anchor]! + line.indent.slice(anchor.indent.length);
        return byLevel();
      }
      default:
        return byLevel();
    }
  }

  /** Blanks before a line break or the end: removed (a CR of a CRLF stays). */
  private trimLineEnd(token: Token): void {
    if (!PLAIN_BLANK.test(token.text)) return;
    this.edit(token.start, token.end - token.start, token.text.endsWith('\r') ? '\r' : '');
  }

  private finalNewline(): void {
    if (this.text.length === 0) return;
    let end = this.text.length;
    while (end > 0 && /[ \t\r\n]/.test(this.text[end - 1]!)) end--;
    if (end === 0) return;
    if (!this.text.slice(end).includes('\n')) {
      // pyhocon reads a value that ends the text differently from one that ends a line (`x = 2 ` at the very end is
      // the string "2"): a text that ends without a line break keeps its end as it is, unless it ends in a bracket.
      const last = this.text[end - 1];
      const closed = last === '}' || last === ']';
      if (!closed) {
        this.out = this.out.filter((e) => e.offset + e.length <= end);
        return;
      }
    }
    if (this.options.finalNewline !== true) return;
    // Blank lines at the end go; one line break stays (CRLF where the text uses it).
    const crlf = this.text.includes('\r\n');
    const tail = this.text.slice(end);
    const wanted = crlf ? '\r\n' : '\n';
    if (tail === wanted) return;
    // Leave room for the edits already made at the line's end: replace the tail as one edit, dropping them.
    this.out = this.out.filter((e) => e.offset + e.length <= end);
    this.edit(end, tail.length, wanted);
  }

  private walk(node: ValueNode): void {
    // Iterative: nesting is bounded by the parser, but a deep file must not cost the stack.
    const stack: ValueNode[] = [node];
    while (stack.length > 0) {
      const value = stack.pop()!;
      if (value.kind === 'object') {
        this.object(value);
        for (const entry of value.entries) if (entry.kind === 'field') stack.push(entry.value);
      } else if (value.kind === 'array') {
        this.array(value);
        stack.push(...value.elements);
      } else if (value.kind === 'concatenation') {
        for (const part of value.parts) if (part.kind === 'object' || part.kind === 'array') stack.push(part);
      }
    }
  }

  private object(node: ObjectNode): void {
    const entries = node.entries;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.kind === 'field') this.separator(entry, this.linedUp(entries, i));
      this.comma(entry.end, entry.comma, i < entries.length - 1 ? entries[i + 1]!.start : -1);
    }
  }

  /**
   * Whether the field's separator or value starts in the same column as that of the entry before or after it, each
   * on a line of its own (`"backend":     "json_file"` over `"folder_name": "memory"`, comment lines between or
   * not): blanks that line values up stay.
   */
  private linedUp(entries: readonly EntryNode[], i: number): boolean {
    const field = entries[i] as FieldNode;
    if (!this.aloneOnItsLine(field)) return false;
    for (const n of [i - 1, i + 1]) {
      const other = entries[n];
      if (other?.kind !== 'field' || other.separator === '' || !this.aloneOnItsLine(other)) continue;
      if (this.columnOf(other.separatorStart) === this.columnOf(field.separatorStart) || this.columnOf(other.value.start) === this.columnOf(field.value.start)) return true;
    }
    return false;
  }

  /** Whether the entry is written on one line that holds nothing else (but its comma and a comment). */
  private aloneOnItsLine(field: FieldNode): boolean {
    const lineStart = this.text.lastIndexOf('\n', field.start - 1) + 1;
    if (!this.isBlank(lineStart, field.start)) return false;
    const lineEnd = this.text.indexOf('\n', field.start);
    if (lineEnd >= 0 && lineEnd < field.end) return false;
    return this.lineEndsAfter(field.comma >= 0 ? field.comma + 1 : field.end) || this.text.slice(field.end, field.comma + 1).trim() === ',';
  }

  private columnOf(offset: number): number {
    return offset - (this.text.lastIndexOf('\n', offset - 1) + 1);
  }

  private array(node: ArrayNode): void {
    const elements = node.elements;
    for (let i = 0; i < elements.length; i++) {
      this.comma(elements[i]!.end, node.commas[i] ?? -1, i < elements.length - 1 ? elements[i + 1]!.start : -1);
    }
  }

  /**
   * `key = value` / `key: value` / `key += value` / `key { ... }`, when key and value share a line: the blanks
   * around the separator as the text writes them most (`DetectedStyle`), or as they are where they line it up.
   */
  private separator(field: FieldNode, linedUp: boolean): void {
    const keyEnd = field.key.end;
    const valueStart = field.value.start;
    if (field.separator === '') {
      this.blankOnly(keyEnd, valueStart, ' ');
      return;
    }
    const sepIndex = this.tokenAt.get(field.separatorStart);
    if (sepIndex === undefined) return;
    const sep = this.tokens[sepIndex]!;
    let written: string = field.separator;
    const chosen = this.options.separator ?? 'preserve';
    if (field.separator !== '+=' && chosen !== 'preserve' && !this.options.json) written = chosen;
    // Only blanks around the separator, on one line: a comment or a line break there stays as written.
    if (!this.isBlank(keyEnd, sep.start) || !this.isBlank(sep.end, valueStart)) {
      if (written !== sep.text) this.edit(sep.start, sep.end - sep.start, written);
      return;
    }
    const wanted = written === ':' ? this.style.colon : written === '=' ? this.style.equals : ` ${written} `;
    const blanks = valueStart - keyEnd - sep.text.length;
    // Blanks that line the value up with its neighbours' stay (unless the separator changes: they were for another).
    if (linedUp && blanks > wanted.length - 1 && written === sep.text) return;
    this.edit(keyEnd, valueStart - keyEnd, wanted);
  }

  /**
   * The comma after an entry or element (`comma` its offset or -1; `nextStart` where the next one starts, -1 for the
   * last): after a comma inside a line one blank or none as the text writes them most, none before it; commas
   * ending lines added or removed as chosen.
   */
  private comma(end: number, comma: number, nextStart: number): void {
    const mode = this.options.json ? 'preserve' : (this.options.commas ?? 'preserve');
    if (comma >= 0) {
      if (!this.isBlank(end, comma)) return;
      const after = this.lineEndsAfter(comma + 1);
      if (after && mode === 'omit') {
        this.edit(end, comma + 1 - end, '');
        return;
      }
      this.edit(end, comma - end, '');
      if (!after && nextStart > comma && this.isBlank(comma + 1, nextStart)) this.edit(comma + 1, nextStart - comma - 1, this.style.afterComma);
      return;
    }
    if (mode === 'add' && nextStart >= 0 && this.lineEndsAfter(end)) this.edit(end, 0, ',');
  }

  /** Whether only spaces and tabs lie in [from, to). */
  private isBlank(from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09) return false;
    }
    return true;
  }

  /** Replaces [from, to) with `blank` when it holds only spaces and tabs. */
  private blankOnly(from: number, to: number, blank: string): void {
    if (to >= from && this.isBlank(from, to)) this.edit(from, to - from, blank);
  }

  /**
   * Whether only blanks, then a comment, a line break or the end, follow `offset` on its line. A comment must come
   * after a blank: pyhocon reads `a//b` as one string where the specification reads `a` and a comment.
   */
  private lineEndsAfter(offset: number): boolean {
    let i = offset;
    while (i < this.text.length && (this.text[i] === ' ' || this.text[i] === '\t' || this.text[i] === '\r')) i++;
    if (i >= this.text.length) return true;
    const c = this.text[i];
    if (c === '\n') return true;
    return i > offset && (c === '#' || (c === '/' && this.text[i + 1] === '/'));
  }
}
