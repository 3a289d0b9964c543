/**
 * Slices of a text, shared with an equal slice made recently: keys and short values repeat in every entry of a
 * toolbox ("type", "description", "string"...), and one shared string is less to allocate and to collect than
 * thousands of equal ones. A small hash table by first and last character and length; a miss just slices.
 */
import type { SourceText } from './textPosition';

const SLOTS = 512;
/** Longer strings are rarely repeated; their slices share the text's memory anyway. */
const MAX_SHARED_LENGTH = 40;

export class RecentStrings {
  private readonly slots: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  /** Where each slot's string was sliced from: its file, and its offset there. */
  private readonly sources: (SourceText | undefined)[] = new Array<SourceText | undefined>(SLOTS).fill(undefined);
  private readonly starts = new Int32Array(SLOTS);

  /** `source.text.slice(start, end)`, or an equal string made recently. */
  slice(source: SourceText, start: number, end: number): string {
    const text = source.text;
    const length = end - start;
    if (length === 0 || length > MAX_SHARED_LENGTH) return text.slice(start, end);
    const slot = (text.charCodeAt(start) * 31 + text.charCodeAt(end - 1) * 7 + length) & (SLOTS - 1);
    const recent = this.slots[slot];
    if (recent !== undefined && recent.length === length) {
      // Compared within the text when the string was sliced from it: reading the characters of one flat string
      // costs V8 less than reading a slice's (a profile of a big toolbox spent a tenth of its time comparing keys
      // with startsWith, which V8 does not inline, and half as much with a loop over both strings).
      const from = this.sources[slot] === source ? (this.starts[slot] as number) : -1;
      if (from >= 0 ? sameSpan(text, from, start, length) : equalAt(text, start, recent)) return recent;
    }
    const made = text.slice(start, end);
    this.slots[slot] = made;
    this.sources[slot] = source;
    this.starts[slot] = start;
    return made;
  }
}

/** `text.slice(a, a + length) === text.slice(b, b + length)`, without slicing. */
function sameSpan(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/** `text.startsWith(string, start)`. */
function equalAt(text: string, start: number, string: string): boolean {
  for (let i = 0; i < string.length; i++) if (text.charCodeAt(start + i) !== string.charCodeAt(i)) return false;
  return true;
}
