import { close, closeSync, open, openSync, read, readSync } from 'node:fs';

const MAX_OPEN = 64;
const READ_AHEAD = 4 * 1024 * 1024;
/** Files up to this size are read whole when prefetched; larger ones only get their descriptor opened. */
const SMALL_FILE = 256 * 1024;
const MAX_PREFETCHED = 256;

/** Reads blocks of source files by index with a small cache of open descriptors (many small files stay cheap). */
export class BlockReader {
  #open = new Map<number, number>();
  /** Small files read whole ahead of their blocks, and the files whose prefetch is under way or done. */
  #whole = new Map<number, Buffer>();
  #prefetching = new Set<number>();
  #cache: { index: number; start: number; data: Buffer } | undefined;
  /** End of the furthest read of the current file: reads behind it are retransmissions. */
  #frontier = { index: -1, end: 0 };

  constructor(
    private readonly pathOf: (index: number) => string,
    private readonly sizeOf: (index: number) => number = () => Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Bytes [offset, offset + length) of file `index`. Reads that advance through a file are served from a 4 MiB
   * read-ahead; a read behind the furthest one (a retransmission) reads just its block and keeps the read-ahead.
   */
  read(index: number, offset: number, length: number): Buffer {
    const whole = this.#whole.get(index);
    if (whole && offset + length <= whole.length) return whole.subarray(offset, offset + length);
    const cache = this.#cache;
    if (
      cache &&
      cache.index === index &&
      offset >= cache.start &&
      offset + length <= cache.start + cache.data.length
    ) {
      return cache.data.subarray(offset - cache.start, offset - cache.start + length);
    }
    const frontier = this.#frontier;
    const behind = frontier.index === index && offset + length <= frontier.end;
    if (frontier.index !== index) this.#frontier = { index, end: offset + length };
    else frontier.end = Math.max(frontier.end, offset + length);
    const ahead = Math.min(READ_AHEAD, this.sizeOf(index) - offset);
    if (!behind && length < ahead) {
      const data = this.#readRaw(index, offset, ahead, true);
      this.#cache = { index, start: offset, data };
      if (data.length >= length) return data.subarray(0, length);
    }
    return this.#readRaw(index, offset, length, false);
  }

  #readRaw(index: number, offset: number, length: number, allowShort: boolean): Buffer {
    let fd = this.#open.get(index);
    if (fd === undefined) {
      fd = openSync(this.pathOf(index), 'r');
      this.#open.set(index, fd);
      if (this.#open.size > MAX_OPEN) {
        const [oldest, oldFd] = this.#open.entries().next().value as [number, number];
        this.#open.delete(oldest);
        closeSync(oldFd);
      }
    }
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const read = readSync(fd, buffer, done, length - done, offset + done);
      if (read === 0) {
        if (allowShort) return buffer.subarray(0, done);
        throw new Error(`source ${this.pathOf(index)} is shorter than announced`);
      }
      done += read;
    }
    return buffer;
  }

  /**
   * Opens file `index` on the thread pool ahead of its first block (and reads it whole when small), so a sender
   * moving through many files never waits for a file to open on its event loop. Best effort: a failure leaves the
   * file to `read`, which reports it.
   */
  prefetch(index: number): void {
    if (this.#prefetching.has(index) || this.#open.has(index) || this.#prefetching.size >= MAX_PREFETCHED)
      return;
    this.#prefetching.add(index);
    const size = this.sizeOf(index);
    open(this.pathOf(index), 'r', (error, fd) => {
      if (error) {
        this.#prefetching.delete(index);
        return;
      }
      if (!this.#prefetching.has(index) || this.#open.has(index)) {
        close(fd, () => {});
        return;
      }
      if (size > SMALL_FILE) {
        this.#prefetching.delete(index);
        this.#open.set(index, fd);
        return;
      }
      const buffer = Buffer.allocUnsafe(size);
      read(fd, buffer, 0, size, 0, (readError, bytes) => {
        close(fd, () => {});
        if (!this.#prefetching.has(index)) return;
        if (!readError && bytes === size) this.#whole.set(index, buffer);
        else this.#prefetching.delete(index);
      });
    });
  }

  release(index: number): void {
    this.#prefetching.delete(index);
    this.#whole.delete(index);
    if (this.#cache?.index === index) this.#cache = undefined;
    const fd = this.#open.get(index);
    if (fd === undefined) return;
    this.#open.delete(index);
    closeSync(fd);
  }

  close(): void {
    for (const fd of this.#open.values()) closeSync(fd);
    this.#open.clear();
    this.#prefetching.clear();
    this.#whole.clear();
  }
}
