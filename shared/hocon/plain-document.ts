/**
 * Fast path for the common document: JSON-like HOCON (comments, unquoted strings, `=`, `a { }`, optional commas)
 * with nothing that needs the general machinery. It scans once and builds the resolved values directly, without a
 * syntax tree, a value builder or a resolver walk: the tree and the intermediate records were most of the cost
 * (and most of the garbage) of reading a big toolbox.
 *
 * Invariant: it returns a root only for text the general path (parse, build, resolve) would read with no
 * diagnostic at all, and then the values are exactly those the general path builds (same shapes, offsets,
 * definitions). Anything else — a scanner problem, a parse error, an include, a substitution, `+=`, a
 * concatenation, a path key (`a.b`), a key made of several tokens, a key set twice in one object, nesting at the
 * parser's limit, more containers than the resolver's step limit — makes it give up (undefined), and the caller
 * takes the general path from the start. Giving up costs at most one extra scan.
 */
import { MAX_NESTING_DEPTH } from './parser';
import { MAX_STEPS } from './resolve-substitutions';
import { Scanner, decodeQuoted, decodeTripleQuoted, indexWithin } from './scanner';
import type { SourceText } from './text-position';
import { TokenKind, type TokenKind as Kind } from './token-kind';
import type { FieldDefinition, HoconArray, HoconField, HoconObject, HoconValue } from './values';

const RECENT_SLOTS = 512;
const MAX_SHARED_LENGTH = 40;

/** Thrown (and caught in readPlainDocument) to leave the fast path from any depth. */
const GIVE_UP: unique symbol = Symbol('give up');

