import { lstat } from 'node:fs/promises';
import { hashFile } from './hash-file.ts';

/**
 * An upload's SHA-256 taken before its ingest (while clamd scans it: R-UPLOAD-SCAN-OVERLAP), with the identity of the
 * file it was taken from: device, inode, size and modification time in nanoseconds. Placing the file keeps them (a
 * hard link, a rename); other bytes put at its name, a copy across file systems or a write in place change one.
 */
export interface HashAhead {
  hash: string;
  file: string;
}

/** Large inodes and nanoseconds exceed a JS number: read as bigints, kept as text (it travels in a job's payload). */
async function identityOf(path: string): Promise<string> {
  const info = await lstat(path, { bigint: true });
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

/** Hashes the file now; refused when it changed while it was read (then the ingest reads it itself). */
export async function hashAhead(path: string): Promise<HashAhead> {
  const file = await identityOf(path);
  const hash = await hashFile(path);
  if ((await identityOf(path)) !== file) throw new Error(`${path} changed while it was hashed`);
  return { hash, file };
}

/** The file's SHA-256: the one taken ahead when it is still the same file, unchanged; otherwise read now. */
export async function hashOf(path: string, ahead: HashAhead | undefined): Promise<string> {
  if (ahead && (await identityOf(path).catch(() => undefined)) === ahead.file) return ahead.hash;
  return hashFile(path);
}
