import { createCipheriv, createDecipheriv } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { type DatagramAddon, datagramAddon } from '../native/datagram-addon.ts';
import {
  headerBytes,
  PacketFlag,
  type PacketHeader,
  type PacketVersion,
  payloadCapacity,
  type ReadHeader,
  readHeader,
  trailerBytes,
  writeHeader,
} from './packet.ts';

/** Which end seals: the node sets the top bit of the nonce so the two directions never reuse a nonce. */
export type Role = 'client' | 'node';

const TWO_32 = 2 ** 32;
const EMPTY = Buffer.alloc(0);
/**
 * Sealed packets are cut from slabs of this size, never reused: a packet is a view that lives until its send, and a
 * slab is freed with its last packet. Buffer.allocUnsafe's 8 KiB pool held five 1,472-byte packets, so a sender
 * allocated an ArrayBuffer for every five datagrams.
 */
const SLAB_BYTES = 256 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

function packetBuffer(bytes: number): Buffer {
  if (bytes > SLAB_BYTES / 4) return Buffer.allocUnsafe(bytes);
  if (slabUsed + bytes > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const packet = slab.subarray(slabUsed, slabUsed + bytes);
  slabUsed += bytes;
  return packet;
}

/**
 * Seals and opens data packets: AES-GCM over the payload with the header as additional data when the session has a
 * key, otherwise a CRC-32 trailer (PROTOCOL.md §2.1). Opening never returns a payload that failed its check. It
 * seals in the session's packet version and opens any version it knows. With the datagram addon, AES-GCM runs on
 * contexts keyed once (node:crypto builds a cipher object per datagram) and opens in place; the bytes are the same.
 */
export class PacketCodec {
  readonly #algorithm: 'aes-128-gcm' | undefined;
  readonly #key: Buffer | undefined;
  /** One nonce buffer per role, salt and direction bit preset; only the sequence number changes per packet. */
  readonly #nonces: Record<Role, Buffer>;
  readonly #native: { addon: DatagramAddon; handle: object } | undefined;

  /** `addon`: null forces node:crypto (tests of both paths); by default the addon when it is loaded. */
  constructor(
    key: Buffer | undefined,
    salt: Buffer,
    readonly version: PacketVersion = 1,
    addon: DatagramAddon | null = datagramAddon() ?? null,
  ) {
    if (salt.length !== 4) throw new RangeError('salt must be 4 bytes');
    if (key && ![16, 24, 32].includes(key.length)) throw new RangeError('key must be 16, 24 or 32 bytes');
    this.#key = key;
    this.#algorithm = key ? (`aes-${key.length * 8}-gcm` as 'aes-128-gcm') : undefined;
    const nonce = (top: boolean) => {
      const buffer = Buffer.alloc(12);
      salt.copy(buffer, 0);
      buffer[0] = top ? (buffer[0] ?? 0) | 0x80 : (buffer[0] ?? 0) & 0x7f;
      return buffer;
    };
    this.#nonces = { client: nonce(false), node: nonce(true) };
    this.#native = key && addon ? { addon, handle: addon.gcmNew(key) } : undefined;
  }

  /** True when AES-GCM runs in the datagram addon. */
  get native(): boolean {
    return this.#native !== undefined;
  }

  get encrypted(): boolean {
    return this.#key !== undefined;
  }

  /** The largest payload a sealed datagram of `dgramSize` bytes carries. */
  payloadCapacity(dgramSize: number): number {
    return payloadCapacity(dgramSize, this.version, this.encrypted);
  }

  // Safe to reuse: the cipher (or the addon's context) copies the IV when it is given, and nothing else holds it.
  #nonce(role: Role, seq: number): Buffer {
    const nonce = this.#nonces[role];
    nonce.writeUInt32BE(Math.floor(seq / TWO_32), 4);
    nonce.writeUInt32BE(seq % TWO_32, 8);
    return nonce;
  }

  /**
   * The sealed packet as [header, payload, trailer] for a gather send: the ciphertext is never copied into a
   * packet buffer. A plain session's payload part is the caller's buffer itself.
   */
  sealParts(
    role: Role,
    header: Omit<PacketHeader, 'length'>,
    payload: Buffer,
    version: PacketVersion = this.version,
  ): Buffer[] {
    const native = this.#native;
    if (native) {
      const start = headerBytes(version);
      const packet = packetBuffer(start + payload.length + 16);
      writeHeader(packet, header, payload.length, version);
      packet[3] = header.flags | PacketFlag.encrypted;
      native.addon.gcmSeal(native.handle, this.#nonce(role, header.seq), packet, start, payload);
      return [packet];
    }
    const head = Buffer.allocUnsafe(headerBytes(version));
    writeHeader(head, header, payload.length, version);
    const key = this.#key;
    if (key && this.#algorithm) {
      head[3] = header.flags | PacketFlag.encrypted;
      const cipher = createCipheriv(this.#algorithm, key, this.#nonce(role, header.seq));
      cipher.setAAD(head);
      const body = cipher.update(payload);
      const last = cipher.final();
      return [head, last.length > 0 ? Buffer.concat([body, last]) : body, cipher.getAuthTag()];
    }
    head[3] = header.flags & ~PacketFlag.encrypted;
    const trailer = Buffer.alloc(trailerBytes(version, false));
    // An empty buffer is left out: zlib.crc32 of some zero-length buffers ignores the starting value.
    const crc = payload.length > 0 ? crc32(payload, crc32(head)) : crc32(head);
    trailer.writeUInt32BE(crc, 0);
    return [head, payload, trailer];
  }

  /** The sealed packet in one buffer; `version` only for a probe or its answer, which keep version 1 (PROTOCOL.md §2.4). */
  seal(
    role: Role,
    header: Omit<PacketHeader, 'length'>,
    payload: Buffer,
    version: PacketVersion = this.version,
  ): Buffer {
    return Buffer.concat(this.sealParts(role, header, payload, version));
  }

  /**
   * A packet the drain thread already opened in place with this session's key (ThreadSocket.openOnThread): its header
   * and payload, nothing decrypted again. Undefined when it is not an encrypted packet of this codec's kind. `header`:
   * the packet's header when the caller read it already (it is read once per datagram).
   */
  opened(
    packet: Buffer,
    header: ReadHeader | undefined = readHeader(packet),
  ): { header: ReadHeader; payload: Buffer } | undefined {
    if (!header || (header.flags & PacketFlag.encrypted) === 0 || !this.encrypted) return undefined;
    const start = headerBytes(header.version);
    return { header, payload: packet.subarray(start, start + header.length) };
  }

  /**
   * The header and plaintext payload, or undefined when the packet is malformed, forged or corrupted. The addon opens
   * in place: the packet's body is then its plaintext (or garbage, when it fails), so a packet is opened once.
   */
  open(sealedBy: Role, packet: Buffer): { header: ReadHeader; payload: Buffer } | undefined {
    const header = readHeader(packet);
    if (!header) return undefined;
    const encrypted = (header.flags & PacketFlag.encrypted) !== 0;
    if (encrypted !== this.encrypted) return undefined;
    const start = headerBytes(header.version);
    const end = start + header.length;
    const body = packet.subarray(start, end);
    const trailer = packet.subarray(end);
    const native = this.#native;
    if (native) {
      const opened = native.addon.gcmOpen(
        native.handle,
        this.#nonce(sealedBy, header.seq),
        packet,
        start,
        header.length,
      );
      return opened ? { header, payload: body } : undefined;
    }
    const key = this.#key;
    if (key && this.#algorithm) {
      try {
        const decipher = createDecipheriv(this.#algorithm, key, this.#nonce(sealedBy, header.seq));
        decipher.setAAD(packet.subarray(0, start));
        decipher.setAuthTag(trailer);
        const payload = header.length > 0 ? decipher.update(body) : EMPTY;
        // final() verifies the tag and throws on a mismatch; GCM returns no further bytes from it.
        const last = decipher.final();
        return { header, payload: last.length > 0 ? Buffer.concat([payload, last]) : payload };
      } catch {
        return undefined;
      }
    }
    if (trailer.readUInt32BE(0) !== crc32(packet.subarray(0, end))) return undefined;
    for (let at = 4; at < trailer.length; at++) if (trailer[at] !== 0) return undefined;
    return { header, payload: body };
  }
}
