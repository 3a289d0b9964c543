/**
 * Fast path for the common document: JSON-like HOCON (comments, unquoted strings, `=`, `a { }`, optional commas)
 * read in one pass straight into resolved values, without a syntax tree, a value builder or a resolver walk: the
 * tree and the intermediate records were most of the cost (and most of the garbage) of reading a big toolbox.
 *
 * Entries that need the general machinery — an include, a substitution, `+=`, a concatenation, a path key (`a.b`),
 * a key made of several tokens, a key set twice in one object — are handed one by one to the value builder when a
 * `makeBuilder` is given (`readDocument`): the entry alone is parsed into a syntax node and applied to the object
 * being read, exactly as the general path applies it, and the reader marks that object and its ancestors dirty
 * for the resolver. Everything else is still read directly. Without `makeBuilder` (`readPlainDocument`) such an
 * entry makes the reader give up.
 *
 * A syntax problem inside a top-level entry (a file being typed) makes the reader read that entry again as the
 * parser reads it in the whole file: its diagnostics (`parseDiagnostics`) and what the parser recovered, applied by
 * the builder; then it goes on with the next entry. Problems between top-level entries (a comma too many, two
 * entries on one line, a stray `}`, a root left open, text after the root) are reported as the parser reports them.
 * Only a root list and problems the scanner finds between entries send the whole file down the general path.
 *
 * Invariant: when it returns a root, the values, the builder's state and the diagnostics are exactly those of the
 * general path (parse, build, resolve): same shapes, offsets, definitions, dirty containers, messages in the same
 * order. A syntax problem the reader does not mirror, nesting at the parser's limit, more containers than the
 * resolver's step limit, or an entry handed over that reported something before being undone make it give up
 * (undefined), and the caller takes the general path from the start.
 */
import { ALWAYS_RESOLVE_LEVEL, type ValueBuilder } from './buildValues';
import { RecentStrings } from './recentStrings';
import { EntryParser, MAX_KEYS, MAX_NESTING_DEPTH, MAX_VALUES, TOO_MANY_VALUES } from './parser';
import { MAX_STEPS } from './resolveSubstitutions';
import { Scanner, decodeQuoted, decodeTripleQuoted, indexWithin } from './scanner';
import { makeDiagnostic, reportedLast, type Diagnostic } from './diagnostics';
import type { SourceText } from './textPosition';
import { isValueStart, TokenKind, type TokenKind as Kind } from './tokenKind';
import { buildIndex, FIELD_SLOTS, FieldMap, SMALL_OBJECT } from './fieldMap';
import { ArrayValue, BooleanValue, HoconField, NullValue, NumberValue, ObjectValue, StringValue, type HoconArray, type HoconObject, type HoconValue } from './values';

/**
 * Thrown to leave the fast path from any depth. Inside a top-level entry it makes the reader read that entry again
 * as the parser does (problems and all: see readRootEntries); elsewhere readDocument gives up.
 */
const GIVE_UP: unique symbol = Symbol('give up');
/** Thrown (and caught in readDocument) at a limit only the general path reports: always give up. */
const TOO_BIG: unique symbol = Symbol('too big');
/** Thrown by a value the reader cannot build itself; the innermost entry catches it and hands itself over. */
const HAND_OVER: unique symbol = Symbol('hand over');

/** Makes the value builder that entries are handed to, around the reader's root object and dirty set. */
export type BuilderFactory = (root: HoconObject, dirty: Set<object>) => ValueBuilder;

export interface ReadDocument {
  root: HoconObject;
  /** Set when entries were handed over: its `dirty` containers still need the resolver. */
  builder: ValueBuilder | undefined;
  /**
   * The syntax problems of top-level entries read again by the parser, in text order: what the general path's
   * parse reports (it comes before anything the builder and the resolver report).
   */
  parseDiagnostics: Diagnostic[];
}

/** The resolved root object of a plain document, or undefined when the general path must read it. */
export function readPlainDocument(source: SourceText): HoconObject | undefined {
  return readDocument(source, undefined, '')?.root;
}

/**
 * Reads a root file in one pass, handing entries that need the general machinery to the builder `makeBuilder`
 * makes (on first need); undefined when the general path must read it. `fileKey` is the file's include key.
 */
