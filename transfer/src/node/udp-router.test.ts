import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { socketFd } from '../native/socket-fd.ts';
import { builtAddon } from '../test-support/built-addon.ts';
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

describe.each([
  ['the addon', true],
  ['JavaScript', false],
])('UdpRouter reading and sending with %s', (_name, withAddon) => {
  it('routes a burst of datagrams whole and in order, learns the client from a probe inside it, and answers', async () => {
    const addon = builtAddon();
    const router = new UdpRouter(withAddon ? addon : null);
    const port = await router.listen(0, '127.0.0.1');
    const client = createSocket('udp4');
    client.bind(0, '127.0.0.1');
    await once(client, 'listening');
    // Room for the whole answer burst (the default buffer holds fewer than 100 of these).
    client.setRecvBufferSize(4 * 1024 * 1024);
    closers.push(
      () => router.close(),
      () => client.close(),
    );
    const back: Buffer[] = [];
    client.on('message', (packet) => back.push(packet));
    const codec = new PacketCodec(randomBytes(16), randomBytes(4), 2);
    const { entry, data } = entryOf(codec);
    router.register(45, entry);
    const datagram = (seq: number, type: number = PacketType.data) =>
      codec.seal(
        'client',
        { type, flags: 0, sessionId: 45, seq, fileIndex: 0, offset: seq, sendUs: 0 },
        Buffer.alloc(type === PacketType.probe ? 0 : 1400, seq % 256),
      );
    // One sendmmsg: the whole burst waits in the router's socket before its event loop reads the first.
    const burst = Array.from({ length: 300 }, (_, seq) => [
      datagram(seq, seq === 250 ? PacketType.probe : PacketType.data),
    ]);
    expect(addon.sendBatch(socketFd(client) as number, burst, port, '127.0.0.1')).toBe(300);
    for (let wait = 0; wait < 100 && data.length < 299; wait++) await pause(20);
    expect(data.map((packet) => readHeader(packet)?.seq)).toEqual(
      Array.from({ length: 300 }, (_, seq) => seq).filter((seq) => seq !== 250),
    );
    expect(entry.peer).toEqual({ address: '127.0.0.1', port: client.address().port });
    if (withAddon) expect(router.batchedDatagrams).toBeGreaterThan(0);
    else expect(router.batchedDatagrams).toBe(0);

    // The node's sends to the learned client, batched per turn with the addon.
    for (let seq = 0; seq < 100; seq++)
      router.sendTo(entry, codec.sealParts('node', { ...header45, seq }, Buffer.alloc(1400, seq)));
    for (let wait = 0; wait < 100 && back.length < 101; wait++) await pause(20);
    const seqs = back.map((packet) => readHeader(packet)?.seq);
    expect(seqs[0]).toBe(250);
    expect(seqs.slice(1)).toEqual(Array.from({ length: 100 }, (_, seq) => seq));
    expect(
      back
        .slice(1)
        .every((packet, seq) => codec.open('node', packet)?.payload.equals(Buffer.alloc(1400, seq))),
    ).toBe(true);
  });
});

const header45 = { type: PacketType.data, flags: 0, sessionId: 45, fileIndex: 0, offset: 0, sendUs: 0 };

describe('UdpRouter, the receive thread (with the addon)', () => {
  it('takes an upload’s GSO runs coalesced, opens its data in place there, and drops a forged packet there', async () => {
    const addon = builtAddon();
    const router = new UdpRouter(addon);
    const port = await router.listen(0, '127.0.0.1');
    const client = createSocket('udp4');
    client.bind(0, '127.0.0.1');
    await once(client, 'listening');
    closers.push(
      () => void router.close(),
      () => client.close(),
    );
    const key = randomBytes(16);
    const salt = randomBytes(4);
    const codec = new PacketCodec(key, salt, 2);
    const got: { packet: Buffer; opened: boolean }[] = [];
    const entry: UdpSessionEntry = {
      codec,
      peer: undefined,
      onData: (packet, opened) => got.push({ packet: Buffer.from(packet), opened }),
    };
    router.register(46, entry);
    expect(router.openOnThread(46, key, salt)).toBe(true);
    const payload = (seq: number) => Buffer.alloc(1400, seq % 251);
    const sealed = (seq: number) =>
      codec.seal(
        'client',
        { type: PacketType.data, flags: 0, sessionId: 46, seq, fileIndex: 0, offset: 0, sendUs: 0 },
        payload(seq),
      );
    // The session's key reaches the thread with the next turn of its loop.
    await pause(50);
    const count = 400;
    for (let from = 0; from < count; from += 100) {
      const run = Array.from({ length: 100 }, (_, i) => [sealed(from + i)]);
      expect(addon.sendBatch(socketFd(client) as number, run, port, '127.0.0.1', true)).toBe(100);
    }
    const forged = sealed(count);
    forged.writeUInt8(forged.readUInt8(forged.length - 1) ^ 1, forged.length - 1);
    client.send(forged, port, '127.0.0.1');
    for (let wait = 0; wait < 100 && got.length < count; wait++) await pause(20);
    await pause(50);
    const thread = router.receiveThread;
    expect(thread?.gro).toBe(true);
    expect(got.length).toBe(count);
    expect(got.every((each) => each.opened)).toBe(true);
    // Decrypted already: the event loop's codec only reads the header and hands the plaintext on.
    expect(got.every((each, seq) => codec.opened(each.packet)?.payload.equals(payload(seq)))).toBe(true);
    expect(thread?.openedOnThread).toEqual({ opened: count, failed: 1 });
    expect(thread?.coalescedRuns).toBeGreaterThan(0);
    // Once the session is gone, its packets come as they came (for the event loop to drop as no session's).
    router.unregister(46);
    await pause(50);
    client.send(sealed(count + 1), port, '127.0.0.1');
    await pause(100);
    expect(thread?.openedOnThread.opened).toBe(count);
  });
});
