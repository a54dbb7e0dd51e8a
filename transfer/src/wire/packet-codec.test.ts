import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, PacketType, payloadCapacity, readHeader } from './packet.ts';
import { PacketCodec } from './packet-codec.ts';

const header = {
  type: PacketType.data,
  flags: 0,
  sessionId: 7,
  seq: 2 ** 40 + 3,
  fileIndex: 2,
  offset: 2 ** 33 + 5,
  sendUs: 99,
};

describe.each([
  ['aes-128-gcm', randomBytes(16)],
  ['aes-256-gcm', randomBytes(32)],
  ['crc32', undefined],
])('PacketCodec with %s', (_name, key) => {
  const codec = new PacketCodec(key, randomBytes(4));

  it('round-trips header fields beyond 32 bits and the payload', () => {
    const payload = randomBytes(1000);
    const opened = codec.open('client', codec.seal('client', header, payload));
    expect(opened?.payload.equals(payload)).toBe(true);
    expect(opened?.header).toMatchObject({ ...header, flags: key ? 2 : 0, length: 1000 });
  });

  it.each([0, 3, HEADER_BYTES - 1, HEADER_BYTES + 10, HEADER_BYTES + 1015])(
    'rejects a packet with byte %i flipped',
    (at) => {
      const packet = codec.seal('client', header, randomBytes(1000));
      packet[at] = (packet[at] ?? 0) ^ 0x01;
      expect(codec.open('client', packet)).toBeUndefined();
    },
  );

  it('seals as parts for a gather send; interleaved packets of both roles each open with their own nonce', () => {
    const payloads = [randomBytes(64), randomBytes(0), randomBytes(1420)];
    const sealed = payloads.map((payload, i) =>
      Buffer.concat(codec.sealParts(i % 2 ? 'node' : 'client', { ...header, seq: header.seq + i }, payload)),
    );
    sealed.forEach((packet, i) => {
      const opened = codec.open(i % 2 ? 'node' : 'client', packet);
      expect(opened?.payload.equals(payloads[i] as Buffer)).toBe(true);
      expect(opened?.header.seq).toBe(header.seq + i);
    });
  });

  it('rejects truncated packets', () => {
    const packet = codec.seal('client', header, randomBytes(100));
    expect(codec.open('client', packet.subarray(0, packet.length - 1))).toBeUndefined();
  });
});

describe('PacketCodec directions', () => {
  it('refuses a packet opened as the other role, so nonces of the two directions never collide', () => {
    const codec = new PacketCodec(randomBytes(16), randomBytes(4));
    const packet = codec.seal('node', header, randomBytes(10));
    expect(codec.open('client', packet)).toBeUndefined();
    expect(codec.open('node', packet)).toBeDefined();
  });

  it('refuses a plain packet when the session is encrypted', () => {
    const plain = new PacketCodec(undefined, Buffer.alloc(4)).seal('client', header, randomBytes(10));
    expect(new PacketCodec(randomBytes(16), Buffer.alloc(4)).open('client', plain)).toBeUndefined();
  });
});

describe('packet layout', () => {
  it('fits the default datagram within an Ethernet MTU', () => {
    expect(payloadCapacity(1472)).toBe(1420);
    expect(readHeader(Buffer.alloc(10))).toBeUndefined();
  });
});
