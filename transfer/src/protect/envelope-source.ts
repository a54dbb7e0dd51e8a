import { createCipheriv } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import {
  blockAad,
  blockCount,
  blockNonce,
  blockSpan,
  envelopeSize,
  HEADER_BYTES,
  TAG_BYTES,
} from './envelope-format.ts';
import type { FileSecret } from './envelope-keys.ts';

const CACHE_BLOCKS = 32;
/** Blocks encrypted per disk read when reading forward (1 MiB of 64 KiB blocks). */
const READ_AHEAD_BLOCKS = 16;

/** Encrypts block `index` of `plain` (the block's plaintext) into ciphertext ‖ tag. */
export function sealBlock(secret: FileSecret, index: number, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', secret.key, blockNonce(index));
  cipher.setAAD(blockAad(secret.headerBytes, index));
  const out = Buffer.allocUnsafe(plain.length + TAG_BYTES);
  const body = cipher.update(plain);
  body.copy(out, 0);
  cipher.final();
  cipher.getAuthTag().copy(out, plain.length);
  return out;
}

/**
 * Any byte range of the envelope of a plaintext file, produced on demand: the sender reads it like the file itself,
 * so offset-addressed packets, retransmissions, resume samples and ranged PUTs all work unchanged. Deterministic for
 * a given secret, which is what lets a resumed upload continue an envelope begun by an earlier session.
 */
export class EnvelopeSource {
  readonly size: number;
  #fd: number | undefined;
  #cache = new Map<number, Buffer>();

  constructor(
    readonly path: string,
    public secret: FileSecret,
  ) {
    this.size = envelopeSize(secret.header.plainSize, secret.header.blockBytes);
  }

  /** Replaces the secret (to continue an envelope the receiver already holds part of). */
  adopt(secret: FileSecret): void {
    if (secret.header.plainSize !== this.secret.header.plainSize) return;
    if (secret.header.blockBytes !== this.secret.header.blockBytes) return;
    this.secret = secret;
    this.#cache.clear();
  }

  read(offset: number, length: number): Buffer {
    if (offset < 0 || offset + length > this.size) throw new RangeError('read outside the envelope');
    const out = Buffer.allocUnsafe(length);
    let done = 0;
    const { blockBytes } = this.secret.header;
    while (done < length) {
      const at = offset + done;
      if (at < HEADER_BYTES) {
        done += this.secret.headerBytes.copy(out, done, at, Math.min(HEADER_BYTES, at + length - done));
        continue;
      }
      const index = Math.floor((at - HEADER_BYTES) / (blockBytes + TAG_BYTES));
      const block = this.#block(index);
      const within = at - blockSpan(index, this.secret.header.plainSize, blockBytes).offset;
      done += block.copy(out, done, within, Math.min(block.length, within + length - done));
    }
    return out;
  }

  #block(index: number): Buffer {
    const cached = this.#cache.get(index);
    if (cached) return cached;
    const { plainSize, blockBytes } = this.secret.header;
    const last = Math.min(blockCount(plainSize, blockBytes), index + READ_AHEAD_BLOCKS);
    const start = index * blockBytes;
    const plain = Buffer.allocUnsafe(Math.min(plainSize, last * blockBytes) - start);
    this.#fd ??= openSync(this.path, 'r');
    let read = 0;
    while (read < plain.length) {
      const n = readSync(this.#fd, plain, read, plain.length - read, start + read);
      if (n === 0) throw new Error(`source ${this.path} is shorter than announced`);
      read += n;
    }
    for (let i = index; i < last; i++) {
      const from = (i - index) * blockBytes;
      this.#cache.set(
        i,
        sealBlock(this.secret, i, plain.subarray(from, Math.min(plain.length, from + blockBytes))),
      );
    }
    while (this.#cache.size > CACHE_BLOCKS) this.#cache.delete(this.#cache.keys().next().value as number);
    return this.#cache.get(index) as Buffer;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#cache.clear();
  }
}
