import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { builtAddon } from '../test-support/built-addon.ts';
import { headerBytes, PacketType, type PacketVersion, payloadCapacity, readHeader } from './packet.ts';
import { PacketCodec } from './packet-codec.ts';

const addon = builtAddon();

const header = {
  type: PacketType.data,
  flags: 0,
  sessionId: 7,
  seq: 2 ** 40 + 3,
  fileIndex: 2,
  offset: 2 ** 33 + 5,
  sendUs: 99,
};

const cases: [string, Buffer | undefined, PacketVersion, 'addon' | 'node:crypto'][] = [];
for (const backend of ['addon', 'node:crypto'] as const)
  for (const version of [1, 2] as const)
    cases.push(
      ['aes-128-gcm', randomBytes(16), version, backend],
      ['aes-256-gcm', randomBytes(32), version, backend],
      ['crc32', undefined, version, backend],
    );

describe.each(cases)('PacketCodec with %s, packet version %i, on %s', (_name, key, version, backend) => {
  const codec = new PacketCodec(key, randomBytes(4), version, backend === 'addon' ? addon : null);

  it('uses the backend it was given', () => {
    expect(codec.native).toBe(backend === 'addon' && key !== undefined);
  });
  const head = headerBytes(version);

  it('round-trips header fields beyond 32 bits and the payload', () => {
    const payload = randomBytes(1000);
    const packet = codec.seal('client', header, payload);
    expect(packet[1]).toBe(version);
    const opened = codec.open('client', packet);
    expect(opened?.payload.equals(payload)).toBe(true);
    expect(opened?.header).toMatchObject({ ...header, flags: key ? 2 : 0, length: 1000, version });
  });

  it('fills a datagram with exactly the payload it says fits', () => {
    const capacity = codec.payloadCapacity(1472);
    expect(codec.seal('client', header, randomBytes(capacity)).length).toBe(1472);
  });

  it.each([0, 1, 3, head - 1, head + 10, -1])(
    'rejects a packet with byte %i flipped (-1: the last)',
    (at) => {
      const packet = codec.seal('client', header, randomBytes(1000));
      const index = at < 0 ? packet.length + at : at;
      packet[index] = (packet[index] ?? 0) ^ 0x01;
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

  it('opens packets of either version, whichever it seals in', () => {
    const other = new PacketCodec(key, Buffer.alloc(4), version === 1 ? 2 : 1);
    const same = new PacketCodec(key, Buffer.alloc(4), version);
    const payload = randomBytes(300);
    expect(same.open('node', other.seal('node', header, payload))?.payload.equals(payload)).toBe(true);
  });
});

describe('PacketCodec on the addon and on node:crypto', () => {
  it.each([1, 2] as const)('writes the same bytes, so either end opens the other (version %i)', (version) => {
    const key = randomBytes(16);
    const salt = randomBytes(4);
    const native = new PacketCodec(key, salt, version, addon);
    const js = new PacketCodec(key, salt, version, null);
    for (const length of [0, 1, 1416, 9000]) {
      const payload = randomBytes(length);
      const sealed = native.seal('node', { ...header, seq: length }, payload);
      expect(sealed.equals(js.seal('node', { ...header, seq: length }, payload))).toBe(true);
      expect(js.open('node', Buffer.from(sealed))?.payload.equals(payload)).toBe(true);
      expect(native.open('client', js.seal('client', header, payload))?.payload.equals(payload)).toBe(true);
    }
  });

  it('leaves a packet that fails to open as it came (the addon opens in place)', () => {
    const codec = new PacketCodec(randomBytes(16), randomBytes(4), 2, addon);
    const packet = codec.seal('client', header, randomBytes(1000));
    const copy = Buffer.from(packet);
    expect(codec.open('node', packet)).toBeUndefined();
    expect(packet.equals(copy)).toBe(true);
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
  it('fits the default datagram within an Ethernet MTU; version 2 carries 8 bytes more, 20 more when plain', () => {
    expect(payloadCapacity(1472)).toBe(1420);
    expect(payloadCapacity(1472, 2, true)).toBe(1428);
    expect(payloadCapacity(1472, 2, false)).toBe(1440);
    expect(readHeader(Buffer.alloc(10))).toBeUndefined();
  });

  it('refuses an unknown version', () => {
    const packet = new PacketCodec(undefined, Buffer.alloc(4), 2).seal('client', header, randomBytes(10));
    packet[1] = 3;
    expect(readHeader(packet)).toBeUndefined();
  });
});
