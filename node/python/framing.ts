/**
 * The Python worker's wire format: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.
 * resources/python/tbe_worker/framing.py is the other end.
 */

/** Frames larger than this mean the stream is out of step (or a bug); the worker's own replies are capped far below. */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

/** Turns the chunks of a byte stream back into messages, whatever their boundaries. */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** Adds a chunk; returns the messages it completed, in order. Throws on a frame that cannot be valid. */
  push(chunk: Buffer): unknown[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const messages: unknown[] = [];
    let buffer = this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingBytes);
    while (buffer.length >= 4) {
      const length = buffer.readUInt32BE(0);
      if (length > MAX_FRAME_BYTES) throw new Error(`worker sent a frame of ${length} bytes: stream out of step`);
      if (buffer.length < 4 + length) break;
      messages.push(JSON.parse(buffer.toString('utf8', 4, 4 + length)));
      buffer = buffer.subarray(4 + length);
    }
    this.pending = buffer.length > 0 ? [buffer] : [];
    this.pendingBytes = buffer.length;
    return messages;
  }
}
