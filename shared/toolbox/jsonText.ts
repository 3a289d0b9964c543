/**
 * A tool's call input as JSON text, kept as the user wrote it. In neuro-san the LLM's tool-call arguments are JSON
 * that Python's `json` reads: `1.0` is a float and `12345678901234567890` an exact int. JSON.parse and JSON.stringify
 * lose both (1.0 becomes 1, an int; big integers round), and reorder integer-like keys, so the editor sends the
 * text itself to the worker and uses JSON.parse's values only for its own checks (ajv) and display.
 *
 * The scanner here decides what is JSON exactly as JSON.parse does (RFC 8259), and says where text is not, in the
 * words of Python's json module ("Expecting ',' delimiter"). It is iterative: nesting never overflows the stack.
 */
import { SourceText } from '../hocon/index';
import type { JsonValue } from './runnable';

/** Where and why a text is not JSON. Line and column count from 1; `offset` counts UTF-16 code units from 0. */
export interface JsonSyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

/** JSON text to send exactly as written (to the worker, where Python's json reads it). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The path of a value inside a JSON document: object keys and array indexes, outermost first. */
export type JsonPath = ReadonlyArray<string | number>;

/** `line 2, column 7: Expecting ',' delimiter`. */
export function describeJsonSyntaxError(error: JsonSyntaxError): string {
  return `line ${error.line}, column ${error.column}: ${error.message}`;
}

/** The text's value (as JSON.parse reads it), or where it stops being JSON. */
export function readJsonText(text: string): { ok: true; value: JsonValue } | { ok: false; error: JsonSyntaxError } {
  const error = scanJson(text);
  return error ? { ok: false, error } : { ok: true, value: JSON.parse(text) as JsonValue };
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

class Stop {
  constructor(readonly error: JsonSyntaxError) {}
}

function syntaxError(text: string, message: string, offset: number): JsonSyntaxError {
  const { line, column } = new SourceText('', text).positionAt(offset);
  return { message, offset, line, column };
}

/**
 * Checks that `text` is one JSON value (with whitespace around it); undefined when it is, else the first place it is
 * not. `onValue`, when given, is told each value's path and its span [start, end) in the text, inner values first.
 */
export function scanJson(text: string, onValue?: (path: JsonPath, start: number, end: number) => void): JsonSyntaxError | undefined {
  const n = text.length;
  let i = 0;
  const skipSpace = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const stop = (message: string, at: number) => new Stop(syntaxError(text, message, at));
  /** Reads the string starting at i (a '"'), leaving i after its closing quote. */
  const readString = () => {
    const opening = i;
    let j = i + 1;
    for (;;) {
      if (j >= n) throw stop('Unterminated string starting at', opening);
      const c = text.charCodeAt(j);
      if (c === 0x22) break;
      if (c < 0x20) throw stop('Invalid control character at', j);
      if (c === 0x5c) {
        if (j + 1 >= n) throw stop('Unterminated string starting at', opening);
        const e = text[j + 1]!;
        if (e === 'u') {
          HEX4.lastIndex = j + 2;
          if (!HEX4.test(text)) throw stop('Invalid \\uXXXX escape', j + 1);
          j += 6;
        } else if ('"\\/bfnrt'.includes(e)) {
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
    if (text.charCodeAt(i) !== 0x22) throw stop('Expecting property name enclosed in double quotes', i);
    const start = i;
    readString();
    const key = onValue ? (JSON.parse(text.slice(start, i)) as string) : '';
    skipSpace();
    if (text.charCodeAt(i) !== 0x3a) throw stop("Expecting ':' delimiter", i);
    i++;
    return key;
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
      if (c === 0x7b || c === 0x5b) {
        i++;
        skipSpace();
        if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
          i++;
        } else {
          open.push({ array: c === 0x5b, start });
          path.push(c === 0x5b ? 0 : readKey());
          continue;
        }
      } else if (c === 0x22) {
        readString();
      } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
        i += 4;
      } else if (text.startsWith('false', i)) {
        i += 5;
      } else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) throw stop('Expecting value', i);
        i = NUMBER.lastIndex;
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
        if (d === 0x2c) {
          i++;
          path[path.length - 1] = top.array ? (path[path.length - 1] as number) + 1 : readKey();
          break;
        }
        if (d !== (top.array ? 0x5d : 0x7d)) throw stop("Expecting ',' delimiter", i);
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

/** The end of the string that starts at `start` (a '"') in valid JSON text: the index after its closing quote. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    j += c === 0x5c ? 2 : 1;
  }
}

/**
 * Valid JSON text laid out anew, every token kept as written (`1.0`, `12345678901234567890`, escapes, key order):
 * with `indent` 0 on one line without spaces, as JSON.stringify(value) writes; otherwise as
 * JSON.stringify(value, null, indent) does.
 */
export function layoutJsonText(text: string, indent = 0): string {
  const out: string[] = [];
  let depth = 0;
  const newline = () => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (c === 0x22) {
      const end = stringEnd(text, i);
      out.push(text.slice(i, end));
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      let j = i + 1;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === (c === 0x7b ? 0x7d : 0x5d)) {
        out.push(c === 0x7b ? '{}' : '[]');
        i = j + 1;
      } else {
        depth++;
        out.push(text[i]!, newline());
        i++;
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      out.push(newline(), text[i]!);
      i++;
    } else if (c === 0x2c) {
      out.push(',', newline());
      i++;
    } else if (c === 0x3a) {
      out.push(indent > 0 ? ': ' : ':');
      i++;
    } else {
      // A number or true/false/null: up to the next punctuation or space.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isSpace(d) || d === 0x2c || d === 0x7d || d === 0x5d || d === 0x3a) break;
        j++;
      }
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out.join('');
}

/** `layoutJsonText` when the text is JSON; the text unchanged when it is not (so nothing the user wrote is lost). */
export function layoutIfJson(text: string, indent = 0): string {
  return scanJson(text) ? text : layoutJsonText(text, indent);
}

/**
 * The text of each member of a JSON object, by key, exactly as written (the last one when a key repeats, as
 * JSON.parse keeps); undefined when the text is not a JSON object.
 */
export function jsonMemberTexts(text: string): Map<string, string> | undefined {
  const members = new Map<string, string>();
  let root: string | undefined;
  const error = scanJson(text, (path, start, end) => {
    if (path.length === 1 && typeof path[0] === 'string') {
      members.set(path[0], text.slice(start, end));
    } else if (path.length === 0) {
      root = text[start];
    }
  });
  return error || root !== '{' ? undefined : members;
}
