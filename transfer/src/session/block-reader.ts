import { closeSync, openSync, readSync } from 'node:fs';

const MAX_OPEN = 64;

/** Reads blocks of source files by index with a small cache of open descriptors (many small files stay cheap). */
export class BlockReader {
  #open = new Map<number, number>();

  constructor(private readonly pathOf: (index: number) => string) {}

  read(index: number, offset: number, length: number): Buffer {
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
      if (read === 0) throw new Error(`source ${this.pathOf(index)} is shorter than announced`);
      done += read;
    }
    return buffer;
  }

  release(index: number): void {
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
