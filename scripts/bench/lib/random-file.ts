import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

/** Writes `bytes` of random data (incompressible, so no layer can cheat). */
export function writeRandomFile(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  const chunk = randomBytes(8 * 1024 * 1024);
  for (let written = 0; written < bytes; ) {
    const n = Math.min(chunk.length, bytes - written);
    writeSync(fd, chunk, 0, n);
    chunk[0] = (chunk[0] ?? 0) + 1;
    written += n;
  }
  closeSync(fd);
}
