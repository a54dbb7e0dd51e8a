import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { PacketType, readHeader } from '../wire/packet.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import { UdpRouter, type UdpSessionEntry } from './udp-router.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function setUp() {
  const router = new UdpRouter();
  const port = await router.listen(0, '127.0.0.1');
  const client = createSocket('udp4');
  client.bind(0, '127.0.0.1');
  await once(client, 'listening');
  const answers: number[] = [];
  client.on('message', (packet) => {
    const header = readHeader(packet);
    if (header) answers.push(header.type);
  });
  closers.push(
    () => router.close(),
    () => client.close(),
  );
  const send = (packet: Buffer) =>
    new Promise<void>((resolve) => client.send(packet, port, '127.0.0.1', () => resolve()));
  return { router, send, answers };
}

const sealed = (codec: PacketCodec, type: number, sessionId: number) =>
  codec.seal(
    'client',
    { type, flags: 0, sessionId, seq: 2 ** 52 + 1, fileIndex: 0, offset: 0, sendUs: 0 },
    type === PacketType.probe ? Buffer.alloc(0) : Buffer.from('data'),
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function entryOf(codec: PacketCodec) {
  let peers = 0;
  const data: Buffer[] = [];
  const entry: UdpSessionEntry = {
    codec,
    peer: undefined,
    onData: (packet) => data.push(packet),
    onPeer: () => {
      peers++;
    },
  };
  return { entry, peers: () => peers, data };
}

describe('UdpRouter, probes that arrive before their session (PROTOCOL.md §2.4)', () => {
  it('keeps a probe for an id no session holds, and answers it once a session takes the id', async () => {
    const { router, send, answers } = await setUp();
    const codec = new PacketCodec(randomBytes(16), randomBytes(4));
    await send(sealed(codec, PacketType.probe, 41));
    await pause(50);
    expect(answers).toEqual([]);
    const { entry, peers } = entryOf(codec);
    router.register(41, entry);
    router.deliverEarly(41);
    await pause(50);
    expect(peers()).toBe(1);
    expect(entry.peer?.address).toBe('127.0.0.1');
    expect(answers).toEqual([PacketType.probeAck]);
  });

  it('opens a kept probe with the session’s key: a forged one teaches no address', async () => {
    const { router, send, answers } = await setUp();
    await send(sealed(new PacketCodec(randomBytes(16), randomBytes(4)), PacketType.probe, 42));
    await pause(50);
    const { entry, peers } = entryOf(new PacketCodec(randomBytes(16), randomBytes(4)));
    router.register(42, entry);
    router.deliverEarly(42);
    await pause(50);
    expect(peers()).toBe(0);
    expect(entry.peer).toBeUndefined();
    expect(answers).toEqual([]);
  });

  it('keeps no data for an unknown id (a late datagram of a session that has ended)', async () => {
    const { router, send } = await setUp();
    const codec = new PacketCodec(randomBytes(16), randomBytes(4));
    await send(sealed(codec, PacketType.data, 43));
    await pause(50);
    const { entry, data } = entryOf(codec);
    router.register(43, entry);
    router.deliverEarly(43);
    await pause(20);
    expect(data).toEqual([]);
  });

  it('tells which ids are free', async () => {
    const { router } = await setUp();
    expect(router.isFree(44)).toBe(true);
    router.register(44, entryOf(new PacketCodec(undefined, randomBytes(4))).entry);
    expect(router.isFree(44)).toBe(false);
  });
});
