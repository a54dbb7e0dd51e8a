import { close, closeSync, open, openSync, read, readSync } from 'node:fs';

const MAX_OPEN = 64;
const READ_AHEAD = 4 * 1024 * 1024;
/** Files up to this size are read whole when prefetched; larger ones only get their descriptor opened. */
const SMALL_FILE = 256 * 1024;
const MAX_PREFETCHED = 256;

interface Chunk {
  index: number;
  start: number;
  data: Buffer;
}

/** The read-ahead chunk after the current one, read on the thread pool while the current one is sent. */
interface NextChunk {
  index: number;
  start: number;
  fd: number;
  /** Set once read; undefined while the read is under way, or after it failed (a synchronous read reports it). */
  data?: Buffer;
  reading: Promise<void> | undefined;
  /** The file was released while the read was under way: its descriptor closes when the read ends. */
  closeAfter?: boolean;
}

/**
 * Reads blocks of source files by index with a small cache of open descriptors (many small files stay cheap). A file
 * read front to back comes in 4 MiB chunks, the next one read on the thread pool while the current one is sent.
 */
export class BlockReader {
  #open = new Map<number, number>();
  /** Small files read whole ahead of their blocks, and the files whose prefetch is under way or done. */
  #whole = new Map<number, Buffer>();
  #prefetching = new Set<number>();
  #cache: Chunk | undefined;
  #next: NextChunk | undefined;
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
    const hit = this.#inCache(index, offset, length);
    if (hit) return hit;
    const next = this.#next;
    if (next?.data && next.index === index && offset >= next.start) {
      this.#next = undefined;
      this.#advance({ index, start: next.start, data: next.data }, length);
      const promoted = this.#inCache(index, offset, length);
      if (promoted) {
        this.#reached(index, offset + length);
        return promoted;
      }
    }
    const behind = this.#reached(index, offset + length);
    const ahead = Math.min(chunkBytes(length), this.sizeOf(index) - offset);
    if (!behind && length < ahead) {
      const data = this.#readRaw(index, offset, ahead, true);
      this.#advance({ index, start: offset, data }, length);
      if (data.length >= length) return data.subarray(0, length);
    }
    return this.#readRaw(index, offset, length, false);
  }

  /**
   * Resolves once bytes [offset, offset + length) of file `index` can be read without waiting for the disk, when
   * they belong to the chunk being read ahead; undefined when `read` can be called now.
   */
  whenReadable(index: number, offset: number, length: number): Promise<void> | undefined {
    const next = this.#next;
    if (!next?.reading || next.index !== index || offset < next.start) return undefined;
    return offset + length > next.start + chunkBytes(length) ? undefined : next.reading;
  }

  /** Moves the frontier to `end`; true when the read ended behind it already (a retransmission). */
  #reached(index: number, end: number): boolean {
    const frontier = this.#frontier;
    if (frontier.index !== index) {
      this.#frontier = { index, end };
      return false;
    }
    const behind = end <= frontier.end;
    frontier.end = Math.max(frontier.end, end);
    return behind;
  }

  #inCache(index: number, offset: number, length: number): Buffer | undefined {
    const cache = this.#cache;
    if (
      !cache ||
      cache.index !== index ||
      offset < cache.start ||
      offset + length > cache.start + cache.data.length
    )
      return undefined;
    return cache.data.subarray(offset - cache.start, offset - cache.start + length);
  }

  /**
   * Makes `chunk` the current one and starts reading the chunk after it, unless the file ends with it. `block` is the
   * size of the blocks read through it: chunks hold whole blocks, so no block spans two of them.
   */
  #advance(chunk: Chunk, block: number): void {
    this.#cache = chunk;
    const start = chunk.start + chunk.data.length;
    const span = chunkBytes(block);
    const length = Math.min(span, this.sizeOf(chunk.index) - start);
    const fd = this.#open.get(chunk.index);
    if (chunk.data.length < span || length <= 0 || fd === undefined) return;
    if (this.#next?.index === chunk.index && this.#next.start === start) return;
    const next: NextChunk = { index: chunk.index, start, fd, reading: undefined };
    this.#next = next;
    next.reading = readFully(fd, Buffer.allocUnsafe(length), start).then(
      (data) => {
        next.reading = undefined;
        if (next.closeAfter) close(fd, () => {});
        else if (this.#next === next && data.length > 0) next.data = data;
      },
      () => {
        next.reading = undefined;
        if (next.closeAfter) close(fd, () => {});
        if (this.#next === next) this.#next = undefined;
      },
    );
  }

  #readRaw(index: number, offset: number, length: number, allowShort: boolean): Buffer {
    let fd = this.#open.get(index);
    if (fd === undefined) {
      fd = openSync(this.pathOf(index), 'r');
      this.#open.set(index, fd);
      if (this.#open.size > MAX_OPEN) {
        const [oldest, oldFd] = this.#open.entries().next().value as [number, number];
        this.#open.delete(oldest);
        if (!this.#dropNext(oldFd)) closeSync(oldFd);
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
    if (!this.#dropNext(fd)) closeSync(fd);
  }

  close(): void {
    for (const fd of this.#open.values()) if (!this.#dropNext(fd)) closeSync(fd);
    this.#open.clear();
    this.#cache = undefined;
    this.#prefetching.clear();
    this.#whole.clear();
  }

  /**
   * Forgets the chunk read ahead from `fd`; true when its read is still under way and will close `fd` itself (a
   * descriptor closed under a pending read could be reused by another file and read from).
   */
  #dropNext(fd: number): boolean {
    const next = this.#next;
    if (next?.fd !== fd) return false;
    this.#next = undefined;
    if (!next.reading) return false;
    next.closeAfter = true;
    return true;
  }
}

/** The read-ahead for blocks of `block` bytes: as many whole blocks as fit in 4 MiB, at least one. */
function chunkBytes(block: number): number {
  return block > 0 ? Math.max(block, READ_AHEAD - (READ_AHEAD % block)) : READ_AHEAD;
}

/** Reads into `buffer` from `position` on the thread pool until it is full or the file ends; the bytes read. */
function readFully(fd: number, buffer: Buffer, position: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const step = (done: number) =>
      read(fd, buffer, done, buffer.length - done, position + done, (error, bytes) => {
        if (error) reject(error);
        else if (bytes === 0 || done + bytes === buffer.length) resolve(buffer.subarray(0, done + bytes));
        else step(done + bytes);
      });
    step(0);
  });
}