/** The resolved root object of a plain document, or undefined when the general path must read it. */
export function readPlainDocument(source: SourceText): HoconObject | undefined {
  try {
    return new PlainReader(source).readDocument();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

class PlainReader {
  private readonly text: string;
  private readonly scanner: Scanner;
  private kind: Kind = TokenKind.EOF;
  private start = 0;
  private end = 0;
  private depth = 0;
  /** Containers made so far: the resolver counts one step per container, and stops past MAX_STEPS. */
  private containers = 0;
  /** Recently made short strings by a hash of their text: keys and small values repeat in every entry. */
  private readonly recent: (string | undefined)[] = new Array<string | undefined>(RECENT_SLOTS).fill(undefined);

  constructor(private readonly source: SourceText) {
    this.text = source.text;
    this.scanner = new Scanner(source.text);
  }

  readDocument(): HoconObject {
    this.advance();
    this.skipTrivia();
    let root: HoconObject;
    if (this.kind === TokenKind.OpenBrace) {
      root = this.readObject();
      this.skipTrivia();
      if ((this.kind as Kind) !== TokenKind.EOF) throw GIVE_UP;
    } else {
      root = this.newObject(0, this.text.length);
      this.readEntries(root, false);
    }
    return root;
  }

  // ---- tokens (as Parser: same scanner, same trivia rules) ----

  private advance(): void {
    const scanner = this.scanner;
    this.kind = scanner.next();
    // The general path reports every scanner problem.
    if (scanner.problem !== undefined) throw GIVE_UP;
    this.start = scanner.tokenStart;
    this.end = scanner.pos;
  }

  private skipWhitespace(): void {
    while (this.kind === TokenKind.Whitespace) this.advance();
  }

  private skipTrivia(): void {
    while (this.kind === TokenKind.Whitespace || this.kind === TokenKind.Newline || this.kind === TokenKind.Comment) {
      this.advance();
    }
  }

  private newObject(start: number, end: number): HoconObject {
    if (++this.containers > MAX_STEPS) throw GIVE_UP;
    // Same property order as build-values' newObject: one hidden class for every object.
    return { kind: 'object', fields: new Map(), source: this.source, start, end };
  }

  /** A quoted token's value: the scanner saw no problem, so it is closed; without escapes it is its content. */
  private quotedValue(start: number, end: number): string {
    return this.scanner.hasEscape ? decodeQuoted(this.text, start, end) : this.slice(start + 1, end - 1);
  }

  /** `text.slice(start, end)`, shared with an equal string made recently (fewer, smaller objects to collect). */
  private slice(start: number, end: number): string {
    const text = this.text;
    const length = end - start;
    if (length === 0 || length > MAX_SHARED_LENGTH) return text.slice(start, end);
    const slot = (text.charCodeAt(start) * 31 + text.charCodeAt(end - 1) * 7 + length) & (RECENT_SLOTS - 1);
    const recent = this.recent[slot];
    if (recent !== undefined && recent.length === length && text.startsWith(recent, start)) return recent;
    const made = text.slice(start, end);
    this.recent[slot] = made;
    return made;
  }

  // ---- objects ----

  /** `{ entries }`: the current token is the open brace. */
  private readObject(): HoconObject {
    if (this.depth >= MAX_NESTING_DEPTH) throw GIVE_UP;
    this.depth++;
    const object = this.newObject(this.start, this.start);
    this.advance();
    this.readEntries(object, true);
    this.depth--;
    return object;
  }

  /** Entries up to the closing brace (consumed) when braced, else to the end of the file. */
  private readEntries(object: HoconObject, braced: boolean): void {
    const fields = object.fields;
    for (;;) {
      this.skipTrivia();
      const kind = this.kind;
      if (kind === TokenKind.CloseBrace) {
        if (!braced) throw GIVE_UP;
        object.end = this.end;
        this.advance();
        return;
      }
      if (kind === TokenKind.EOF) {
        if (braced) throw GIVE_UP;
        return;
      }
      // A key: one quoted string, or one unquoted token without '.' that is not `include`.
      const keyStart = this.start;
      const keyEnd = this.end;
      let name: string;
      if (kind === TokenKind.QuotedString) name = this.quotedValue(keyStart, keyEnd);
      else if (kind === TokenKind.UnquotedText && indexWithin(this.text, 46, keyStart, keyEnd) < 0) {
        name = this.slice(keyStart, keyEnd);
        if (name === 'include') throw GIVE_UP;
      } else throw GIVE_UP;
      this.advance();
      this.skipWhitespace();
      const afterKey = this.kind as Kind;
      if (afterKey === TokenKind.UnquotedText || afterKey === TokenKind.QuotedString || afterKey === TokenKind.Number) throw GIVE_UP;
      this.skipTrivia();
      let value: HoconValue;
      if ((this.kind as Kind) === TokenKind.OpenBrace) {
        value = this.readObject();
      } else if ((this.kind as Kind) === TokenKind.Colon || (this.kind as Kind) === TokenKind.Equals) {
        this.advance();
        this.skipTrivia();
        value = this.readValue();
      } else throw GIVE_UP;
      // A key set twice merges or layers: the general path's business.
      if (fields.has(name)) throw GIVE_UP;
      const definition: FieldDefinition = {
        keySource: this.source,
        keyStart,
        keyEnd,
        valueSource: this.source,
        valueStart: value.start,
        valueEnd: value.end,
        viaInclude: false,
      };
      const field: HoconField = { key: name, value, definitions: [definition], viaSubstitution: false, viaInclude: false };
      fields.set(name, field);
      this.skipWhitespace();
      if ((this.kind as Kind) === TokenKind.Newline || (this.kind as Kind) === TokenKind.Comment) {
        this.skipTrivia();
        if ((this.kind as Kind) === TokenKind.Comma) this.advance();
      } else if ((this.kind as Kind) === TokenKind.Comma) {
        this.advance();
      } else if ((this.kind as Kind) !== TokenKind.CloseBrace && (this.kind as Kind) !== TokenKind.EOF) {
        throw GIVE_UP;
      }
    }
  }

  // ---- values ----

  /** One simple value; another value following on the same line would be a concatenation. */
  private readValue(): HoconValue {
    const value = this.readSimpleValue();
    this.skipWhitespace();
    if (isValueStart(this.kind)) throw GIVE_UP;
    return value;
  }

  private readSimpleValue(): HoconValue {
    const start = this.start;
    const end = this.end;
    const text = this.text;
    const source = this.source;
    switch (this.kind) {
      case TokenKind.OpenBrace:
        return this.readObject();
      case TokenKind.OpenBracket:
        return this.readArray();
      case TokenKind.QuotedString: {
        const value = this.quotedValue(start, end); // before advance: hasEscape is the current token's
        this.advance();
        return { kind: 'string', value, style: 'quoted', source, start, end };
      }
      case TokenKind.TripleQuotedString:
        this.advance();
        return { kind: 'string', value: decodeTripleQuoted(text, start, end), style: 'triple', source, start, end };
      case TokenKind.Number: {
        const numberKind = this.scanner.isFloat ? 'float' : 'int';
        this.advance();
        const numberText = text.slice(start, end);
        return { kind: 'number', value: Number(numberText), text: numberText, numberKind, source, start, end };
      }
      case TokenKind.UnquotedText: {
        const length = end - start;
        let value: HoconValue;
        if (length === 4 && text.startsWith('true', start)) value = { kind: 'boolean', value: true, source, start, end };
        else if (length === 5 && text.startsWith('false', start)) value = { kind: 'boolean', value: false, source, start, end };
        else if (length === 4 && text.startsWith('null', start)) value = { kind: 'null', source, start, end };
        else {
          // In an array, `include "x"` is an error of the general path; as a plain word it is a string.
          if (length === 7 && text.startsWith('include', start)) throw GIVE_UP;
          value = { kind: 'string', value: this.slice(start, end), style: 'unquoted', source, start, end };
        }
        this.advance();
        return value;
      }
      default:
        // A substitution, or no value where one is expected.
        throw GIVE_UP;
    }
  }

  /** `[ elements ]`: the current token is the open bracket. */
  private readArray(): HoconArray {
    if (this.depth >= MAX_NESTING_DEPTH) throw GIVE_UP;
    if (++this.containers > MAX_STEPS) throw GIVE_UP;
    this.depth++;
    const array: HoconArray = { kind: 'array', elements: [], source: this.source, start: this.start, end: this.start };
    this.advance();
    const elements = array.elements;
    for (;;) {
      this.skipTrivia();
      if (this.kind === TokenKind.CloseBracket) {
        array.end = this.end;
        this.advance();
        break;
      }
      elements.push(this.readValue());
      if ((this.kind as Kind) === TokenKind.Newline || (this.kind as Kind) === TokenKind.Comment) {
        this.skipTrivia();
        if ((this.kind as Kind) === TokenKind.Comma) this.advance();
      } else if ((this.kind as Kind) === TokenKind.Comma) {
        this.advance();
      } else if ((this.kind as Kind) !== TokenKind.CloseBracket) {
        throw GIVE_UP;
      }
    }
    this.depth--;
    return array;
  }
}

function isValueStart(kind: Kind): boolean {
  switch (kind) {
    case TokenKind.QuotedString:
    case TokenKind.TripleQuotedString:
    case TokenKind.UnquotedText:
    case TokenKind.Number:
    case TokenKind.Substitution:
    case TokenKind.OpenBrace:
    case TokenKind.OpenBracket:
      return true;
    default:
      return false;
  }
}
