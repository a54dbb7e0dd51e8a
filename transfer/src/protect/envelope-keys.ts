import { createCipheriv, createHash, hkdfSync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_BLOCK_BYTES,
  DEFAULT_SCRYPT,
  EnvelopeError,
  type EnvelopeHeader,
  encodeHeader,
  HEADER_AAD_BYTES,
  HEADER_NONCE,
  TAG_BYTES,
} from './envelope-format.ts';

const masters = new Map<string, Promise<Buffer>>();

/**
 * scrypt(passphrase, kdf salt) → 32-byte master key. Memoised per (passphrase, salt, parameters): one derivation per
 * transfer, however many files it has; per-file keys come from HKDF, which is cheap.
 */
export function masterKey(passphrase: string, header: Pick<EnvelopeHeader, 'kdfSalt' | 'log2N' | 'r' | 'p'>) {
  // Keyed by a digest, so the cache does not keep passphrases themselves alive for the life of the daemon.
  const id = createHash('sha256')
    .update(`${header.kdfSalt.toString('hex')}:${header.log2N}:${header.r}:${header.p}:`)
    .update(passphrase)
    .digest('hex');
  let key = masters.get(id);
  if (!key) {
    const N = 2 ** header.log2N;
    key = new Promise<Buffer>((resolve, reject) =>
      scrypt(
        passphrase,
        header.kdfSalt,
        32,
        { N, r: header.r, p: header.p, maxmem: 256 * N * header.r + 32 * 1024 * 1024 },
        (error, derived) => (error ? reject(error) : resolve(derived)),
      ),
    );
    masters.set(id, key);
    if (masters.size > 64) masters.delete(masters.keys().next().value as string);
  }
  return key;
}

export function fileKey(master: Buffer, fileSalt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', master, fileSalt, 'rapid-env/1 file key', 32));
}

function headerTag(key: Buffer, headerBytes: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, HEADER_NONCE);
  cipher.setAAD(headerBytes.subarray(0, HEADER_AAD_BYTES));
  cipher.final();
  return cipher.getAuthTag();
}

/** A file's key and its encoded header, ready to encrypt or decrypt blocks. */
export interface FileSecret {
  key: Buffer;
  header: EnvelopeHeader;
  headerBytes: Buffer;
}

/** A fresh secret for a file of `plainSize` bytes under a transfer-wide kdf salt (new random file salt). */
export async function newFileSecret(
  passphrase: string,
  kdfSalt: Buffer,
  plainSize: number,
  fileSalt: Buffer = randomBytes(16),
): Promise<FileSecret> {
  const header: EnvelopeHeader = {
    ...DEFAULT_SCRYPT,
    blockBytes: DEFAULT_BLOCK_BYTES,
    plainSize,
    kdfSalt,
    fileSalt,
    tag: Buffer.alloc(TAG_BYTES),
  };
  const key = fileKey(await masterKey(passphrase, header), fileSalt);
  const unsigned = encodeHeader(header);
  header.tag = headerTag(key, unsigned);
  return { key, header, headerBytes: encodeHeader(header) };
}

/** The secret of an existing envelope's header; `EnvelopeError` 48 when the passphrase does not open it. */
export async function openFileSecret(passphrase: string, header: EnvelopeHeader): Promise<FileSecret> {
  const key = fileKey(await masterKey(passphrase, header), header.fileSalt);
  const headerBytes = encodeHeader(header);
  const expected = headerTag(key, headerBytes);
  if (!timingSafeEqual(expected, header.tag))
    throw new EnvelopeError(48, 'wrong content protection passphrase (the file cannot be decrypted)');
  return { key, header, headerBytes };
}
