/**
 * JSON text kept as the user wrote it. In neuro-san the LLM's tool-call arguments are JSON that Python's `json`
 * reads: `1.0` is a float and `12345678901234567890` an exact int. JSON.parse and JSON.stringify lose both (1.0
 * becomes 1, an int; big integers round), and reorder integer-like keys, so the editor sends the text itself to the
 * worker and uses JSON.parse's values only for its own checks (ajv) and display.
 */
import { CharCode } from './charCode';
import { JsonLayout } from './jsonLayout';
import { scanJson } from './jsonRead';

/** JSON text to send exactly as written (to the worker, where Python's json reads it). */
export class JsonText {
  constructor(readonly text: string) {}
}

const isSpace = (c: number) => c === CharCode.Space || c === CharCode.LineFeed || c === CharCode.CarriageReturn || c === CharCode.Tab;

/** The end of the string that starts at `start` (a '"') in valid JSON text: the index after its closing quote. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === CharCode.DoubleQuote) return j + 1;
    j += c === CharCode.Backslash ? 2 : 1;
  }
}

/**
 * Valid JSON text laid out anew, every token kept as written (`1.0`, `12345678901234567890`, escapes, key order):
 * with `indent` 0 on one line without spaces, as JSON.stringify(value) writes; otherwise as
 * JSON.stringify(value, null, indent) does.
 */
export function layoutJsonText(text: string, indent = 0): string {
  const layout = new JsonLayout(indent);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === CharCode.Comma || c === CharCode.Colon) {
      i++;
    } else if (c === CharCode.LeftBrace || c === CharCode.LeftBracket) {
      layout.open(c === CharCode.LeftBrace ? '{' : '[');
      i++;
    } else if (c === CharCode.RightBrace || c === CharCode.RightBracket) {
      layout.close();
      i++;
    } else if (c === CharCode.DoubleQuote) {
      const end = stringEnd(text, i);
      layout.token(text.slice(i, end));
      i = end;
    } else {
      // A number or true/false/null: up to the next punctuation or space.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (isSpace(d) || d === CharCode.Comma || d === CharCode.RightBrace || d === CharCode.RightBracket || d === CharCode.Colon) break;
        j++;
      }
      layout.token(text.slice(i, j));
      i = j;
    }
  }
  return layout.text();
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
