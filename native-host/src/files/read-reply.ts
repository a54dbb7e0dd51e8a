import type { AllowedRead } from '../trust/read-tokens.ts';
import { mimeType } from './file-entry.ts';
import { checksumRange, readRange } from './read-range.ts';

/** The Connect reply to one permitted read, the same whether it travels through the extension or over loopback. */
export async function readReply(read: AllowedRead): Promise<Record<string, string>> {
  switch (read.route) {
    case 'read-as-array-buffer':
      return { type: mimeType(read.path), data: (await readRange(read.path, 0)).toString('base64') };
    case 'read-chunk-as-array-buffer': {
      const data = await readRange(read.path, read.offset, read.chunkSize);
      return { type: mimeType(read.path), data: data.toString('base64') };
    }
    case 'checksum': {
      const { path, checksumMethod, offset, chunkSize } = read;
      return { checksumMethod, checksum: await checksumRange(path, checksumMethod, offset, chunkSize) };
    }
  }
}
