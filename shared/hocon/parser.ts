import { CharCode } from './charCode';
import { makeDiagnostic, reportedLast, type Diagnostic } from './diagnostics';
import { PathBuilder, parseSubstitutionPath } from './pathExpression';
import { RecentStrings } from './recentStrings';
import { Scanner, decodeQuoted, indexWithin } from './scanner';
import type {
  ArrayNode,
  EntryNode,
  ErrorNode,
  FieldNode,
  IncludeNode,
  KeyNode,
  ObjectNode,
  Separator,
  SyntaxDocument,
  ValueNode,
} from './syntaxTree';
import { SourceText } from './textPosition';
import { isValueStart, TokenKind, type TokenKind as Kind } from './tokenKind';

/**
 * Objects and arrays nested deeper than this are reported (one positioned error) and skipped without recursion,
 * so hostile input cannot overflow the stack of the parser or of anything walking the tree later.
 */
export const MAX_NESTING_DEPTH = 400;

/**
 * A file with more values than this is reported (one positioned error) and not read further: memory stays bounded
 * however the values are written (a 50 MB file of `1,` is 26 million of them). A real toolbox of 50 MB holds about
 * two million; the resolver's step limit (MAX_STEPS) is the same number of containers.
 */
export const MAX_VALUES = 5_000_000;

/**
 * A file with more keys than this is reported (one positioned error, at the key past it) and not read further: each
 * key becomes a field, a tool or a diagnostic downstream, so a file of a million (16.7 MB of `kN = N`) took half a
 * minute and 3 GB, then made an answer too long to send; 200,000 tools still took 6 s of CPU and 1 GB. The 5,000-tool
 * benchmark toolbox has 86,250 (a real one a few thousand); a key path counts each of its segments. neuro-san's
 * reading counts the same keys against the same limit.
 */
export const MAX_KEYS = 100_000;

/** The words of the key limit, in both readings. */
export function tooManyKeysMessage(): string {
  return `More than ${MAX_KEYS.toLocaleString('en-US')} keys: Toolbox Editor reads files with up to that many, and stopped reading here`;
}

/** Thrown out of a parse at MAX_VALUES or MAX_KEYS (parseDocument catches it; the one-pass reader gives up on it). */
export const TOO_MANY_VALUES: unique symbol = Symbol('too many values');

/** Parses HOCON text into a lossless syntax tree. Never throws: problems are diagnostics, and the tree is partial. */
export function parseHocon(text: string, fileName = '<input>'): SyntaxDocument {
  return new Parser(new SourceText(fileName, text)).parseDocument();
}

/** Parses an already wrapped source (the resolver uses this so origins share one SourceText). */
export function parseSource(source: SourceText): SyntaxDocument {
  return new Parser(source).parseDocument();
}

/**
 * Parses single entries of one text, for the one-pass reader, which hands entries that need the general machinery
 * (substitutions, path keys, ...) to the value builder. One parser serves every entry of the text.
 */
export class EntryParser {
  private readonly parser: Parser;
  /** The start of the token after the entry last parsed. */
  resume = 0;

  /** Values parsed over every entry so far (a parse past MAX_VALUES throws TOO_MANY_VALUES). */
  get values(): number {
    return this.parser.values;
  }

  /** Keys parsed over every entry so far (a parse past MAX_KEYS throws TOO_MANY_VALUES). */
  get keys(): number {
    return this.parser.keys;
  }

  constructor(source: SourceText) {
    this.parser = new Parser(source);
  }

  /**
   * The entry (field or include) whose key starts at `offset`, as the parser would read it there, `depth` levels
   * deep (for the nesting limit); undefined when the parser reports anything (the general path must report it).
   */
  parse(offset: number, depth: number): EntryNode | undefined {
    const all = this.parser.diagnostics;
    const before = all.length;
    const { entry } = this.parseWithProblems(offset, depth);
    if (all.length === before) return entry;
    // Forget them: the entry may be read again with its problems (parseWithProblems), which must report them.
    all.length = before;
    return undefined;
  }

  /**
   * The entry at `offset` as the parser reads it in the whole file, problems and all: the diagnostics it reports
   * there (in text order; the parser reports a spot once over all the entries it reads) and what it recovered.
   */
  parseWithProblems(offset: number, depth: number): { entry: EntryNode | undefined; diagnostics: Diagnostic[] } {
    const before = this.parser.diagnostics.length;
    const { entry, resume } = this.parser.parseEntryFrom(offset, depth);
    this.resume = resume;
    return { entry, diagnostics: this.parser.diagnostics.slice(before) };
  }
}


