import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { socketFd } from '../native/socket-fd.ts';
import { builtAddon } from '../test-support/built-addon.ts';
import { PacketType } from '../wire/packet.ts';
import { PacketCodec } from '../wire/packet-codec.ts';
import { receivingSocketStats } from './receiving-socket-stats.ts';
import { type ThreadDatagramInfo, ThreadSocket } from './thread-socket.ts';
import { openUdp } from './udp-probe.ts';

/**
 * Sends `count` datagrams of `size` bytes (every byte of datagram n is n % 256) to `port` from another thread, ten
 * every `gapMs` (0: all at once).
 */
async function flood(port: number, count: number, size: number, gapMs = 0): Promise<void> {
  const worker = new Worker(
    `const { workerData: { port, count, size, gapMs } } = require('node:worker_threads');
    const socket = require('node:dgram').createSocket('udp4');
    let sent = 0;
    const next = () => {
      if (sent === count) return socket.close();
      const n = sent++;
      const then = gapMs > 0 && sent % 10 === 0 ? () => setTimeout(next, gapMs) : next;
      socket.send(Buffer.alloc(size, n % 256), port, '127.0.0.1', then);
    };
    socket.bind(0, next);`,
    { eval: true, workerData: { port, count, size, gapMs } },
  );
  await once(worker, 'exit');
}

/** Blocks this thread's event loop, as a long collection or a busy core does. */
const stall = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('ThreadSocket', () => {
  it('keeps draining while the event loop is blocked: more than the kernel buffer holds arrives whole and in order', async () => {
    const { socket } = await openUdp('127.0.0.1', 9, true);
    const got: Buffer[] = [];
    socket.on('message', (packet: Buffer) => got.push(packet));
    const kernel = socket.getRecvBufferSize() - 32 * 1024 * 1024;
    // Twice what the kernel's buffer holds, sent over about a second while this thread cannot read (paced, so the
    // socket's thread keeps up on a busy machine too).
    const count = Math.ceil((2 * kernel) / 60_000);
    const sending = flood(socket.address().port, count, 60_000, 1000 / (count / 10));
    stall(1500);
    await sending;
    for (let wait = 0; wait < 100 && got.length < count; wait++) await new Promise((r) => setTimeout(r, 50));
    expect(got.map((packet) => packet[0])).toEqual(Array.from({ length: count }, (_, n) => n % 256));
    expect(
      got.every((packet) => packet.length === 60_000 && packet.every((byte) => byte === packet[0])),
    ).toBe(true);
    socket.close();
  });

  it('drops beyond what it may hold for the event loop, and tells the receiver so', async () => {
    const socket = await ThreadSocket.open(4, 10_000);
    const stats = receivingSocketStats(socket);
    // The buffer a sender paces to is the kernel's (at most twice rmem_max, what Linux grants), not the kernel's and
    // the thread's 32 MiB room together.
    const rmemMax = Number(readFileSync('/proc/sys/net/core/rmem_max', 'utf8'));
    expect(stats.socketBufferBytes).toBeGreaterThan(0);
    expect(stats.socketBufferBytes).toBeLessThanOrEqual(2 * rmemMax);
    let got = 0;
    socket.on('message', () => got++);
    const sending = flood(socket.address().port, 20, 1000);
    stall(1000);
    // Ten fit the thread's room; the rest are dropped there (the kernel's buffer had room for all).
    expect(socket.pipeQueuedBytes).toBe(10_000);
    expect(stats.socketQueuedBytes()).toBeGreaterThanOrEqual(10_000);
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toBe(10);
    expect(stats.socketDrops()).toBe(10);
    expect(stats.socketDrops()).toBe(0);
    expect(socket.pipeQueuedBytes).toBe(0);
    socket.close();
  });

  it('serves many sockets from one thread, each with its own datagrams', async () => {
    const threads = () => readdirSync('/proc/self/task').length;
    const before = threads();
    const sockets = await Promise.all(Array.from({ length: 20 }, () => ThreadSocket.open(4)));
    // The drain thread at most (earlier tests may have started it): not a thread per socket.
    expect(threads() - before).toBeLessThanOrEqual(1);
    const got = sockets.map(() => [] as number[]);
    sockets.forEach((socket, i) => {
      socket.on('message', (packet: Buffer) => got[i]?.push(packet[0] as number));
    });
    await Promise.all(sockets.map((socket, i) => flood(socket.address().port, 3, 100 + i)));
    for (let wait = 0; wait < 100 && got.some((each) => each.length < 3); wait++)
      await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(sockets.map(() => [0, 1, 2]));
    for (const socket of sockets) socket.close();
  });

  it('sends, connects and closes like a dgram socket', async () => {
    const peer = createSocket('udp4');
    peer.bind(0, '127.0.0.1');
    await once(peer, 'listening');
    const socket = await ThreadSocket.open(4);
    socket.send(Buffer.from('to'), peer.address().port, '127.0.0.1');
    const [first, from] = (await once(peer, 'message')) as [Buffer, { port: number }];
    expect(first.toString()).toBe('to');
    expect(from.port).toBe(socket.address().port);
    socket.connect(peer.address().port, '127.0.0.1');
    await once(socket, 'connect');
    socket.send([Buffer.from('con'), Buffer.from('nected')]);
    expect(((await once(peer, 'message')) as [Buffer])[0].toString()).toBe('connected');
    peer.send('back', socket.address().port, '127.0.0.1');
    expect(((await once(socket, 'message')) as [Buffer])[0].toString()).toBe('back');
    const closed = once(socket, 'close');
    socket.close();
    await closed;
    expect(() => socket.send(Buffer.from('x'))).toThrow();
    peer.close();
  });
});

