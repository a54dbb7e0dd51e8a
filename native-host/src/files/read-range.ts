import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { ConnectFailure } from '../daemon/connect-failure.ts';

/** The spec's maximum request size (connect-bridge.md §9): larger reads must use chunks. */
export const MAX_READ_BYTES = 100 * 1024 * 1024;

export async function readRange(path: string, offset: number, length?: number): Promise<Buffer> {
  const info = await stat(path);
  if (!info.isFile()) throw new ConnectFailure(400, -1, 'Invalid request', `${path} is not a file.`);
  const size = Math.max(0, Math.min(length ?? info.size, info.size - offset));
  if (size > MAX_READ_BYTES)
    throw new ConnectFailure(
      413,
      413,
      'Too large',
      `Rapid reads at most ${MAX_READ_BYTES} bytes at once; read this file in chunks.`,
    );
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size);
    let done = 0;
    while (done < size) {
      const { bytesRead } = await handle.read(buffer, done, size - done, offset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buffer.subarray(0, done);
  } finally {
    await handle.close();
  }
}

/** Hex digest of `chunkSize` bytes from `offset` (0 = to the end), streamed so any size works. */
export async function checksumRange(path: string, method: string, offset: number, chunkSize: number) {
  const hash = createHash(method);
  const stream = createReadStream(path, {
    start: offset,
    ...(chunkSize > 0 ? { end: offset + chunkSize - 1 } : {}),
  });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
