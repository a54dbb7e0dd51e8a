import { createDecipheriv } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import {
  blockAad,
  blockCount,
  blockNonce,
  blockSpan,
  decodeHeader,
  EnvelopeError,
  HEADER_BYTES,
  TAG_BYTES,
} from './envelope-format.ts';
import { type FileSecret, openFileSecret } from './envelope-keys.ts';

/** Decrypts block `index` (ciphertext ‖ tag); `EnvelopeError` 49 when it was altered. */
export function openBlock(secret: FileSecret, index: number, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', secret.key, blockNonce(index));
  decipher.setAAD(blockAad(secret.headerBytes, index));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    throw new EnvelopeError(49, `encrypted block ${index} is damaged or was altered`);
  }
  return plain;
}

/** Reads and verifies an envelope's header against the passphrase. */
export async function readEnvelopeSecret(path: string, passphrase: string): Promise<FileSecret> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEADER_BYTES, 0);
    return await openFileSecret(passphrase, decodeHeader(head.subarray(0, bytesRead)));
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts the envelope at `from` into a new plaintext file `to`. Every block is authenticated before its bytes are
 * written; on any failure `to` is removed, so a wrong passphrase or a damaged file never leaves plaintext behind.
 */
export async function decryptEnvelope(from: string, to: string, passphrase: string): Promise<void> {
  const secret = await readEnvelopeSecret(from, passphrase);
  const { plainSize, blockBytes } = secret.header;
  const input = await open(from, 'r');
  const output = await open(to, 'w', 0o600);
  try {
    const { size } = await input.stat();
    if (size !== HEADER_BYTES + plainSize + TAG_BYTES * blockCount(plainSize, blockBytes))
      throw new EnvelopeError(49, 'encrypted file has the wrong length');
    // A run of blocks per read and one write per run: 1 MiB of I/O per await instead of one block.
    const perRun = Math.max(1, Math.floor((1024 * 1024) / blockBytes));
    const sealed = Buffer.allocUnsafe(perRun * (blockBytes + TAG_BYTES));
    const blocks = blockCount(plainSize, blockBytes);
    for (let first = 0; first < blocks; first += perRun) {
      const last = Math.min(blocks, first + perRun) - 1;
      const from = blockSpan(first, plainSize, blockBytes);
      const to = blockSpan(last, plainSize, blockBytes);
      const length = to.offset + to.plainLength + TAG_BYTES - from.offset;
      const { bytesRead } = await input.read(sealed, 0, length, from.offset);
      if (bytesRead !== length) throw new EnvelopeError(49, 'encrypted file is cut short');
      const plain: Buffer[] = [];
      for (let index = first; index <= last; index++) {
        const span = blockSpan(index, plainSize, blockBytes);
        const at = span.offset - from.offset;
        plain.push(openBlock(secret, index, sealed.subarray(at, at + span.plainLength + TAG_BYTES)));
      }
      await output.writev(plain, from.plainStart);
    }
    await output.datasync();
  } catch (error) {
    await output.close();
    await rm(to, { force: true });
    throw error;
  } finally {
    await input.close();
    await output.close().catch(() => {});
  }
}