/** Placeholders until a node's own arrays are made (never seen outside the parser). */
const NO_ENTRIES: EntryNode[] = [];
const NO_ELEMENTS: ValueNode[] = [];
const NO_COMMAS: number[] = [];

function isKeyToken(kind: Kind): boolean {
  return kind === TokenKind.UnquotedText || kind === TokenKind.QuotedString || kind === TokenKind.Number;
}

class Parser {
  private readonly text: string;
  private readonly scanner: Scanner;
  readonly diagnostics: Diagnostic[] = [];
  /** Values parsed so far (over every entry an EntryParser parsed): see MAX_VALUES. */
  values = 0;
  /** Keys parsed so far, each segment of a path counted (over every entry an EntryParser parsed): see MAX_KEYS. */
  keys = 0;
  private kind: Kind = TokenKind.EOF;
  private start = 0;
  private end = 0;
  private depth = 0;
  /** Key names repeat in every entry: share equal strings. */
  private readonly recent = new RecentStrings();
  /**
   * Entries, elements and comma offsets of the objects and arrays being parsed, innermost last: each node gets an
   * array of exactly its own when it is done (most hold a handful; an array grown by push holds room for 16).
   */
  private readonly pendingEntries: EntryNode[] = [];
  private readonly pendingElements: ValueNode[] = [];
  private readonly pendingCommas: number[] = [];
  /** Used lengths of those stacks (never shrunk: setting `length` lower would trim and regrow them). */
  private entryTop = 0;
  private elementTop = 0;

  constructor(private readonly source: SourceText) {
    this.text = source.text;
    this.scanner = new Scanner(source.text);
  }

  parseDocument(): SyntaxDocument {
    try {
      return this.parseWholeDocument();
    } catch (error) {
      if (error !== TOO_MANY_VALUES) throw error;
      // Reported where it stopped; the tree is left empty (printing works from the text, not the tree).
      const root: ObjectNode = { kind: 'object', braced: false, entries: NO_ENTRIES, start: 0, end: this.text.length };
      return { source: this.source, root, diagnostics: this.diagnostics };
    }
  }

  private parseWholeDocument(): SyntaxDocument {
    this.advance();
    this.skipTrivia();
    let root: ObjectNode | ArrayNode;
    if (this.kind === TokenKind.OpenBrace || this.kind === TokenKind.OpenBracket) {
      const value = this.kind === TokenKind.OpenBrace ? this.parseObject() : this.parseArray();
      root = value.kind === 'error' ? { kind: 'object', braced: true, entries: [], start: value.start, end: value.end } : value;
      this.skipTrivia();
      if ((this.kind as Kind) !== TokenKind.EOF) {
        this.error(this.start, this.end, `Document has trailing content after the root ${root.kind === 'array' ? 'array' : 'object'}: '${this.tokenText()}'`);
        while ((this.kind as Kind) !== TokenKind.EOF) this.advance();
      }
    } else {
      root = { kind: 'object', braced: false, entries: NO_ENTRIES, start: 0, end: this.text.length };
      this.parseEntries(root, -1);
    }
    return { source: this.source, root, diagnostics: this.diagnostics };
  }

  parseEntryFrom(offset: number, depth: number): { entry: EntryNode | undefined; resume: number } {
    this.scanner.pos = offset;
    this.depth = depth;
    this.advance();
    const entry = this.parseEntry();
    return { entry, resume: this.start };
  }

  // ---- tokens ----

  private advance(): void {
    const scanner = this.scanner;
    this.kind = scanner.next();
    this.start = scanner.tokenStart;
    this.end = scanner.pos;
    if (scanner.problem !== undefined) this.error(scanner.problemStart, scanner.problemEnd, scanner.problem);
  }

  private skipWhitespace(): void {
    while (this.kind === TokenKind.Whitespace) this.advance();
  }

  private skipTrivia(): void {
    while (this.kind === TokenKind.Whitespace || this.kind === TokenKind.Newline || this.kind === TokenKind.Comment) {
      this.advance();
    }
  }

  private tokenText(): string {
    if (this.kind === TokenKind.EOF) return 'end of file';
    if (this.kind === TokenKind.Newline) return 'newline';
    const text = this.text.slice(this.start, Math.min(this.end, this.start + 40));
    return text;
  }

