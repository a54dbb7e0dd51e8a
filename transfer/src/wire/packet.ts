/** rapid/1 data packet layouts (PROTOCOL.md §2.1). */
export const MAGIC = 0x52;
/** The layouts this build reads and writes; `hello.packet_versions` and `accept.packet_version` agree on one. */
export const PACKET_VERSIONS = [1, 2] as const;
export type PacketVersion = (typeof PACKET_VERSIONS)[number];
/** The largest header and trailer, version 1's: the smallest datagram must hold them. */
export const HEADER_BYTES = 36;
export const TRAILER_BYTES = 16;
/** `dgram_size` 0 in `hello`: the session's size follows both ends' interface MTU (PROTOCOL.md §2.1). */
export const AUTO_DGRAM_SIZE = 0;

export const PacketType = { data: 1, probe: 2, probeAck: 3 } as const;
export const PacketFlag = { retransmission: 1, encrypted: 2 } as const;

export interface PacketHeader {
  type: number;
  flags: number;
  sessionId: number;
  seq: number;
  fileIndex: number;
  offset: number;
  sendUs: number;
  length: number;
}

/** The newest packet layout both this build and the peer's list know; 1 when the peer names none. */
export function packetVersionFor(peer: readonly number[] | undefined): PacketVersion {
  return PACKET_VERSIONS.filter((version) => peer?.includes(version)).at(-1) ?? 1;
}

export function isPacketVersion(version: number): version is PacketVersion {
  return (PACKET_VERSIONS as readonly number[]).includes(version);
}

/** A header read off the wire, with the layout it came in. */
export interface ReadHeader extends PacketHeader {
  version: PacketVersion;
}

const TWO_32 = 2 ** 32;

/** Version 2 drops `len` (the datagram's size tells it) and carries `seq` and `offset` in 48 bits. */
export const headerBytes = (version: PacketVersion): number => (version === 1 ? 36 : 28);

/** The GCM tag; a plain packet's CRC-32 is padded to 16 bytes in version 1 only. */
export const trailerBytes = (version: PacketVersion, encrypted: boolean): number =>
  version === 1 || encrypted ? 16 : 4;

/** Writes the header; `length` is the payload length (the header object carries no length when sealing). */
export function writeHeader(
  target: Buffer,
  header: Omit<PacketHeader, 'length'>,
  length: number,
  version: PacketVersion = 1,
): void {
  target[0] = MAGIC;
  target[1] = version;
  target[2] = header.type;
  target[3] = header.flags;
  target.writeUInt32BE(header.sessionId >>> 0, 4);
  if (version === 1) {
    target.writeUInt32BE(Math.floor(header.seq / TWO_32), 8);
    target.writeUInt32BE(header.seq % TWO_32, 12);
    target.writeUInt32BE(header.fileIndex >>> 0, 16);
    target.writeUInt32BE(Math.floor(header.offset / TWO_32), 20);
    target.writeUInt32BE(header.offset % TWO_32, 24);
    target.writeUInt32BE(header.sendUs >>> 0, 28);
    target.writeUInt32BE(length >>> 0, 32);
    return;
  }
  target.writeUIntBE(header.seq, 8, 6);
  target.writeUInt32BE(header.fileIndex >>> 0, 14);
  target.writeUIntBE(header.offset, 18, 6);
  target.writeUInt32BE(header.sendUs >>> 0, 24);
}

/** Parses a header of either version; undefined for anything that is not a well-formed packet of its length. */
export function readHeader(packet: Buffer): ReadHeader | undefined {
  // The shortest well-formed packet: an empty plain one in version 2.
  if (packet.length < headerBytes(2) + trailerBytes(2, false) || packet[0] !== MAGIC) return undefined;
  const version = packet[1];
  const type = packet[2] ?? 0;
  const flags = packet[3] ?? 0;
  const sessionId = packet.readUInt32BE(4);
  if (version === 2) {
    const trailer = trailerBytes(2, (flags & PacketFlag.encrypted) !== 0);
    if (packet.length < headerBytes(2) + trailer) return undefined;
    return {
      version,
      type,
      flags,
      sessionId,
      seq: packet.readUIntBE(8, 6),
      fileIndex: packet.readUInt32BE(14),
      offset: packet.readUIntBE(18, 6),
      sendUs: packet.readUInt32BE(24),
      length: packet.length - headerBytes(2) - trailer,
    };
  }
  if (version !== 1 || packet.length < HEADER_BYTES + TRAILER_BYTES) return undefined;
  const header: ReadHeader = {
    version,
    type,
    flags,
    sessionId,
    seq: packet.readUInt32BE(8) * TWO_32 + packet.readUInt32BE(12),
    fileIndex: packet.readUInt32BE(16),
    offset: packet.readUInt32BE(20) * TWO_32 + packet.readUInt32BE(24),
    sendUs: packet.readUInt32BE(28),
    length: packet.readUInt32BE(32),
  };
  if (packet.length !== HEADER_BYTES + header.length + TRAILER_BYTES) return undefined;
  if (!Number.isSafeInteger(header.seq) || !Number.isSafeInteger(header.offset)) return undefined;
  return header;
}

/** Largest payload that fits a datagram of `dgramSize` bytes. */
export function payloadCapacity(dgramSize: number, version: PacketVersion = 1, encrypted = true): number {
  return dgramSize - headerBytes(version) - trailerBytes(version, encrypted);
}
