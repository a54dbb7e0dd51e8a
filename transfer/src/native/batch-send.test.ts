import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadSocket } from '../engine/thread-socket.ts';
import { builtAddon } from '../test-support/built-addon.ts';
import { batchSend } from './batch-send.ts';
import type { DatagramAddon } from './datagram-addon.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function bound(): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  socket.setRecvBufferSize(4 * 1024 * 1024);
  sockets.push(socket);
  return socket;
}

/** The real addon, counting its sendmmsg calls. */
function counted(addon: DatagramAddon) {
  const calls: number[] = [];
  const wrapped: DatagramAddon = {
    ...addon,
    gcmNew: addon.gcmNew,
    sendBatch: (fd, datagrams, port, address, segment) => {
      calls.push(datagrams.length);
      return addon.sendBatch(fd, datagrams, port, address, segment);
    },
  };
  return { wrapped, calls };
}

async function received(socket: Socket, count: number): Promise<Buffer[]> {
  const got: Buffer[] = [];
  socket.on('message', (packet) => got.push(packet));
  for (let wait = 0; wait < 100 && got.length < count; wait++) await new Promise((r) => setTimeout(r, 20));
  return got;
}

const datagram = (n: number) => [
  Buffer.from([n >> 8, n & 255]),
  Buffer.alloc(1000, n % 256),
  Buffer.from('end'),
];
const intact = (packet: Buffer, n: number) =>
  packet.length === 1005 &&
  packet.readUInt16BE(0) === n &&
  packet.subarray(2, 1002).every((byte) => byte === n % 256) &&
  packet.subarray(1002).toString() === 'end';

describe('batchSend', () => {
  it('with the addon, sends one turn’s datagrams (given as parts) in one sendmmsg per peer, whole and in order', async () => {
    const { wrapped, calls } = counted(builtAddon());
    const [from, a, b] = [await bound(), await bound(), await bound()];
    const send = batchSend(from, wrapped);
    for (let n = 0; n < 200; n++) send(datagram(n), a.address().port, '127.0.0.1');
    for (let n = 200; n < 250; n++) send(datagram(n), b.address().port, '127.0.0.1');
    expect(calls).toEqual([]);
    const [toA, toB] = await Promise.all([received(a, 200), received(b, 50)]);
    expect(calls).toEqual([200, 50]);
    expect(toA.every((packet, n) => intact(packet, n))).toBe(true);
    expect(toA.length).toBe(200);
    expect(toB.every((packet, n) => intact(packet, n + 200))).toBe(true);
  });

  it('with the addon, sends to a connected socket’s peer', async () => {
    const { wrapped, calls } = counted(builtAddon());
    const [from, to] = [await bound(), await bound()];
    from.connect(to.address().port, '127.0.0.1');
    await once(from, 'connect');
    const send = batchSend(from, wrapped);
    for (let n = 0; n < 20; n++) send(datagram(n));
    const got = await received(to, 20);
    expect(calls).toEqual([20]);
    expect(got.every((packet, n) => intact(packet, n))).toBe(true);
  });

  it.each([true, false])(
    'segmenting %s, a run of one size and a shorter last arrive as the same datagrams',
    async (segment) => {
      const addon = builtAddon();
      const [from, to] = [await bound(), await bound()];
      const send = batchSend(from, addon, segment);
      for (let n = 0; n < 150; n++) send(datagram(n), to.address().port, '127.0.0.1');
      send([Buffer.from([0, 150]), Buffer.alloc(10, 150)], to.address().port, '127.0.0.1');
      const got = await received(to, 151);
      expect(got.length).toBe(151);
      expect(got.slice(0, 150).every((packet, n) => intact(packet, n))).toBe(true);
      expect(got[150]?.length).toBe(12);
      expect(addon.segmentationOff()).toBe(false);
    },
  );

  it('without the addon, is socket.send: the same datagrams arrive', async () => {
    const [from, to] = [await bound(), await bound()];
    const send = batchSend(from, undefined);
    for (let n = 0; n < 50; n++) send(datagram(n), to.address().port, '127.0.0.1');
    const got = await received(to, 50);
    expect(got.length).toBe(50);
    expect(got.every((packet, n) => intact(packet, n))).toBe(true);
  });

  it('drops what was queued for a socket closed before the turn ended, without throwing', async () => {
    const [from, to] = [await bound(), await bound()];
    const send = batchSend(from, builtAddon());
    send(datagram(1), to.address().port, '127.0.0.1');
    sockets.splice(sockets.indexOf(from), 1);
    from.close();
    await new Promise((r) => setTimeout(r, 20));
  });
});

describe('batchSend, UDP GSO by default (docs/perf/round-3.md, third pass: re-sent ≤ 0.3 % on loopback at idle)', () => {
  // A receiver with UDP GRO (the drain thread's) gets a run sent with GSO as one coalesced receive on loopback, and
  // datagrams sent one per message as datagrams: its count of coalesced runs tells which way they were sent.
  it.each([
    ['unset', undefined, true],
    ['off', 'off', false],
  ])('RAPID_UDP_GSO %s: runs of full datagrams go as GSO messages: %s', async (_name, setting, coalesced) => {
    builtAddon();
    const before = process.env.RAPID_UDP_GSO;
    if (setting === undefined) delete process.env.RAPID_UDP_GSO;
    else process.env.RAPID_UDP_GSO = setting;
    try {
      const to = await ThreadSocket.open(4);
      const from = await bound();
      const send = batchSend(from);
      let got = 0;
      to.on('message', () => got++);
      for (let n = 0; n < 100; n++) send(datagram(n), to.address().port, '127.0.0.1');
      for (let wait = 0; wait < 100 && got < 100; wait++) await new Promise((r) => setTimeout(r, 20));
      to.close();
      expect(got).toBe(100);
      expect(to.coalescedRuns > 0).toBe(coalesced);
    } finally {
      if (before === undefined) delete process.env.RAPID_UDP_GSO;
      else process.env.RAPID_UDP_GSO = before;
    }
  });
});
