/**
 * An append-only buffer for ASCII text. json.dumps with ensure_ascii only ever produces ASCII, and building a
 * megabyte of it in a byte array is several times faster than string concatenation (no rope to flatten, no garbage).
 */
const decoder = new TextDecoder('latin1'); // byte-for-byte for ASCII
const encoder = new TextEncoder(); // for ASCII, UTF-8 is the same bytes; native copying wins on longer runs
const NATIVE_COPY_FROM = 32;

export class AsciiWriter {
  private buf = new Uint8Array(1 << 12);
  private len = 0;

  private grow(extra: number): void {
    let size = this.buf.length * 2;
    while (size < this.len + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Appends `s`, which must be ASCII. */
  text(s: string): void {
    const n = s.length;
    if (this.len + n > this.buf.length) this.grow(n);
    const buf = this.buf;
    let at = this.len;
    for (let i = 0; i < n; i++) buf[at++] = s.charCodeAt(i);
    this.len = at;
  }

  /** Appends part of `s` (ASCII) from `start` to `end`. */
  slice(s: string, start: number, end: number): void {
    if (this.len + (end - start) > this.buf.length) this.grow(end - start);
    const buf = this.buf;
    let at = this.len;
    for (let i = start; i < end; i++) buf[at++] = s.charCodeAt(i);
    this.len = at;
  }

  /** Appends `"s"` (s ASCII). */
  quoted(s: string): void {
    const n = s.length;
    if (this.len + n + 2 > this.buf.length) this.grow(n + 2);
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

  /** Empties the buffer, keeping its capacity for the next document. */
  reset(): void {
    this.len = 0;
  }

  toString(): string {
    return decoder.decode(this.buf.subarray(0, this.len));
  }
}
