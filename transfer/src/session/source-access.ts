import { createHash } from 'node:crypto';
import type { FileChecksum } from '@rapid/protocol';
import { fileChecksum, rangeSha256 } from '../fs/checksum.ts';
import { BlockReader } from './block-reader.ts';

/**
 * How a sender reads the bytes it offers: the source files themselves, or a view of them (the encrypted envelope of
 * `content_protection`). Everything the sender hashes or sends goes through it, so both ends agree on the bytes.
 */
export interface SourceAccess {
  read(index: number, offset: number, length: number): Buffer;
  /** Resolves when `read` of these bytes would wait for the disk (they are being read ahead); else undefined. */
  whenReadable?(index: number, offset: number, length: number): Promise<void> | undefined;
  release(index: number): void;
  close(): void;
  rangeSha256(index: number, start: number, end: number): Promise<string>;
  checksum(index: number, kind: Exclude<FileChecksum, 'none'>): Promise<string>;
  /** Called with the receiver's `head` before planning resume: continue what the receiver already holds. */
  adopt?(index: number, head: Buffer): Promise<void>;
  /** A hint that file `index` is read soon: open it off the event loop. */
  prefetch?(index: number): void;
}

/** Plain files read directly. */
export function plainSourceAccess(files: { source: string; size: number }[]): SourceAccess {
  const reader = new BlockReader(
    (index) => files[index]?.source ?? '',
    (index) => files[index]?.size ?? 0,
  );
  return {
    read: (index, offset, length) => reader.read(index, offset, length),
    whenReadable: (index, offset, length) => reader.whenReadable(index, offset, length),
    prefetch: (index) => reader.prefetch(index),
    release: (index) => reader.release(index),
    close: () => reader.close(),
    rangeSha256: (index, start, end) => rangeSha256(files[index]?.source ?? '', start, end),
    checksum: (index, kind) => fileChecksum(files[index]?.source ?? '', kind),
  };
}

const HASH_SLICE = 1024 * 1024;

/** Hashes bytes [start, end) read through `read` (for views that are not files on disk). */
export async function hashThrough(
  read: (offset: number, length: number) => Buffer,
  algorithm: string,
  start: number,
  end: number,
): Promise<string> {
  const hash = createHash(algorithm);
  for (let at = start; at < end; at += HASH_SLICE) {
    hash.update(read(at, Math.min(HASH_SLICE, end - at)));
    // Long hashes yield so control traffic keeps flowing.
    if (end - start > HASH_SLICE) await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}
