/**
 * Character classes of the HOCON grammar, as Lightbend's tokenizer defines them. Looked up by char code so the
 * scanner never runs a regular expression per character.
 */
import { CharCode } from './charCode';

/** Characters that end unquoted text (besides white space and the start of a `//` comment). */
const FORBIDDEN_IN_UNQUOTED = '$"{}[]:=,+#`^?!@*&\\';

const ASCII_WHITESPACE = 1;
const ASCII_FORBIDDEN = 2;
const ASCII_NUMBER_CHAR = 4;

const asciiClass = new Uint8Array(128);
for (const code of [9, 11, 12, 13, 28, 29, 30, 31, 32]) asciiClass[code] = ASCII_WHITESPACE;
for (const ch of FORBIDDEN_IN_UNQUOTED) asciiClass[ch.charCodeAt(0)] = (asciiClass[ch.charCodeAt(0)] as number) | ASCII_FORBIDDEN;
for (const ch of '0123456789eE+-.') asciiClass[ch.charCodeAt(0)] = (asciiClass[ch.charCodeAt(0)] as number) | ASCII_NUMBER_CHAR;

/** White space other than '\n' (Java's Character.isWhitespace plus the non-breaking spaces and BOM Lightbend adds). */
export function isWhitespace(code: number): boolean {
  if (code < 128) return asciiClass[code] === ASCII_WHITESPACE;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Ends unquoted text: white space, newline, a reserved character. (`//` is checked by the caller.) */
export function endsUnquoted(code: number): boolean {
  if (code < 128) return code === CharCode.LineFeed || ((asciiClass[code] as number) & (ASCII_WHITESPACE | ASCII_FORBIDDEN)) !== 0;
  return isWhitespace(code);
}

export function isNumberChar(code: number): boolean {
  return code < 128 && ((asciiClass[code] as number) & ASCII_NUMBER_CHAR) !== 0;
}

export function isDigit(code: number): boolean {
  return code >= CharCode.Digit0 && code <= CharCode.Digit9;
}
