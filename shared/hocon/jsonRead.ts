/**
 * The one JSON reader. It decides what is JSON exactly as JSON.parse does (RFC 8259) — or, with `python`, as
 * Python's `json.loads` does (NaN, Infinity and -Infinity too) — and says where text is not, in the words of
 * Python's json module ("Expecting ',' delimiter") at a SourceText position. It is iterative: nesting never overflows
 * the stack. What the text becomes is the caller's choice: JSON.parse's values (`readJsonText`), a value model of its
 * own (`readJsonWith` and a JsonBuilder: Python's values in shared/pyvalue), or only the spans (`scanJson`).
 */
import { CharCode } from './charCode';
import { SourceText } from './textPosition';
import type { JsonValue } from './toJson';

/** Where and why a text is not JSON. Line and column count from 1; `offset` counts UTF-16 code units from 0. */
export interface JsonSyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

export type JsonReadResult<V> = { ok: true; value: V } | { ok: false; error: JsonSyntaxError };

export interface JsonReadOptions {
  /** Read as Python's json does: NaN, Infinity and -Infinity are values, and a leading BOM is skipped. */
  python?: boolean;
}

/** The path of a value inside a JSON document: object keys and array indexes, outermost first. */
export type JsonPath = ReadonlyArray<string | number>;

/** What each JSON value becomes, built inner values first. */
export interface JsonBuilder<V> {
  /** A number as written: `1.0`, `12345678901234567890` (and, read with `python`, `NaN`, `Infinity`, `-Infinity`). */
  number(text: string): V;
  string(value: string): V;
  literal(value: boolean | null): V;
  array(items: V[]): V;
  /** The members in the text's order, a repeated key as often as it is written. */
  object(members: Array<[string, V]>): V;
}

/** `line 2, column 7: Expecting ',' delimiter`. */
export function describeJsonSyntaxError(error: JsonSyntaxError): string {
  return `line ${error.line}, column ${error.column}: ${error.message}`;
}

/** The text's value (as JSON.parse reads it), or where it stops being JSON. */
export function readJsonText(text: string): JsonReadResult<JsonValue> {
  const error = scanJson(text);
  return error ? { ok: false, error } : { ok: true, value: JSON.parse(text) as JsonValue };
}

