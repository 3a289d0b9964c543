/**
 * A string of its own, equal to `text`. V8 makes a slice of a long string (13 characters or more) point into it, so a
 * cache that keeps a slice of a document's text keeps all of that text alive: kept across keystrokes, one whole text
 * per keystroke that was never freed. Concatenating makes a new string that slicing flattens into a copy first, so
 * the result holds only its own characters.
 */
export function detachedString(text: string): string {
  return (text + ' ').slice(0, -1);
}
