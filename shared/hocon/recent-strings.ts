/**
 * Slices of a text, shared with an equal slice made recently: keys and short values repeat in every entry of a
 * toolbox ("type", "description", "string"...), and one shared string is less to allocate and to collect than
 * thousands of equal ones. A small hash table by first and last character and length; a miss just slices.
 */
const SLOTS = 512;
/** Longer strings are rarely repeated; their slices share the text's memory anyway. */
const MAX_SHARED_LENGTH = 40;

export class RecentStrings {
  private readonly slots: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);

  /** `text.slice(start, end)`, or an equal string made recently. */
  slice(text: string, start: number, end: number): string {
    const length = end - start;
    if (length === 0 || length > MAX_SHARED_LENGTH) return text.slice(start, end);
    const slot = (text.charCodeAt(start) * 31 + text.charCodeAt(end - 1) * 7 + length) & (SLOTS - 1);
    const recent = this.slots[slot];
    if (recent !== undefined && recent.length === length && text.startsWith(recent, start)) return recent;
    const made = text.slice(start, end);
    this.slots[slot] = made;
    return made;
  }
}
