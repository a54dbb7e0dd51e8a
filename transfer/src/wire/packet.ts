/** rapid/1 data packet layout (PROTOCOL.md §2.1). */
export const MAGIC = 0x52;
export const VERSION = 1;
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

const TWO_32 = 2 ** 32;

/** Writes the 36-byte header; `length` is the payload length (the header object carries no length when sealing). */
export function writeHeader(target: Buffer, header: Omit<PacketHeader, 'length'>, length: number): void {
  target[0] = MAGIC;
  target[1] = VERSION;
  target[2] = header.type;
  target[3] = header.flags;
  target.writeUInt32BE(header.sessionId >>> 0, 4);
  target.writeUInt32BE(Math.floor(header.seq / TWO_32), 8);
  target.writeUInt32BE(header.seq % TWO_32, 12);
  target.writeUInt32BE(header.fileIndex >>> 0, 16);
  target.writeUInt32BE(Math.floor(header.offset / TWO_32), 20);
  target.writeUInt32BE(header.offset % TWO_32, 24);
  target.writeUInt32BE(header.sendUs >>> 0, 28);
  target.writeUInt32BE(length >>> 0, 32);
}

/** Parses the header; undefined for anything that is not a well-formed rapid/1 packet of the stated length. */
export function readHeader(packet: Buffer): PacketHeader | undefined {
  if (packet.length < HEADER_BYTES + TRAILER_BYTES || packet[0] !== MAGIC || packet[1] !== VERSION)
    return undefined;
  const header: PacketHeader = {
    type: packet[2] ?? 0,
    flags: packet[3] ?? 0,
    sessionId: packet.readUInt32BE(4),
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
export function payloadCapacity(dgramSize: number): number {
  return dgramSize - HEADER_BYTES - TRAILER_BYTES;
}
