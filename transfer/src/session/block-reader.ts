import { closeSync, openSync, readSync } from 'node:fs';

const MAX_OPEN = 64;
const READ_AHEAD = 4 * 1024 * 1024;

/** Reads blocks of source files by index with a small cache of open descriptors (many small files stay cheap). */
export class BlockReader {
  #open = new Map<number, number>();
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

  release(index: number): void {
    if (this.#cache?.index === index) this.#cache = undefined;
    const fd = this.#open.get(index);
    if (fd === undefined) return;
    this.#open.delete(index);
    closeSync(fd);
  }

  close(): void {
    for (const fd of this.#open.values()) closeSync(fd);
    this.#open.clear();
  }
}
