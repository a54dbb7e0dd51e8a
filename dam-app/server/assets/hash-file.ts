import { createHash } from 'node:crypto';
import { readNoFollow } from '../access/storage-path.ts';

/** SHA-256 of a file's bytes, hex: the content half of ingest's idempotency key (path and content). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of readNoFollow(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
