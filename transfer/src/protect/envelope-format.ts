/**
 * The at-rest envelope of `content_protection` (PROTOCOL.md §6): an 80-byte header, then the plaintext in fixed
 * blocks, each AES-256-GCM ciphertext followed by its 16-byte tag. Offsets map to blocks arithmetically, so any range
 * of the envelope can be produced or checked on its own (offset-addressed packets, resume, ranged HTTP).
 */
export const ENVELOPE_SUFFIX = '.rapid-env';
export const MAGIC = Buffer.from('RAPIDENV', 'latin1');
export const ENVELOPE_VERSION = 1;
export const KDF_SCRYPT = 1;
export const HEADER_BYTES = 80;
/** Bytes 0–63: authenticated by the header tag and bound into every block's additional data. */
export const HEADER_AAD_BYTES = 64;
export const TAG_BYTES = 16;
export const DEFAULT_BLOCK_BYTES = 64 * 1024;
export const DEFAULT_SCRYPT = { log2N: 15, r: 8, p: 1 } as const;
/** Refuse headers asking for more work than this (a crafted file must not make a reader spend minutes). */
const MAX_LOG2N = 20;

export interface EnvelopeHeader {
  log2N: number;
  r: number;
  p: number;
  blockBytes: number;
  plainSize: number;
  kdfSalt: Buffer;
  fileSalt: Buffer;
  /** GCM tag over an empty message with the file key: proves the passphrase before any block is read. */
  tag: Buffer;
}

export class EnvelopeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function encodeHeader(header: EnvelopeHeader): Buffer {
  const out = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(out, 0);
  out[8] = ENVELOPE_VERSION;
  out[9] = KDF_SCRYPT;
  out[10] = header.log2N;
  out[11] = header.r;
  out[12] = header.p;
  out.writeUInt32BE(header.blockBytes, 16);
  out.writeBigUInt64BE(BigInt(header.plainSize), 20);
  header.kdfSalt.copy(out, 28);
  header.fileSalt.copy(out, 44);
  header.tag.copy(out, 64);
  return out;
}

/** Parses and sanity-checks a header; throws `EnvelopeError` 48 for anything that is not a version-1 envelope. */
export function decodeHeader(bytes: Buffer): EnvelopeHeader {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, 8).equals(MAGIC))
    throw new EnvelopeError(48, 'not a Rapid encrypted file (bad magic)');
  if (bytes[8] !== ENVELOPE_VERSION || bytes[9] !== KDF_SCRYPT)
    throw new EnvelopeError(48, `unsupported envelope version ${bytes[8]} / key derivation ${bytes[9]}`);
  const header: EnvelopeHeader = {
    log2N: bytes[10] ?? 0,
    r: bytes[11] ?? 0,
    p: bytes[12] ?? 0,
    blockBytes: bytes.readUInt32BE(16),
    plainSize: Number(bytes.readBigUInt64BE(20)),
    kdfSalt: Buffer.from(bytes.subarray(28, 44)),
    fileSalt: Buffer.from(bytes.subarray(44, 60)),
    tag: Buffer.from(bytes.subarray(64, 80)),
  };
  if (
    header.log2N < 10 ||
    header.log2N > MAX_LOG2N ||
    header.r < 1 ||
    header.r > 32 ||
    header.p < 1 ||
    header.p > 16 ||
    header.blockBytes < 1024 ||
    header.blockBytes > 16 * 1024 * 1024 ||
    !Number.isSafeInteger(header.plainSize)
  )
    throw new EnvelopeError(48, 'envelope header out of range');
  return header;
}

export const blockCount = (plainSize: number, blockBytes: number) => Math.ceil(plainSize / blockBytes);

/** Size on disk of the envelope of `plainSize` bytes. */
export function envelopeSize(plainSize: number, blockBytes = DEFAULT_BLOCK_BYTES): number {
  return HEADER_BYTES + plainSize + TAG_BYTES * blockCount(plainSize, blockBytes);
}

/** Where block `index` starts in the envelope and how many plaintext bytes it holds. */
export function blockSpan(index: number, plainSize: number, blockBytes: number) {
  const plainStart = index * blockBytes;
  const plainLength = Math.min(blockBytes, plainSize - plainStart);
  return { offset: HEADER_BYTES + index * (blockBytes + TAG_BYTES), plainStart, plainLength };
}

/** 12-byte GCM nonce of a block: four zero bytes then the block index (the key is unique per file). */
export function blockNonce(index: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

/** The header tag's nonce: all ones, a value no block index reaches. */
export const HEADER_NONCE = Buffer.alloc(12, 0xff);

/** Additional data of a block: the header's first 64 bytes and the block index, so blocks cannot move or mix. */
export function blockAad(headerBytes: Buffer, index: number): Buffer {
  const aad = Buffer.alloc(HEADER_AAD_BYTES + 8);
  headerBytes.copy(aad, 0, 0, HEADER_AAD_BYTES);
  aad.writeBigUInt64BE(BigInt(index), HEADER_AAD_BYTES);
  return aad;
}