export function readDocument(source: SourceText, makeBuilder: BuilderFactory | undefined, fileKey: string): ReadDocument | undefined {
  const reader = new PlainReader(source, makeBuilder, fileKey);
  try {
    const root = reader.readDocument();
    return { root, builder: reader.builder, parseDiagnostics: reader.parseDiagnostics };
  } catch (error) {
    // TOO_MANY_VALUES: an entry parsed for the reader reached the limit; the general path reports it.
    if (error === GIVE_UP || error === TOO_BIG || error === TOO_MANY_VALUES) return undefined;
    throw error;
  }
}

class PlainReader {
  private readonly text: string;
  private readonly scanner: Scanner;
  private kind: Kind = TokenKind.EOF;
  /** The scanner found the current token wrong (only ever set between top-level entries: see advanceToEntry). */
  private tokenProblem = false;
  /**
   * ...and that problem is reported already: the parser reached the token while reading the entry before it, or
   * the reader reported it in the parser's place. Whoever reads on must not report it again.
   */
  private tokenProblemReported = false;
  private start = 0;
  private end = 0;
  /** Open objects and arrays, as the parser counts them (the unbraced root is 0). */
  private depth = 0;
  /** Nesting level of the container being filled, as the value builder counts it (the root is 1). */
  private level = 0;
  /** Open arrays: an entry handed over inside one is built as inside an array. */
  private arrays = 0;
  /** Keys from the root to the value being read (arrays add none), as the builder's paths. */
  private readonly keys: string[] = [];
  /**
   * How many of `keys` are in use. The array is never shrunk: pop() or a lower length on an array that becomes
   * (nearly) empty trims its storage, and the next push allocates it again — once per top-level entry, which cost
   * a third of the reading time of a small file.
   */
  private keyCount = 0;
  /** Containers made so far: the resolver counts one step per container, and stops past MAX_STEPS. */
  private containers = 0;
  /**
   * Values read so far (read again after going back: counted again). With those the entry parser parsed, never
   * fewer than the parser counts in the whole file: past MAX_VALUES the general path reads it, and reports that.
   */
  private values = 0;
  /**
   * How many `values` may reach before the entry parser's count is looked at again (it only grows, so this only
   * shrinks): one comparison per value in the common case.
   */
  private valuesAllowed = MAX_VALUES;
  /**
   * Keys read here (those handed over the entry parser counts; going back undoes what was counted since). With the
   * entry parser's, past MAX_KEYS the general path reads the file, and reports it.
   */
  private keysRead = 0;
  /** As valuesAllowed, for keys. */
  private keysAllowed = MAX_KEYS;
  /** Containers at or past ALWAYS_RESOLVE_LEVEL (the builder counts them as pending too). */
  private deepPending = 0;
  /** Containers the resolver must walk (as ValueBuilder.dirty); made on first need. */
  private dirty: Set<object> | undefined = undefined;
  builder: ValueBuilder | undefined = undefined;
  /** See ReadDocument.parseDiagnostics. */
  readonly parseDiagnostics: Diagnostic[] = [];
  /** Parses the entries handed over; made on first need. */
  private entryParser: EntryParser | undefined = undefined;
  /**
   * Characters of the entries handed over so far. An entry is read again when handed over (and, when a value
   * deep inside it needed that, the reader had read part of it already), so nested hand-overs could read a text
   * many times over (`a = { a = { ... } x } x`); past twice the text's length (and a little, for small files) the
   * general path reads it, once.
   */
  private handedOver = 0;
  /** The root object, once made (the builder works on it). */
  private root: HoconObject | undefined = undefined;
  /** Keys and small values repeat in every entry: share equal strings. */
  private readonly recent = new RecentStrings();
  /** Elements of the arrays being read, innermost last: each array gets exactly its own when done. */
  private readonly pendingElements: HoconValue[] = [];
  /** Its used length (never shrunk: setting `length` lower would trim and regrow it). */
  private elementTop = 0;
  /**
   * Fields of the objects being read, innermost last: each object gets exactly its own when done (an array grown
   * by push keeps room for 16 more — most of a small object's memory).
   */
  /** As FieldMap's slots: key, value, key start per field. */
  private readonly pendingSlots: unknown[] = [];
  /** Fields on the stack (slots / FIELD_SLOTS). */
  private fieldTop = 0;