/** The text's value as `builder` makes it, or where it stops being JSON. */
export function readJsonWith<V>(text: string, builder: JsonBuilder<V>, options: JsonReadOptions = {}): JsonReadResult<V> {
  // Values arrive inner first: each waits, with its key or index, among the members of its depth until the
  // container around it is complete (and takes them all: its earlier siblings took theirs already).
  const waiting: Array<Array<[string | number, V]>> = [];
  let root: V | undefined;
  const error = scanJson(
    text,
    (path, start, end) => {
      const depth = path.length;
      const c = text.charCodeAt(start);
      let value: V;
      if (c === CharCode.LeftBrace || c === CharCode.LeftBracket) {
        const members = waiting[depth + 1] ?? [];
        waiting[depth + 1] = [];
        value = c === CharCode.LeftBrace ? builder.object(members as Array<[string, V]>) : builder.array(members.map((m) => m[1]));
      } else if (c === CharCode.DoubleQuote) {
        value = builder.string(stringValue(text, start, end));
      } else if (c === CharCode.LowerT || c === CharCode.LowerF || c === CharCode.LowerN) {
        value = builder.literal(c === CharCode.LowerN ? null : c === CharCode.LowerT);
      } else {
        value = builder.number(text.slice(start, end));
      }
      if (depth === 0) root = value;
      else (waiting[depth] ??= []).push([path[depth - 1]!, value]);
    },
    options,
  );
  return error ? { ok: false, error } : { ok: true, value: root as V };
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const isSpace = (c: number) => c === CharCode.Space || c === CharCode.LineFeed || c === CharCode.CarriageReturn || c === CharCode.Tab;
const ESCAPED = '"\\/bfnrt';
/** The words Python's json reads as numbers besides JSON's own, tried in this order. */
const PYTHON_NUMBER_WORDS = ['NaN', 'Infinity', '-Infinity'];

/** The value of the valid JSON string at [start, end), quotes included: most have no escape to decode. */
function stringValue(text: string, start: number, end: number): string {
  for (let j = start + 1; j < end; j++) if (text.charCodeAt(j) === CharCode.Backslash) return JSON.parse(text.slice(start, end)) as string;
  return text.slice(start + 1, end - 1);
}

class Stop {
  constructor(readonly error: JsonSyntaxError) {}
}

/**
 * Checks that `text` is one JSON value (with whitespace around it); undefined when it is, else the first place it is
 * not. `onValue`, when given, is told each value's path and its span [start, end) in the text, inner values first.
 */
export function scanJson(text: string, onValue?: (path: JsonPath, start: number, end: number) => void, options: JsonReadOptions = {}): JsonSyntaxError | undefined {
  const python = options.python === true;
  const n = text.length;
  let i = python && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let source: SourceText | undefined;
  const skipSpace = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const stop = (message: string, at: number) => {
    const { line, column } = (source ??= new SourceText('', text)).positionAt(at);
    return new Stop({ message, offset: at, line, column });
  };
  /** Reads the string starting at i (a '"'), leaving i after its closing quote. */
  const readString = () => {
    const opening = i;
    let j = i + 1;
    for (;;) {
      if (j >= n) throw stop('Unterminated string starting at', opening);
      const c = text.charCodeAt(j);
      if (c === CharCode.DoubleQuote) break;
      if (c < 0x20) throw stop('Invalid control character at', j);
      if (c === CharCode.Backslash) {
        if (j + 1 >= n) throw stop('Unterminated string starting at', opening);
        const e = text[j + 1]!;
        if (e === 'u') {
          HEX4.lastIndex = j + 2;
          if (!HEX4.test(text)) throw stop('Invalid \\uXXXX escape', j + 1);
          j += 6;
        } else if (ESCAPED.includes(e)) {
          j += 2;
        } else {
          throw stop('Invalid \\escape', j);
        }
        continue;
      }
      j++;
    }
    i = j + 1;
  };
  /** Reads `"key" :` at i (after whitespace), returning the key (decoded only when someone wants paths). */
  const readKey = (): string => {
    skipSpace();
    if (text.charCodeAt(i) !== CharCode.DoubleQuote) throw stop('Expecting property name enclosed in double quotes', i);
    const start = i;
    readString();
    const key = onValue ? stringValue(text, start, i) : '';
    skipSpace();
    if (text.charCodeAt(i) !== CharCode.Colon) throw stop("Expecting ':' delimiter", i);
    i++;
    return key;
  };
  /** Reads the number at i, leaving i after it; false when there is none. */
  const readNumber = (): boolean => {
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return true;
    }
    const word = python ? PYTHON_NUMBER_WORDS.find((w) => text.startsWith(w, i)) : undefined;
    if (word === undefined) return false;
    i += word.length;
    return true;
  };

  // The containers around the value being read, and the path to it.
  const open: Array<{ array: boolean; start: number }> = [];
  const path: Array<string | number> = [];
  try {
    for (;;) {
      // A value starts here.
      skipSpace();
      let start = i;
      const c = text.charCodeAt(i);
      if (c === CharCode.LeftBrace || c === CharCode.LeftBracket) {
        i++;
        skipSpace();
        if (text.charCodeAt(i) === (c === CharCode.LeftBrace ? CharCode.RightBrace : CharCode.RightBracket)) {
          i++;
        } else {
          open.push({ array: c === CharCode.LeftBracket, start });
          path.push(c === CharCode.LeftBracket ? 0 : readKey());
          continue;
        }
      } else if (c === CharCode.DoubleQuote) {
        readString();
      } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
        i += 4;
      } else if (text.startsWith('false', i)) {
        i += 5;
      } else if (!readNumber()) {
        throw stop('Expecting value', i);
      }
      // The value [start, i) is whole, and so may be the containers it closes.
      for (;;) {
        onValue?.(path, start, i);
        const top = open[open.length - 1];
        skipSpace();
        if (!top) {
          if (i < n) throw stop('Extra data', i);
          return undefined;
        }
        const d = text.charCodeAt(i);
        if (d === CharCode.Comma) {
          i++;
          path[path.length - 1] = top.array ? (path[path.length - 1] as number) + 1 : readKey();
          break;
        }
        if (d !== (top.array ? CharCode.RightBracket : CharCode.RightBrace)) throw stop("Expecting ',' delimiter", i);
        i++;
        open.pop();
        path.pop();
        start = top.start;
      }
    }
  } catch (error) {
    if (error instanceof Stop) return error.error;
    throw error;
  }
}