  private error(start: number, end: number, message: string): void {
    if (!reportedLast(this.diagnostics, start, message)) this.diagnostics.push(makeDiagnostic(this.source, start, end, message));
  }

  private isUnquoted(word: string): boolean {
    return this.kind === TokenKind.UnquotedText && this.end - this.start === word.length && this.text.startsWith(word, this.start);
  }

  // ---- objects ----

  private parseObject(): ObjectNode | ErrorNode {
    const open = this.start;
    if (this.depth >= MAX_NESTING_DEPTH) return this.skipTooDeep(open);
    this.depth++;
    this.advance();
    const node: ObjectNode = { kind: 'object', braced: true, entries: NO_ENTRIES, start: open, end: open };
    this.parseEntries(node, open);
    this.depth--;
    return node;
  }

  /** Entries up to the closing brace (consumed), or to end of file for an unbraced root (`open` is -1). */
  private parseEntries(node: ObjectNode, open: number): void {
    const base = this.entryTop;
    this.collectEntries(node, open);
    node.entries = this.pendingEntries.slice(base, this.entryTop);
    this.entryTop = base;
  }

  private collectEntries(node: ObjectNode, open: number): void {
    const entries = this.pendingEntries;
    for (;;) {
      this.skipTrivia();
      const kind = this.kind;
      if (kind === TokenKind.CloseBrace) {
        if (open >= 0) {
          node.end = this.end;
          this.advance();
          return;
        }
        this.error(this.start, this.end, "Unbalanced close brace '}' with no open brace");
        this.advance();
        continue;
      }
      if (kind === TokenKind.EOF) {
        if (open >= 0) {
          this.error(open, open + 1, "Unclosed '{': expecting a close brace '}' before the end of the file");
          node.end = this.start;
        }
        return;
      }
      if (kind === TokenKind.Comma) {
        this.error(this.start, this.end, "Unexpected ',': expecting a key (two commas in a row, or a comma before the first entry)");
        this.advance();
        continue;
      }
      if (kind === TokenKind.Bad) {
        this.advance(); // already reported by the scanner
        continue;
      }
      const entry = this.parseEntry();
      if (entry === undefined) continue;
      entries[this.entryTop++] = entry;
      this.skipWhitespace();
      if (this.kind === TokenKind.Newline || this.kind === TokenKind.Comment) {
        // A comma may also come on a later line.
        this.skipTrivia();
        if ((this.kind as Kind) === TokenKind.Comma) {
          entry.comma = this.start;
          this.advance();
        }
      } else if (this.kind === TokenKind.Comma) {
        entry.comma = this.start;
        this.advance();
      } else if (
        (this.kind as Kind) !== TokenKind.Newline &&
        (this.kind as Kind) !== TokenKind.Comment &&
        (this.kind as Kind) !== TokenKind.CloseBrace &&
        (this.kind as Kind) !== TokenKind.EOF &&
        (this.kind as Kind) !== TokenKind.Bad
      ) {
        this.error(this.start, this.end, `Expecting a comma or a new line after an entry, not: '${this.tokenText()}'`);
      }
    }
  }

  private parseEntry(): EntryNode | undefined {
    // As in Lightbend, unquoted `include` at the start of an entry is always an include statement
    // (write "include" in quotes for a key of that name).
    if (this.isUnquoted('include')) return this.tryParseInclude();
    if (!isKeyToken(this.kind)) {
      this.error(this.start, this.end, `Expecting a key (or '}'), not: '${this.tokenText()}'`);
      this.skipToLineEnd();
      return undefined;
    }
    const key = this.parseKey();
    const segments = key.segments.length;
    // A key path makes an object per segment but the last: they nest as deep as braces would, and count so for what
    // its value nests. Past the limit the entry is reported at its key and dropped (its value read, not reported).
    const pathLevels = segments > 1 ? segments - 1 : 0;
    const tooDeep = this.depth + pathLevels > MAX_NESTING_DEPTH;
    // Each segment is a key of its own (a dropped path is one).
    this.keys += tooDeep ? 1 : segments;
    if (this.keys > MAX_KEYS) {
      this.error(key.start, key.end, tooManyKeysMessage());
      throw TOO_MANY_VALUES;
    }
    if (tooDeep) {
      this.error(key.start, key.end, `Nesting deeper than ${MAX_NESTING_DEPTH} levels is not supported (a key path of ${segments.toLocaleString('en-US')} segments here)`);
      const dropped = this.parseFieldAfterKey(key);
      dropped.value = { kind: 'error', start: dropped.value.start, end: dropped.value.end };
      return dropped;
    }
    this.depth += pathLevels;
    const field = this.parseFieldAfterKey(key);
    this.depth -= pathLevels;
    return field;
  }