  constructor(
    private readonly source: SourceText,
    private readonly makeBuilder: BuilderFactory | undefined,
    private readonly fileKey: string,
  ) {
    this.text = source.text;
    this.scanner = new Scanner(source.text);
    // The reader sees no white space or comment tokens, only whether a line break came before a token.
    this.scanner.skipTrivia = true;
  }

  readDocument(): HoconObject {
    this.advanceToEntry();
    if (this.kind === TokenKind.OpenBrace) {
      const root = this.readObject();
      if ((this.kind as Kind) !== TokenKind.EOF) this.skipTrailingContent();
      return root;
    }
    // A root list: the general path reads (and refuses) it.
    if (this.kind === TokenKind.OpenBracket) throw GIVE_UP;
    const root = (this.root = this.newObject(0, this.text.length));
    this.fillObject(root, false);
    return root;
  }

  /**
   * Text after a braced root (a tool's `{` deleted, so its `}` closed the root): the parser reports its first token
   * and skips the rest, reporting only what the scanner finds wrong on the way. So do we.
   */
  private skipTrailingContent(): void {
    if (this.makeBuilder === undefined) throw GIVE_UP;
    const scanner = this.scanner;
    // The parser reported what the scanner found wrong with the first token when it reached it.
    this.reportTokenProblem();
    this.report(this.start, this.end, `Document has trailing content after the root object: '${this.tokenText()}'`);
    while (scanner.next() !== TokenKind.EOF) {
      if (scanner.problem !== undefined) this.report(scanner.problemStart, scanner.problemEnd, scanner.problem);
    }
    this.kind = TokenKind.EOF;
    this.tokenProblem = false;
    this.tokenProblemReported = false;
  }

  /** A syntax problem the parser reports in the whole file; like the parser, the same spot is reported once. */
  private report(start: number, end: number, message: string): void {
    if (!reportedLast(this.parseDiagnostics, start, message)) this.parseDiagnostics.push(makeDiagnostic(this.source, start, end, message));
  }

  /** What the scanner found wrong with the current token, unless that is reported already. */
  private reportTokenProblem(): void {
    if (!this.tokenProblem || this.tokenProblemReported) return;
    const scanner = this.scanner;
    this.report(scanner.problemStart, scanner.problemEnd, scanner.problem as string);
    this.tokenProblemReported = true;
  }

  /** The current token as the parser quotes it in a message (never a line break or the end here). */
  private tokenText(): string {
    return this.text.slice(this.start, Math.min(this.end, this.start + 40));
  }

  // ---- handing entries over to the value builder ----

  /** What changes when something unresolved is made: compared before and after filling a container. */
  private pending(): number {
    return this.deepPending + (this.builder === undefined ? 0 : this.builder.pending);
  }

  private markDirty(container: object): void {
    (this.dirty ??= new Set<object>()).add(container);
  }

  /** Hands the entry whose key starts at `entryStart` to the builder; the current token is then the one after it. */
  private handOver(object: HoconObject, entryStart: number): void {
    if (this.makeBuilder === undefined) throw TOO_BIG;
    const parser = (this.entryParser ??= new EntryParser(this.source));
    const entry = parser.parse(entryStart, this.depth);
    // The general path reports every syntax problem, and the key limit.
    if (entry === undefined) throw GIVE_UP;
    if (this.keysRead + parser.keys > MAX_KEYS) throw TOO_BIG;
    this.handedOver += parser.resume - entryStart;
    if (this.handedOver > 2 * this.text.length + 4096) throw TOO_BIG;
    const builder = (this.builder ??= this.makeBuilder(this.root as HoconObject, (this.dirty ??= new Set<object>())));
    builder.applyRootFileEntry(object, entry, this.keys.slice(0, this.keyCount), this.level, this.arrays > 0, this.fileKey);
    this.scanner.pos = parser.resume;
    // A top-level entry is in the root now, for good: what follows it must not make the reader read it again.
    if (object === this.root) this.advanceToEntry();
    else this.advance();
  }

  // ---- tokens (as Parser: same scanner, same trivia rules) ----

  private advance(): void {
    const scanner = this.scanner;
    this.kind = scanner.next();
    // The general path reports every scanner problem (but see advanceToEntry).
    if (scanner.problem !== undefined) throw GIVE_UP;
    this.start = scanner.tokenStart;
    this.end = scanner.pos;
  }

