import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileChecksum } from '@rapid/protocol';

const NODE_ALGORITHM: Record<Exclude<FileChecksum, 'none'>, string> = {
  md5: 'md5',
  sha1: 'sha1',
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
};

/** Whole-file checksum in hex (`file_checksum`). */
export async function fileChecksum(path: string, kind: Exclude<FileChecksum, 'none'>): Promise<string> {
  const hash = createHash(NODE_ALGORITHM[kind]);
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** SHA-256 of bytes [start, end) of a file: the resume samples of PROTOCOL.md §1.3. */
export async function rangeSha256(path: string, start: number, end: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(Math.min(1024 * 1024, Math.max(1, end - start)));
    for (let position = start; position < end; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - position), position);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}