  /** The rest of a field after its key: separator and value. */
  private parseFieldAfterKey(key: KeyNode): FieldNode {
    // Lightbend allows new lines and comments between a key and its separator, and after the separator.
    this.skipTrivia();
    let separator: Separator = '';
    let separatorStart = -1;
    let value: ValueNode;
    const kind = this.kind as Kind;
    if (kind === TokenKind.OpenBrace) {
      value = this.parseObject();
    } else if (kind === TokenKind.Colon || kind === TokenKind.Equals || kind === TokenKind.PlusEquals) {
      separator = kind === TokenKind.Colon ? ':' : kind === TokenKind.Equals ? '=' : '+=';
      separatorStart = this.start;
      const separatorEnd = this.end;
      this.advance();
      this.skipTrivia();
      if (isValueStart(this.kind)) value = this.parseValue();
      else {
        this.error(this.start, this.end, `Expecting a value after '${separator}', not: '${this.tokenText()}'`);
        value = { kind: 'error', start: separatorEnd, end: separatorEnd };
      }
    } else {
      const name = this.text.slice(key.start, key.end);
      this.error(
        this.start,
        this.end,
        `Key '${name}' may not be followed by token: '${this.tokenText()}' (expecting ':', '=' or '{'; quote the key or the value if it contains special characters)`,
      );
      value = { kind: 'error', start: key.end, end: key.end };
    }
    const field: FieldNode = { kind: 'field', key, separator, separatorStart, value, comma: -1, start: key.start, end: value.end };
    return field;
  }

  /** Skips to the end of the line (not past a close brace: that ends the enclosing object). */
  private skipToLineEnd(): void {
    while (this.kind !== TokenKind.Newline && this.kind !== TokenKind.EOF && this.kind !== TokenKind.CloseBrace) this.advance();
  }

  private parseKey(): KeyNode {
    const start = this.start;
    let end = this.end;
    let whitespaceStart = -1;
    // Fast path (almost every key): one quoted or dot-free unquoted token, then the separator.
    const firstKind = this.kind;
    const simple =
      firstKind === TokenKind.QuotedString ||
      (firstKind === TokenKind.UnquotedText && indexWithin(this.text, 46, start, end) < 0);
    if (simple) {
      const quoted = firstKind === TokenKind.QuotedString;
      const scanner = this.scanner;
      // The key is the current token: the scanner's flags are about it. Closed and without escapes, its value is its content.
      const name = !quoted
        ? this.recent.slice(this.source, start, end)
        : scanner.hasEscape || scanner.problem !== undefined
          ? decodeQuoted(this.text, start, end)
          : this.recent.slice(this.source, start + 1, end - 1);
      this.advance();
      if ((this.kind as Kind) === TokenKind.Whitespace) {
        whitespaceStart = this.start;
        this.advance();
      }
      if (!isKeyToken(this.kind)) {
        return { kind: 'key', segments: [{ name, start, end, quoted }], start, end };
      }
      // More key tokens follow (`a b = 1`): continue the general way.
    }
    const builder = new PathBuilder();
    if (simple) {
      if (firstKind === TokenKind.QuotedString) builder.addQuoted(decodeQuoted(this.text, start, end), start, end);
      else builder.addUnquoted(this.text, start, end);
    }
    for (;;) {
      const kind = this.kind;
      if (kind === TokenKind.UnquotedText || kind === TokenKind.Number) {
        if (whitespaceStart >= 0) builder.addWhitespace(this.text, whitespaceStart, this.start);
        builder.addUnquoted(this.text, this.start, this.end);
      } else if (kind === TokenKind.QuotedString) {
        if (whitespaceStart >= 0) builder.addWhitespace(this.text, whitespaceStart, this.start);
        builder.addQuoted(decodeQuoted(this.text, this.start, this.end), this.start, this.end);
      } else if (kind === TokenKind.Whitespace) {
        whitespaceStart = this.start;
        this.advance();
        continue;
      } else break;
      whitespaceStart = -1;
      end = this.end;
      this.advance();
    }
    const segments = builder.finish(end);
    if (builder.error !== undefined) this.error(start, end, builder.error);
    return { kind: 'key', segments, start, end };
  }