  /**
   * advance() to the token that starts a top-level entry (or ends the root, or follows it): a token the scanner
   * finds wrong there (a quote left open on a key being typed) is kept, with `tokenProblem` set, for readRootEntries to
   * report or read again as the parser does.
   */
  private advanceToEntry(): void {
    const scanner = this.scanner;
    this.kind = scanner.next();
    this.start = scanner.tokenStart;
    this.end = scanner.pos;
    this.tokenProblem = scanner.problem !== undefined;
    this.tokenProblemReported = false;
    if (this.tokenProblem && this.makeBuilder === undefined) throw GIVE_UP;
  }

  private newObject(start: number, end: number): HoconObject {
    if (++this.containers > MAX_STEPS) throw TOO_BIG;
    this.countValue();
    // Its fields are collected on the pending stacks and given to it when it is done.
    return new ObjectValue(NOT_YET_READ, this.source, start, end);
  }

  private countValue(): void {
    if (++this.values > this.valuesAllowed) this.recountValues();
  }

  /** Past the values allowed so far: allow what the entry parser's count leaves, or give up. */
  private recountValues(): void {
    this.valuesAllowed = MAX_VALUES - (this.entryParser === undefined ? 0 : this.entryParser.values);
    if (this.values > this.valuesAllowed) throw TOO_BIG;
  }

  /** Past the keys allowed so far: allow what the entry parser's count leaves, or give up. */
  private recountKeys(): void {
    this.keysAllowed = MAX_KEYS - (this.entryParser === undefined ? 0 : this.entryParser.keys);
    if (this.keysRead > this.keysAllowed) throw TOO_BIG;
  }

  /** A quoted token's value: the scanner saw no problem, so it is closed; without escapes it is its content. */
  private quotedValue(start: number, end: number): string {
    return this.scanner.hasEscape ? decodeQuoted(this.text, start, end) : this.slice(start + 1, end - 1);
  }

  /** `text.slice(start, end)`, shared with an equal string made recently. */
  private slice(start: number, end: number): string {
    return this.recent.slice(this.source, start, end);
  }

  // ---- objects ----

  /** `{ entries }`: the current token is the open brace. */
  private readObject(): HoconObject {
    if (this.depth >= MAX_NESTING_DEPTH) throw TOO_BIG;
    this.depth++;
    const object = this.newObject(this.start, this.start);
    this.root ??= object;
    if (object === this.root) this.advanceToEntry();
    else this.advance();
    this.fillObject(object, true);
    this.depth--;
    return object;
  }

  /** Fills an object (one level deeper), marking it dirty if anything unresolved was made meanwhile. */
  private fillObject(object: HoconObject, braced: boolean): void {
    const before = this.pending();
    if (++this.level >= ALWAYS_RESOLVE_LEVEL) this.deepPending++;
    if (object === this.root) this.readRootEntries(object, braced);
    else this.readEntries(object);
    this.level--;
    if (this.pending() !== before) this.markDirty(object);
  }

  /**
   * The entries of a nested object, up to its closing brace (consumed).
   *
   * Apart from readRootEntries on purpose. The root's loop runs once per tool of the file, so V8 compiles it on
   * the stack while it runs (OSR); when one function served both, a thread often kept code for it that read every
   * nested object a third slower, for its whole life (bench/hocon-parse.bench.mjs: a median of x3.6 of JSON.parse
   * over 8 fresh threads, against x2.6 apart). The one-pass reading of an entry is shared (readEntry).
   */
  private readEntries(object: HoconObject): void {
    const entries = this.entryList();
    for (;;) {
      const kind = this.kind;
      if (kind === TokenKind.CloseBrace) {
        this.endEntries(object, entries);
        object.end = this.end;
        this.advance();
        return;
      }
      if (kind === TokenKind.EOF) throw GIVE_UP;
      this.readEntry(object, entries);
      // A comma, a line break (and then maybe a comma), or the end.
      if ((this.kind as Kind) === TokenKind.Comma) this.advance();
      else if (!this.scanner.newlineBefore && (this.kind as Kind) !== TokenKind.CloseBrace) throw GIVE_UP;
    }
  }

