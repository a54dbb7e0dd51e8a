import { createCipheriv, createDecipheriv } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  HEADER_BYTES,
  PacketFlag,
  type PacketHeader,
  readHeader,
  TRAILER_BYTES,
  writeHeader,
} from './packet.ts';

/** Which end seals: the node sets the top bit of the nonce so the two directions never reuse a nonce. */
export type Role = 'client' | 'node';

/**
 * Seals and opens data packets: AES-GCM over the payload with the header as additional data when the session has a
 * key, otherwise a CRC-32 trailer (PROTOCOL.md §2.1). Opening never returns a payload that failed its check.
 */
export class PacketCodec {
  readonly #algorithm: string | undefined;
  readonly #key: Buffer | undefined;
  readonly #salt: Buffer;

  constructor(key: Buffer | undefined, salt: Buffer) {
    if (salt.length !== 4) throw new RangeError('salt must be 4 bytes');
    if (key && ![16, 24, 32].includes(key.length)) throw new RangeError('key must be 16, 24 or 32 bytes');
    this.#key = key;
    this.#algorithm = key ? `aes-${key.length * 8}-gcm` : undefined;
    this.#salt = salt;
  }

  get encrypted(): boolean {
    return this.#key !== undefined;
  }

  #nonce(role: Role, seq: number): Buffer {
    const nonce = Buffer.allocUnsafe(12);
    this.#salt.copy(nonce, 0);
    nonce[0] = role === 'node' ? (nonce[0] ?? 0) | 0x80 : (nonce[0] ?? 0) & 0x7f;
    nonce.writeUInt32BE(Math.floor(seq / 2 ** 32), 4);
    nonce.writeUInt32BE(seq % 2 ** 32, 8);
    return nonce;
  }

  seal(role: Role, header: Omit<PacketHeader, 'length'>, payload: Buffer): Buffer {
    const packet = Buffer.allocUnsafe(HEADER_BYTES + payload.length + TRAILER_BYTES);
    const flags = this.#key ? header.flags | PacketFlag.encrypted : header.flags & ~PacketFlag.encrypted;
    writeHeader(packet, { ...header, flags, length: payload.length });
    const aad = packet.subarray(0, HEADER_BYTES);
    if (this.#key && this.#algorithm) {
      const cipher = createCipheriv(
        this.#algorithm as 'aes-128-gcm',
        this.#key,
        this.#nonce(role, header.seq),
      );
      cipher.setAAD(aad);
      const first = cipher.update(payload);
      first.copy(packet, HEADER_BYTES);
      const last = cipher.final();
      last.copy(packet, HEADER_BYTES + first.length);
      cipher.getAuthTag().copy(packet, HEADER_BYTES + payload.length);
    } else {
      payload.copy(packet, HEADER_BYTES);
      packet.fill(0, HEADER_BYTES + payload.length);
      packet.writeUInt32BE(
        crc32(packet.subarray(0, HEADER_BYTES + payload.length)),
        HEADER_BYTES + payload.length,
      );
    }
    return packet;
  }

  /** The header and plaintext payload, or undefined when the packet is malformed, forged or corrupted. */
  open(sealedBy: Role, packet: Buffer): { header: PacketHeader; payload: Buffer } | undefined {
    const header = readHeader(packet);
    if (!header) return undefined;
    const encrypted = (header.flags & PacketFlag.encrypted) !== 0;
    if (encrypted !== this.encrypted) return undefined;
    const body = packet.subarray(HEADER_BYTES, HEADER_BYTES + header.length);
    const trailer = packet.subarray(HEADER_BYTES + header.length);
    if (this.#key && this.#algorithm) {
      try {
        const decipher = createDecipheriv(
          this.#algorithm as 'aes-128-gcm',
          this.#key,
          this.#nonce(sealedBy, header.seq),
        );
        decipher.setAAD(packet.subarray(0, HEADER_BYTES));
        decipher.setAuthTag(trailer);
        const payload = Buffer.concat([decipher.update(body), decipher.final()]);
        return { header, payload };
      } catch {
        return undefined;
      }
    }
    if (trailer.readUInt32BE(0) !== crc32(packet.subarray(0, HEADER_BYTES + header.length))) return undefined;
    if (trailer.subarray(4).some((byte) => byte !== 0)) return undefined;
    return { header, payload: body };
  }
}