  /** `include "x"`, `include file("x")`, `include required(url("x"))`...; undefined if this is a key named include. */
  private tryParseInclude(): IncludeNode | undefined {
    const start = this.start;
    this.advance();
    this.skipTrivia();
    let required = false;
    let mode: IncludeNode['mode'] = 'heuristic';
    let closers = 0;
    if (this.kind === TokenKind.UnquotedText) {
      let head = this.text.slice(this.start, this.end);
      if (head.startsWith('required(')) {
        required = true;
        closers++;
        head = head.slice('required('.length);
      }
      for (const name of ['file', 'url', 'classpath'] as const) {
        if (head.startsWith(name + '(')) {
          mode = name;
          closers++;
          head = head.slice(name.length + 1);
          break;
        }
      }
      if (head === '' && closers > 0) {
        this.advance();
        this.skipWhitespace();
      }
    }
    if (this.kind !== TokenKind.QuotedString) {
      this.error(this.start, this.end, `include must be followed by a quoted file name (include "name", include file("name")), not: '${this.tokenText()}'`);
      this.skipToLineEnd();
      return { kind: 'include', target: '', mode, required, targetSpan: { start: this.start, end: this.start }, comma: -1, start, end: this.start };
    }
    const targetSpan = { start: this.start, end: this.end };
    const target = decodeQuoted(this.text, this.start, this.end);
    let end = this.end;
    this.advance();
    if (closers > 0) {
      this.skipWhitespace();
      let closed = 0;
      while (closed < closers && (this.kind as Kind) === TokenKind.UnquotedText) {
        const text = this.text.slice(this.start, this.end);
        if (!/^\)+$/.test(text)) break;
        closed += text.length;
        end = this.end;
        this.advance();
        this.skipWhitespace();
      }
      if (closed !== closers) {
        this.error(this.start, this.end, `Expecting a close parenthesis ')' here, not: '${this.tokenText()}'`);
        this.skipToLineEnd();
      }
    }
    return { kind: 'include', target, mode, required, targetSpan, comma: -1, start, end };
  }

  // ---- values ----

  /** A value: one simple value, or several on one line forming a concatenation. */
  private parseValue(): ValueNode {
    const first = this.parseSimpleValue();
    if (this.kind !== TokenKind.Whitespace && !isValueStart(this.kind)) return first;
    let parts: ValueNode[] | undefined;
    for (;;) {
      this.skipWhitespace();
      if (!isValueStart(this.kind)) break;
      (parts ??= [first]).push(this.parseSimpleValue());
    }
    if (parts === undefined) return first;
    return { kind: 'concatenation', parts, start: first.start, end: (parts[parts.length - 1] as ValueNode).end };
  }

  private parseSimpleValue(): ValueNode {
    const start = this.start;
    const end = this.end;
    if (++this.values > MAX_VALUES) {
      this.error(start, end, `More than ${MAX_VALUES.toLocaleString('en-US')} values: Toolbox Editor reads files with up to that many, and stopped reading here`);
      throw TOO_MANY_VALUES;
    }
    switch (this.kind) {
      case TokenKind.OpenBrace:
        return this.parseObject();
      case TokenKind.OpenBracket:
        return this.parseArray();
      case TokenKind.QuotedString:
        this.advance();
        return { kind: 'string', style: 'quoted', start, end };
      case TokenKind.TripleQuotedString:
        this.advance();
        return { kind: 'string', style: 'triple', start, end };
      case TokenKind.Number: {
        const isFloat = this.scanner.isFloat;
        this.advance();
        return { kind: 'number', isFloat, start, end };
      }
      case TokenKind.Substitution: {
        const optional = this.text.charCodeAt(start + 2) === CharCode.QuestionMark;
        const closed = this.text.charCodeAt(end - 1) === CharCode.RightBrace;
        const path = parseSubstitutionPath(this.text, start + (optional ? 3 : 2), closed ? end - 1 : end);
        if (path.error !== undefined && closed) this.error(start, end, path.error);
        this.advance();
        return { kind: 'substitution', optional, path: path.segments, start, end };
      }
      default: {
        // Unquoted text: true/false/null are typed only when they are the whole token.
        const length = end - start;
        const text = this.text;
        let node: ValueNode;
        if (length === 4 && text.startsWith('true', start)) node = { kind: 'boolean', value: true, start, end };
        else if (length === 5 && text.startsWith('false', start)) node = { kind: 'boolean', value: false, start, end };
        else if (length === 4 && text.startsWith('null', start)) node = { kind: 'null', start, end };
        else node = { kind: 'string', style: 'unquoted', start, end };
        this.advance();
        return node;
      }
    }
  }

  private parseArray(): ArrayNode | ErrorNode {
    const open = this.start;
    if (this.depth >= MAX_NESTING_DEPTH) return this.skipTooDeep(open);
    this.depth++;
    this.advance();
    const node: ArrayNode = { kind: 'array', elements: NO_ELEMENTS, commas: NO_COMMAS, start: open, end: open };
    const elements = this.pendingElements;
    const commas = this.pendingCommas;
    const base = this.elementTop;
    for (;;) {
      this.skipTrivia();
      const kind = this.kind;
      if (kind === TokenKind.CloseBracket) {
        node.end = this.end;
        this.advance();
        break;
      }
      if (kind === TokenKind.EOF) {
        this.error(open, open + 1, "Unclosed '[': expecting a close bracket ']' before the end of the file");
        node.end = this.start;
        break;
      }
      if (kind === TokenKind.CloseBrace) {
        // Likely a missing ']': end the array here and let the enclosing object take the brace.
        this.error(this.start, this.end, "Expecting ']' to close the array, not '}'");
        node.end = this.start;
        break;
      }
      if (kind === TokenKind.Comma) {
        this.error(this.start, this.end, "Unexpected ',' in array: expecting a value");
        this.advance();
        continue;
      }
      if (!isValueStart(kind)) {
        if (kind !== TokenKind.Bad) this.error(this.start, this.end, `Expecting a value in the array, not: '${this.tokenText()}'`);
        this.advance();
        continue;
      }
      if (this.isUnquoted('include')) this.reportIncludeInArray();
      const element = this.parseValue();
      elements[this.elementTop] = element;
      commas[this.elementTop++] = -1;
      this.skipWhitespace();
      if ((this.kind as Kind) === TokenKind.Newline || (this.kind as Kind) === TokenKind.Comment) {
        // A new line separates elements; a comma may still follow on a later line.
        this.skipTrivia();
        if ((this.kind as Kind) === TokenKind.Comma) {
          commas[this.elementTop - 1] = this.start;
          this.advance();
        }
      } else if ((this.kind as Kind) === TokenKind.Comma) {
        commas[this.elementTop - 1] = this.start;
        this.advance();
      } else if ((this.kind as Kind) !== TokenKind.CloseBracket && (this.kind as Kind) !== TokenKind.EOF && (this.kind as Kind) !== TokenKind.Bad) {
        this.error(this.start, this.end, `Expecting ',' or a new line between array elements, not: '${this.tokenText()}'`);
      }
    }
    node.elements = elements.slice(base, this.elementTop);
    node.commas = commas.slice(base, this.elementTop);
    this.elementTop = base;
    this.depth--;
    return node;
  }

  private reportIncludeInArray(): void {
    const scanner = this.scanner;
    const saved = scanner.pos;
    const start = this.start;
    const end = this.end;
    const probe = new Scanner(this.text, saved);
    let kind = probe.next();
    while (kind === TokenKind.Whitespace) kind = probe.next();
    if (kind === TokenKind.QuotedString) {
      this.error(start, end, 'An include statement may not appear inside an array (only directly inside an object)');
    }
  }

  /** Past the nesting limit: report once, then skip the balanced brackets iteratively. */
  private skipTooDeep(open: number): ErrorNode {
    this.error(open, open + 1, `Nesting deeper than ${MAX_NESTING_DEPTH} levels is not supported`);
    let level = 0;
    let end = this.end;
    for (;;) {
      const kind = this.kind;
      if (kind === TokenKind.EOF) break;
      if (kind === TokenKind.OpenBrace || kind === TokenKind.OpenBracket) level++;
      else if (kind === TokenKind.CloseBrace || kind === TokenKind.CloseBracket) level--;
      end = this.end;
      this.advance();
      if (level === 0) break;
    }
    return { kind: 'error', start: open, end };
  }
}