  /**
   * The root's entries, up to its closing brace (consumed) when braced, else to the end of the file. With a
   * builder, the mistakes of a file being typed are dealt with here as the parser deals with them: between
   * entries they are reported; inside an entry, the entry is read again as the parser reads it (readEntryAgain).
   */
  private readRootEntries(object: HoconObject, braced: boolean): void {
    const entries = this.entryList();
    const typing = this.makeBuilder !== undefined;
    for (;;) {
      const kind = this.kind;
      if (kind === TokenKind.CloseBrace || kind === TokenKind.EOF) {
        if ((kind === TokenKind.CloseBrace) !== braced) {
          if (!typing) throw GIVE_UP;
          // The parser reports these and goes on (a brace deleted or typed too many): so do we.
          if (kind === TokenKind.CloseBrace) {
            this.report(this.start, this.end, "Unbalanced close brace '}' with no open brace");
            this.advanceToEntry();
            continue;
          }
          this.report(object.start, object.start + 1, "Unclosed '{': expecting a close brace '}' before the end of the file");
          this.endEntries(object, entries);
          object.end = this.start;
          return;
        }
        this.endEntries(object, entries);
        if (kind === TokenKind.CloseBrace) {
          object.end = this.end;
          this.advanceToEntry();
        }
        return;
      }
      const keyStart = this.start;
      // The parser's loop deals with a comma here itself (not as an entry): we report it as it does (a comma
      // typed twice).
      if (kind === TokenKind.Comma) {
        if (!typing) throw GIVE_UP;
        this.report(keyStart, this.end, "Unexpected ',': expecting a key (two commas in a row, or a comma before the first entry)");
        this.advanceToEntry();
        continue;
      }
      if (this.tokenProblem && kind === TokenKind.Bad) {
        // The parser skips a stray character where a key should be (the scanner's complaint is the report).
        this.reportTokenProblem();
        this.advanceToEntry();
        continue;
      }
      if (typing) this.saveMark(this.entryMark);
      try {
        // A key the scanner finds wrong: the parser reads this entry (below).
        if (this.tokenProblem) throw GIVE_UP;
        this.readEntry(object, entries);
      } catch (error) {
        if (!typing || error !== GIVE_UP) throw error;
        this.backToMark(this.entryMark);
        this.giveFieldsNow(object, entries);
        // No entry recovered: the parser goes on to the next one without looking for a separator.
        if (!this.readEntryAgain(object, keyStart)) continue;
      }
      // A comma, a line break (and then maybe a comma), or the end.
      if ((this.kind as Kind) === TokenKind.Comma) this.advanceToEntry();
      else if (!this.scanner.newlineBefore && (this.kind as Kind) !== TokenKind.CloseBrace && (this.kind as Kind) !== TokenKind.EOF) {
        if (!typing) throw GIVE_UP;
        // As the parser: say so (not of a stray character: the scanner's complaint is enough), and read what
        // follows as the next entry. It reached that token first, reporting what the scanner found wrong with it.
        if ((this.kind as Kind) !== TokenKind.Bad) {
          this.reportTokenProblem();
          this.report(this.start, this.end, `Expecting a comma or a new line after an entry, not: '${this.tokenText()}'`);
        }
      }
    }
  }

  /** A fresh EntryList for the object opening at the current depth (one per depth, reused). */
  private entryList(): EntryList {
    const entries = (this.entryLists[this.depth] ??= new EntryList());
    entries.base = this.fieldTop;
    entries.seen = undefined;
    entries.direct = false;
    return entries;
  }

  /** The object's entries are all read: it gets its fields (unless it has them: see EntryList.direct). */
  private endEntries(object: HoconObject, entries: EntryList): void {
    if (!entries.direct) this.giveFields(object, entries.base, entries.seen);
  }

  /** An entry goes to the builder: the object gets the fields read so far, and the rest directly. */
  private giveFieldsNow(object: HoconObject, entries: EntryList): void {
    if (entries.direct) return;
    this.giveFields(object, entries.base, entries.seen);
    entries.direct = true;
    entries.seen = undefined;
  }

