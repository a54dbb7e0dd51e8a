import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlockReader } from './block-reader.ts';

/** A datagram's payload at the usual size: 4 MiB is not a multiple of it. */
const block = 65_455;

/** A file of `mib` MiB of random bytes and a reader that knows its size. */
function sizedFile(mib: number) {
  const data = randomBytes(mib * 1024 * 1024);
  const path = join(mkdtempSync(join(tmpdir(), 'reader-')), 'f');
  writeFileSync(path, data);
  const reader = new BlockReader(
    () => path,
    () => data.length,
  );
  return { data, path, reader };
}

/** How many of this process's descriptors are open on `path`. */
const descriptorsOf = (path: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;

describe('BlockReader', () => {
  it('prefetches a small file whole off the event loop, and a large one as an open descriptor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reader-'));
    const small = randomBytes(4096);
    const large = randomBytes(1024 * 1024);
    writeFileSync(join(dir, '0'), small);
    writeFileSync(join(dir, '1'), large);
    const sizes = [small.length, large.length];
    const reader = new BlockReader(
      (index) => join(dir, String(index)),
      (index) => sizes[index] ?? 0,
    );
    reader.prefetch(0);
    reader.prefetch(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Gone from the folder: only what was prefetched can still be read.
    rmSync(join(dir, '0'));
    rmSync(join(dir, '1'));
    expect(reader.read(0, 100, 1000).equals(small.subarray(100, 1100))).toBe(true);
    expect(reader.read(1, 5000, 1420).equals(large.subarray(5000, 6420))).toBe(true);
    reader.close();
  });

  it('returns the right bytes for sequential, repeated and out-of-window reads', () => {
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const path = join(mkdtempSync(join(tmpdir(), 'reader-')), 'f');
    writeFileSync(path, data);
    const reader = new BlockReader(() => path);
    for (const [offset, length] of [
      [0, 1000],
      [1000, 1420],
      [5, 10],
      [2 * 1024 * 1024, 1420],
      [data.length - 3, 3],
      [10, 2 * 1024 * 1024],
    ]) {
      expect(
        reader
          .read(0, offset as number, length as number)
          .equals(data.subarray(offset, (offset as number) + (length as number))),
      ).toBe(true);
    }
    expect(() => reader.read(0, data.length - 1, 5)).toThrow(/shorter/);
    reader.close();
  });

  it('serves a retransmission behind the stream without dropping the read-ahead', () => {
    const data = randomBytes(6 * 1024 * 1024);
    const path = join(mkdtempSync(join(tmpdir(), 'reader-')), 'f');
    writeFileSync(path, data);
    const reader = new BlockReader(() => path);
    const same = (offset: number, length = block) =>
      expect(reader.read(0, offset, length).equals(data.subarray(offset, offset + length))).toBe(true);
    same(0);
    const far = 4 * 1024 * 1024 + 7;
    const window = reader.read(0, far, block).buffer;
    same(block);
    same(10);
    expect(reader.read(0, far + block, block).buffer).toBe(window);
    same(far + 2 * block);
    same(data.length - 100, 100);
    reader.close();
  });

  it('reads the next chunk of a file on the thread pool while the current one is sent, in whole blocks', async () => {
    const { data, path, reader } = sizedFile(10);
    const chunk = 64 * block; // the whole blocks that fit in 4 MiB
    expect(reader.read(0, 0, block).equals(data.subarray(0, block))).toBe(true);
    const next = reader.whenReadable(0, chunk, block);
    expect(next).toBeInstanceOf(Promise);
    await next;
    // Changed on disk after the next chunk was read: what the reader sends from it is what it read ahead.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(block, 7), 0, block, chunk);
    closeSync(fd);
    let waits = 0;
    for (let offset = block; offset < data.length; offset += block) {
      const length = Math.min(block, data.length - offset);
      const reading = reader.whenReadable(0, offset, length);
      if (reading) {
        waits++;
        await reading;
      }
      expect(reader.read(0, offset, length).equals(data.subarray(offset, offset + length))).toBe(true);
    }
    // The third chunk was read as the second was taken: the loop may have waited for it once.
    expect(waits).toBeLessThanOrEqual(1);
    reader.close();
  });

  it('closes a released file only once the read ahead of it has ended', async () => {
    const { data, path, reader } = sizedFile(9);
    reader.read(0, 0, block);
    const next = reader.whenReadable(0, 64 * block, block);
    reader.release(0);
    expect(reader.whenReadable(0, 64 * block, block)).toBeUndefined();
    // No event-loop turn has passed, so the read ahead is still under way: its descriptor is still open.
    expect(descriptorsOf(path)).toBe(1);
    await next;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(descriptorsOf(path)).toBe(0);
    // Read again from a fresh descriptor, with the right bytes.
    expect(reader.read(0, 64 * block, block).equals(data.subarray(64 * block, 65 * block))).toBe(true);
    reader.close();
  });
});
