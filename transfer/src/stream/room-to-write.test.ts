import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { roomToWrite } from './room-to-write.ts';

const listeners = (stream: PassThrough) =>
  stream.listenerCount('drain') + stream.listenerCount('close') + stream.listenerCount('error');

describe('roomToWrite', () => {
  it('resolves on drain and leaves no listener behind, however often it waits', async () => {
    const stream = new PassThrough({ highWaterMark: 4 });
    const before = listeners(stream);
    for (let i = 0; i < 20; i++) {
      expect(stream.write(Buffer.alloc(8))).toBe(false);
      const room = roomToWrite(stream);
      stream.read();
      await room;
    }
    expect(listeners(stream)).toBe(before);
  });

  it('resolves when the stream closes instead, and on an error', async () => {
    const closing = new PassThrough({ highWaterMark: 4 });
    closing.write(Buffer.alloc(8));
    const closed = roomToWrite(closing);
    closing.destroy();
    await closed;
    const failing = new PassThrough({ highWaterMark: 4 });
    failing.write(Buffer.alloc(8));
    const failed = roomToWrite(failing);
    failing.destroy(new Error('gone'));
    await failed;
    expect(failing.destroyed).toBe(true);
  });
});