  /**
   * One entry (its key is the current token): read here when it is a key set once to a value read in one pass,
   * else handed over to the builder. The current token is then the one after it.
   */
  private readEntry(object: HoconObject, entries: EntryList): void {
    const kind = this.kind;
    const keyStart = this.start;
    const keyEnd = this.end;
    // A key read here: one quoted string, or one unquoted token without '.' that is not `include`, set once.
    let name: string | undefined;
    if (kind === TokenKind.QuotedString) name = this.quotedValue(keyStart, keyEnd);
    else if (kind === TokenKind.UnquotedText) {
      if (indexWithin(this.text, 46, keyStart, keyEnd) < 0) {
        name = this.slice(keyStart, keyEnd);
        if (name === 'include') name = undefined;
      }
    } else if (kind !== TokenKind.Number) throw GIVE_UP;
    const pending = this.pendingSlots;
    const base = entries.base;
    let value: HoconValue | undefined;
    if (
      name !== undefined &&
      !(entries.direct ? object.fields.has(name) : entries.seen !== undefined ? entries.seen.has(name) : pendingHas(pending, base, this.fieldTop, name))
    ) {
      this.advance();
      const afterKey = this.kind as Kind;
      if (afterKey !== TokenKind.UnquotedText && afterKey !== TokenKind.QuotedString && afterKey !== TokenKind.Number) {
        value = this.readFieldValue(name);
      } else if (this.scanner.newlineBefore) {
        // A key alone on its line: the general path reports it.
        throw GIVE_UP;
      }
    }
    if (value === undefined) {
      this.giveFieldsNow(object, entries);
      this.handOver(object, keyStart);
      return;
    }
    if (++this.keysRead > this.keysAllowed) this.recountKeys();
    if (entries.direct) {
      object.fields.set(name as string, HoconField.plain(name as string, value, keyStart, keyEnd));
    } else {
      const top = this.fieldTop++;
      const at = top * FIELD_SLOTS;
      pending[at] = name as string;
      pending[at + 1] = value;
      pending[at + 2] = keyStart;
      if (entries.seen !== undefined) entries.seen.set(name as string, top - base);
      else if (this.fieldTop - base > SMALL_OBJECT) entries.seen = buildIndex(pending.slice(base * FIELD_SLOTS, this.fieldTop * FIELD_SLOTS));
    }
  }

  // ---- going back: a value handed over after all, a top-level entry with a syntax problem ----

  /** Where the reader was at the start of the top-level entry being read. */
  private readonly entryMark = new ReaderMark();
  /** Where it was at the start of a field's value, by depth (see readContainerValue). */
  private readonly valueMarks: ReaderMark[] = [];
  /** The entries of the objects being read, by depth (see entryList). */
  private readonly entryLists: EntryList[] = [];

  /** Records in `mark` where the reader is, to go back there if what follows must be read another way. */
  private saveMark(mark: ReaderMark): ReaderMark {
    mark.depth = this.depth;
    mark.level = this.level;
    mark.arrays = this.arrays;
    mark.deepPending = this.deepPending;
    mark.keyCount = this.keyCount;
    mark.elementTop = this.elementTop;
    mark.fieldTop = this.fieldTop;
    mark.containers = this.containers;
    mark.keysRead = this.keysRead;
    mark.builderPending = this.builder === undefined ? 0 : this.builder.pending;
    mark.builderDiagnostics = this.builder === undefined ? 0 : this.builder.diagnostics.length;
    return mark;
  }

  /** Undoes what reading since `mark` did. */
  private backToMark(mark: ReaderMark): void {
    const builder = this.builder;
    // Entries handed over meanwhile are orphans now, unless they reported something: then the general path.
    if (builder !== undefined && builder.diagnostics.length !== mark.builderDiagnostics) throw TOO_BIG;
    if (builder !== undefined) builder.pending = mark.builderPending;
    this.depth = mark.depth;
    this.level = mark.level;
    this.arrays = mark.arrays;
    this.deepPending = mark.deepPending;
    this.keyCount = mark.keyCount;
    this.elementTop = mark.elementTop;
    this.fieldTop = mark.fieldTop;
    this.containers = mark.containers;
    this.keysRead = mark.keysRead;
  }

