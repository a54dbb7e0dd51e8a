import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, FrameError } from './frame.ts';

describe('frame encoding', () => {
  it('round-trips messages split at every byte boundary', () => {
    const messages = [{ a: 1 }, { text: 'héllo ✓' }, { big: 'x'.repeat(70_000) }];
    const stream = Buffer.concat(messages.map(encodeFrame));
    for (const step of [1, 3, 4096, stream.length]) {
      const decoder = new FrameDecoder();
      const out: unknown[] = [];
      for (let i = 0; i < stream.length; i += step) {
        for (const text of decoder.push(stream.subarray(i, i + step))) out.push(JSON.parse(text));
      }
      expect(out).toEqual(messages);
      expect(decoder.bufferedBytes).toBe(0);
    }
  });

  it('counts the length in bytes, not characters', () => {
    const frame = encodeFrame('✓');
    expect(frame.readUInt32LE(0)).toBe(Buffer.byteLength('"✓"'));
  });

  it('rejects a length no browser would send instead of waiting forever', () => {
    const decoder = new FrameDecoder(1024);
    const garbage = Buffer.from('HTTP/1.1 200 OK\r\n');
    expect(() => decoder.push(garbage)).toThrow(FrameError);
  });

  it('reports a message cut short', () => {
    const decoder = new FrameDecoder();
    expect(decoder.push(encodeFrame({ a: 1 }).subarray(0, 6))).toEqual([]);
    expect(decoder.bufferedBytes).toBe(6);
  });
});