describe.each([
  ['the addon', 'on'],
  ['JavaScript', 'off'],
])('ThreadSocket reading with %s', (_name, setting) => {
  it('delivers a burst of Ethernet-size datagrams whole and in order', async () => {
    builtAddon();
    const before = process.env.RAPID_DATAGRAM_ADDON;
    process.env.RAPID_DATAGRAM_ADDON = setting;
    const socket = await ThreadSocket.open(4);
    if (before === undefined) delete process.env.RAPID_DATAGRAM_ADDON;
    else process.env.RAPID_DATAGRAM_ADDON = before;
    const got: Buffer[] = [];
    socket.on('message', (packet: Buffer) => got.push(packet));
    const count = 2000;
    await flood(socket.address().port, count, 1472);
    for (let wait = 0; wait < 100 && got.length < count; wait++) await new Promise((r) => setTimeout(r, 50));
    expect(got.map((packet) => packet[0])).toEqual(Array.from({ length: count }, (_, n) => n % 256));
    expect(got.every((packet) => packet.length === 1472 && packet.every((byte) => byte === packet[0]))).toBe(
      true,
    );
    if (setting === 'on') expect(socket.batchedDatagrams).toBeGreaterThan(0);
    else expect(socket.batchedDatagrams).toBe(0);
    socket.close();
  });
});

describe('ThreadSocket opening a download on its thread', () => {
  it.each([1, 2] as const)(
    'packet version %i: the session’s data opened in place with its tag checked, forged data dropped, the rest as it came',
    async (version) => {
      builtAddon();
      const socket = await ThreadSocket.open(4);
      const key = randomBytes(16);
      const salt = randomBytes(4);
      const node = new PacketCodec(key, salt, version);
      expect(socket.openOnThread({ sessionId: 7, key, salt })).toBe(true);
      const got: { packet: Buffer; opened: boolean }[] = [];
      socket.on('message', (packet: Buffer, info: ThreadDatagramInfo) =>
        got.push({ packet: Buffer.from(packet), opened: info.opened }),
      );
      // The session's key reaches the thread before the datagrams do (its messages come in order; a moment's margin).
      await new Promise((r) => setTimeout(r, 50));
      const header = (seq: number, sessionId = 7) => ({
        type: PacketType.data,
        flags: 0,
        sessionId,
        seq: 2 ** 40 + seq,
        fileIndex: 0,
        offset: seq * 1000,
        sendUs: 0,
      });
      const payload = (seq: number) => Buffer.alloc(1000, seq);
      const sealed = Array.from({ length: 20 }, (_, seq) => node.seal('node', header(seq), payload(seq)));
      const forged = node.seal('node', header(20), payload(20));
      forged[forged.length - 20] = (forged[forged.length - 20] ?? 0) ^ 1;
      const other = node.seal('node', header(21, 8), payload(21));
      const peer = createSocket('udp4');
      peer.bind(0, '127.0.0.1');
      await once(peer, 'listening');
      for (const packet of [...sealed, forged, other]) peer.send(packet, socket.address().port, '127.0.0.1');
      for (let wait = 0; wait < 100 && got.length < 21; wait++) await new Promise((r) => setTimeout(r, 20));
      peer.close();
      socket.close();
      expect(got.length).toBe(21);
      const opened = got.slice(0, 20);
      expect(opened.every((each) => each.opened)).toBe(true);
      // Decrypted already: the event loop's codec only reads the header and hands the plaintext on.
      const read = opened.map((each) => node.opened(each.packet));
      expect(read.map((each) => each?.payload.equals(payload((each?.header.seq ?? 0) - 2 ** 40)))).toEqual(
        Array(20).fill(true),
      );
      expect(read.map((each) => each?.header.seq)).toEqual(
        Array.from({ length: 20 }, (_, seq) => 2 ** 40 + seq),
      );
      // Another session's packet is not this key's to judge: it comes sealed, for the event loop's own open to refuse.
      expect(got[20]).toEqual({ packet: other, opened: false });
      expect(socket.openedOnThread).toEqual({ opened: 20, failed: 1 });
    },
  );
});

describe('ThreadSocket with UDP GRO', () => {
  it('takes runs the sender sent with UDP GSO coalesced, and hands over the same datagrams whole and in order', async () => {
    const addon = builtAddon();
    const socket = await ThreadSocket.open(4);
    const got: Buffer[] = [];
    socket.on('message', (packet: Buffer) => got.push(Buffer.from(packet)));
    const peer = createSocket('udp4');
    peer.bind(0, '127.0.0.1');
    await once(peer, 'listening');
    const count = 2000;
    const datagram = (n: number) => {
      const packet = Buffer.alloc(n === count - 1 ? 100 : 1472, n % 256);
      packet.writeUInt16BE(n, 0);
      return [packet];
    };
    for (let from = 0; from < count; from += 200) {
      const batch = Array.from({ length: Math.min(200, count - from) }, (_, i) => datagram(from + i));
      expect(addon.sendBatch(socketFd(peer) as number, batch, socket.address().port, '127.0.0.1', true)).toBe(
        batch.length,
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    for (let wait = 0; wait < 100 && got.length < count; wait++) await new Promise((r) => setTimeout(r, 20));
    peer.close();
    socket.close();
    expect(got.map((packet) => packet.readUInt16BE(0))).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(got.every((packet, n) => packet.length === datagram(n)[0]?.length)).toBe(true);
    expect(
      got.every((packet) => packet.subarray(2).every((byte) => byte === packet.readUInt16BE(0) % 256)),
    ).toBe(true);
    expect(socket.coalescedRuns).toBeGreaterThan(0);
  });
});