  /**
   * Reads the top-level entry at `keyStart` again as the parser reads it in the whole file — its diagnostics, and
   * what it recovered, applied by the builder — so a problem in one entry of a big file being typed in does not
   * send the whole file down the general path. The parser's reading of the rest of the file does not depend on how
   * it read this entry once it is back at the top level, where the reader goes on. False when no entry was recovered.
   */
  private readEntryAgain(object: HoconObject, keyStart: number): boolean {
    const parser = (this.entryParser ??= new EntryParser(this.source));
    const { entry, diagnostics } = parser.parseWithProblems(keyStart, this.depth);
    const scanner = this.scanner;
    for (let i = 0; i < diagnostics.length; i++) {
      const d = diagnostics[i] as Diagnostic;
      // Reading the entry afresh, the parser reports its first token's problem again: the whole-file parse did not.
      if (i === 0 && this.tokenProblemReported && d.range.start.offset === scanner.problemStart && d.message === scanner.problem) continue;
      if (!reportedLast(this.parseDiagnostics, d.range.start.offset, d.message)) this.parseDiagnostics.push(d);
    }
    this.handedOver += parser.resume - keyStart;
    if (this.handedOver > 2 * this.text.length + 4096) throw TOO_BIG;
    if (entry !== undefined) {
      const makeBuilder = this.makeBuilder as BuilderFactory;
      const builder = (this.builder ??= makeBuilder(this.root as HoconObject, (this.dirty ??= new Set<object>())));
      builder.applyRootFileEntry(object, entry, [], this.level, false, this.fileKey);
    }
    this.scanner.pos = parser.resume;
    this.advanceToEntry();
    // The parser stopped on that token itself (not on white space before it): it has reported its problem.
    if (this.tokenProblem && this.start === parser.resume) this.tokenProblemReported = true;
    return entry !== undefined;
  }

  /** Gives `object` the fields read for it (from `base` on the stack). */
  private giveFields(object: HoconObject, base: number, index: Map<string, number> | undefined): void {
    const top = this.fieldTop;
    object.fields =
      top === base
        ? new FieldMap()
        : FieldMap.plain(this.source, this.pendingSlots.slice(base * FIELD_SLOTS, top * FIELD_SLOTS), index);
    this.fieldTop = base;
  }

  /**
   * The value after a key (the current token: '{', ':' or '='), or undefined when the entry must be handed over
   * (`+=`, a substitution, a concatenation...): the reader's state is then as it was at the key.
   */
  private readFieldValue(name: string): HoconValue | undefined {
    const kind = this.kind;
    if (kind === TokenKind.PlusEquals) return undefined;
    if (kind !== TokenKind.OpenBrace && kind !== TokenKind.Colon && kind !== TokenKind.Equals) throw GIVE_UP;
    if (kind === TokenKind.OpenBrace) {
      // Entries inside hand themselves over; nothing here can need the whole entry handed over.
      const keyCount = this.keyCount;
      this.keys[this.keyCount++] = name;
      const object = this.readObject();
      this.keyCount = keyCount;
      return object;
    }
    this.advance();
    const valueKind = this.kind;
    if (valueKind !== TokenKind.OpenBrace && valueKind !== TokenKind.OpenBracket) {
      // Most values: one token, nothing inside, nothing to undo.
      const value = this.readScalar();
      if (value === undefined) return undefined;
      // Another value on the same line makes a concatenation.
      return isValueStart(this.kind) && !this.scanner.newlineBefore ? undefined : value;
    }
    return this.readContainerValue(name);
  }

  /** An object or array after a separator; undefined (all undone) when the entry must be handed over after all. */
  private readContainerValue(name: string): HoconValue | undefined {
    // One mark per depth, reused: values at one depth are read one after another.
    const mark = this.saveMark((this.valueMarks[this.depth] ??= new ReaderMark()));
    this.keys[this.keyCount++] = name;
    try {
      const value = this.readValue();
      this.keyCount = mark.keyCount;
      return value;
    } catch (error) {
      if (error !== HAND_OVER) throw error;
      // Undo what reading part of the value did; the entry is handed over.
      this.backToMark(mark);
      return undefined;
    }
  }

  // ---- values ----

  /** One simple value; another value following on the same line would be a concatenation. */
  private readValue(): HoconValue {
    const value = this.readSimpleValue();
    if (isValueStart(this.kind) && !this.scanner.newlineBefore) throw HAND_OVER;
    return value;
  }

  private readSimpleValue(): HoconValue {
    const kind = this.kind;
    if (kind === TokenKind.OpenBrace) return this.readObject();
    if (kind === TokenKind.OpenBracket) return this.readArray();
    const value = this.readScalar();
    if (value === undefined) throw HAND_OVER;
    return value;
  }

