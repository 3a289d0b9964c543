/**
 * An append-only buffer for ASCII text. json.dumps with ensure_ascii only ever produces ASCII, and building a
 * megabyte of it in a byte array is several times faster than string concatenation (no rope to flatten, no garbage).
 */
import { TextTooLong } from './repr';

const decoder = new TextDecoder('latin1'); // byte-for-byte for ASCII
const encoder = new TextEncoder(); // for ASCII, UTF-8 is the same bytes; native copying wins on longer runs
const NATIVE_COPY_FROM = 32;
const INITIAL_SIZE = 1 << 12;
/** A buffer grown past this for one document is not kept for the next one. */
const KEPT_SIZE = 1 << 25;

export class AsciiWriter {
  private buf = new Uint8Array(INITIAL_SIZE);
  private len = 0;
  private maxLength = Infinity;
  /** Where the next write must grow (or refuse): the buffer's end or the maximum length, whichever is first. */
  private room = INITIAL_SIZE;

  private grow(extra: number): void {
    if (this.len + extra > this.maxLength) throw new TextTooLong(this.maxLength);
    if (this.len + extra > this.buf.length) {
      let size = this.buf.length * 2;
      while (size < this.len + extra) size *= 2;
      const next = new Uint8Array(Math.min(size, Math.max(this.maxLength, this.len + extra)));
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    this.room = Math.min(this.buf.length, this.maxLength);
  }

  /** Appends `s`, which must be ASCII. */
  text(s: string): void {
    const n = s.length;
    if (this.len + n > this.room) this.grow(n);
    const buf = this.buf;
    let at = this.len;
    for (let i = 0; i < n; i++) buf[at++] = s.charCodeAt(i);
    this.len = at;
  }

  /** Appends part of `s` (ASCII) from `start` to `end`. */
  slice(s: string, start: number, end: number): void {
    if (this.len + (end - start) > this.room) this.grow(end - start);
    const buf = this.buf;
    let at = this.len;
    for (let i = start; i < end; i++) buf[at++] = s.charCodeAt(i);
    this.len = at;
  }

  /** Appends `"s"` (s ASCII). */
  quoted(s: string): void {
    const n = s.length;
    if (this.len + n + 2 > this.room) this.grow(n + 2);
    const buf = this.buf;
    let at = this.len;
    buf[at++] = 0x22;
    if (n >= NATIVE_COPY_FROM) {
      encoder.encodeInto(s, buf.subarray(at, at + n));
      at += n;
    } else for (let i = 0; i < n; i++) buf[at++] = s.charCodeAt(i);
    buf[at++] = 0x22;
    this.len = at;
  }

  /** Empties the buffer for the next document, of at most `maxLength` characters (past it, writes throw TextTooLong). */
  reset(maxLength = Infinity): void {
    this.len = 0;
    if (this.buf.length > KEPT_SIZE) this.buf = new Uint8Array(INITIAL_SIZE);
    this.maxLength = maxLength;
    this.room = Math.min(this.buf.length, maxLength);
  }

  toString(): string {
    return decoder.decode(this.buf.subarray(0, this.len));
  }
}
