import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder } from './framing';

describe('frames', () => {
  it('decodes messages whatever the chunk boundaries', () => {
    const messages = [{ id: 1, text: 'héllo ✓' }, { id: 2, list: [1, 2, 3] }, { id: 3 }];
    const bytes = Buffer.concat(messages.map(encodeFrame));
    for (const size of [1, 3, 7, bytes.length]) {
      const decoder = new FrameDecoder();
      const out: unknown[] = [];
      for (let i = 0; i < bytes.length; i += size) out.push(...decoder.push(bytes.subarray(i, i + size)));
      expect(out).toEqual(messages);
    }
  });

  it('refuses a length no real frame can have', () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(0xffffffff, 0);
    expect(() => new FrameDecoder().push(header)).toThrow(/out of step/);
  });
});