  /**
   * A string, number, boolean or null (the current token), or undefined for anything the builder must see: a
   * substitution, the word `include` (in an array it is an error of the general path), no value where one is
   * expected (the parser reports that).
   */
  private readScalar(): HoconValue | undefined {
    this.countValue();
    const start = this.start;
    const end = this.end;
    const text = this.text;
    const source = this.source;
    switch (this.kind) {
      case TokenKind.QuotedString: {
        const value = this.quotedValue(start, end); // before advance: hasEscape is the current token's
        this.advance();
        return new StringValue(value, 'quoted', source, start, end);
      }
      case TokenKind.TripleQuotedString:
        this.advance();
        return new StringValue(decodeTripleQuoted(text, start, end), 'triple', source, start, end);
      case TokenKind.Number: {
        const numberKind = this.scanner.isFloat ? 'float' : 'int';
        this.advance();
        const numberText = text.slice(start, end);
        return new NumberValue(Number(numberText), numberText, numberKind, source, start, end);
      }
      case TokenKind.UnquotedText: {
        const length = end - start;
        let value: HoconValue;
        if (length === 4 && text.startsWith('true', start)) value = new BooleanValue(true, source, start, end);
        else if (length === 5 && text.startsWith('false', start)) value = new BooleanValue(false, source, start, end);
        else if (length === 4 && text.startsWith('null', start)) value = new NullValue(source, start, end);
        else if (length === 7 && text.startsWith('include', start)) return undefined;
        else value = new StringValue(this.slice(start, end), 'unquoted', source, start, end);
        this.advance();
        return value;
      }
      default:
        return undefined;
    }
  }

  /** `[ elements ]`: the current token is the open bracket. */
  private readArray(): HoconArray {
    if (this.depth >= MAX_NESTING_DEPTH) throw TOO_BIG;
    if (++this.containers > MAX_STEPS) throw TOO_BIG;
    this.countValue();
    this.depth++;
    this.arrays++;
    const before = this.pending();
    if (++this.level >= ALWAYS_RESOLVE_LEVEL) this.deepPending++;
    const array: HoconArray = new ArrayValue(NO_ELEMENTS, this.source, this.start, this.start);
    this.advance();
    const elements = this.pendingElements;
    const base = this.elementTop;
    for (;;) {
      if (this.kind === TokenKind.CloseBracket) {
        array.end = this.end;
        this.advance();
        break;
      }
      const element = this.readValue();
      elements[this.elementTop++] = element;
      if ((this.kind as Kind) === TokenKind.Comma) this.advance();
      else if (!this.scanner.newlineBefore && (this.kind as Kind) !== TokenKind.CloseBracket) throw GIVE_UP;
    }
    array.elements = elements.slice(base, this.elementTop);
    this.elementTop = base;
    this.level--;
    if (this.pending() !== before) this.markDirty(array);
    this.arrays--;
    this.depth--;
    return array;
  }
}

function pendingHas(slots: readonly unknown[], from: number, to: number, name: string): boolean {
  for (let i = from * FIELD_SLOTS; i < to * FIELD_SLOTS; i += FIELD_SLOTS) if (slots[i] === name) return true;
  return false;
}

/** Placeholder until an object's own fields are made (never seen outside the reader, never written to). */
const NOT_YET_READ = new FieldMap();

/** Where the entries of an object being read stand. */
class EntryList {
  /** Its first field on the reader's field stack. */
  base = 0;
  /** The keys read (→ position from `base`), once there are too many to search the stack for one. */
  seen: Map<string, number> | undefined = undefined;
  /** Once an entry was handed over, the object has its fields (the builder shares them) and gets the rest directly. */
  direct = false;
}

/** Where the reader was (see PlainReader.saveMark): its counters, and the builder's. */
class ReaderMark {
  depth = 0;
  level = 0;
  arrays = 0;
  deepPending = 0;
  keyCount = 0;
  elementTop = 0;
  fieldTop = 0;
  containers = 0;
  keysRead = 0;
  builderPending = 0;
  builderDiagnostics = 0;
}

/** Placeholder until an array's own elements are made (never seen outside the reader). */
const NO_ELEMENTS: HoconValue[] = [];

