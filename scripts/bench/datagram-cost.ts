import { createCipheriv, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { datagramAddon } from '../../transfer/src/native/datagram-addon.ts';
import { socketFd } from '../../transfer/src/native/socket-fd.ts';
import { PacketCodec } from '../../transfer/src/wire/packet-codec.ts';
import './lib/bench-node.ts';
import { median, RUNS, table } from './lib/stats.ts';

// What one 1,472-byte datagram costs this machine, path by path (issue 32, "small datagrams cheap"): AES-128-GCM
// sealing with node:crypto (an object per datagram) and with the addon's reused context, and loopback send + receive
// through dgram, the addon's sendmmsg/recvmmsg batches, and UDP GSO batches. Microseconds per datagram, one thread
// doing both ends (on loopback the receiving side's stack work runs inside the send call), median of 3. The last row
// receives with UDP GRO, as the client's drain thread does: the kernel hands over each GSO run whole.
const addon = datagramAddon();
if (!addon) throw new Error('the datagram addon is not built (node transfer/native/build.mjs)');
const SIZE = 1472;
const COUNT = 100_000;
const payload = randomBytes(SIZE - 28 - 16);
const header = { type: 1, flags: 0, sessionId: 1, seq: 0, fileIndex: 0, offset: 0, sendUs: 0 };

const usPer = (work: () => void, count: number) => {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1000 / count;
};

async function pair(): Promise<[Socket, Socket]> {
  const [a, b] = [createSocket('udp4'), createSocket('udp4')];
  for (const socket of [a, b]) {
    socket.bind(0, '127.0.0.1');
    await once(socket, 'listening');
    socket.setRecvBufferSize(4 * 1024 * 1024);
    socket.setSendBufferSize(4 * 1024 * 1024);
  }
  return [a, b];
}

/** Sends COUNT datagrams from a to b in batches of 64 and reads them back between batches. */
async function loop(kind: 'dgram' | 'sendmmsg' | 'gso' | 'gro'): Promise<number> {
  const [from, to] = await pair();
  const port = to.address().port;
  const packet = Buffer.alloc(SIZE, 7);
  const batch = Array.from({ length: 64 }, () => [packet]);
  // Slots of 64 KiB: with UDP GRO a slot holds a coalesced run (its segment size says how many datagrams).
  const slot = kind === 'gro' ? 65536 : 2048;
  const scratch = Buffer.allocUnsafe(slot * 256);
  const lengths = new Int32Array(256);
  const segments = new Int32Array(256);
  const toFd = socketFd(to) as number;
  if (kind === 'gro' && !addon?.groOn(toFd)) throw new Error('the kernel refused UDP GRO');
  const fromFd = socketFd(from) as number;
  let received = 0;
  const start = process.hrtime.bigint();
  if (kind === 'dgram') {
    // dgram both ways: one send call (and system call) and one 'message' event per datagram.
    to.on('message', () => received++);
    let sent = 0;
    while (sent < COUNT) {
      for (let i = 0; i < 64; i++) from.send(packet, port, '127.0.0.1');
      sent += 64;
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (received < COUNT * 0.99) {
      const before = received;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (received === before) break;
    }
  } else {
    to.removeAllListeners('message');
    let sent = 0;
    while (sent < COUNT) {
      sent += addon?.sendBatch(fromFd, batch, port, '127.0.0.1', kind !== 'sendmmsg') ?? 0;
      for (let got = 256; got === 256; ) {
        got = addon?.recvBatch(toFd, scratch, slot, lengths, undefined, segments) ?? 0;
        for (let i = 0; i < got; i++)
          received += (segments[i] ?? 0) > 0 ? Math.ceil((lengths[i] ?? 0) / (segments[i] ?? 1)) : 1;
      }
    }
  }
  const us = Number(process.hrtime.bigint() - start) / 1000 / received;
  from.close();
  to.close();
  return us;
}

const results: Record<string, number[]> = {};
const record = (name: string, us: number) => {
  results[name] ??= [];
  results[name].push(us);
};
const js = new PacketCodec(randomBytes(16), randomBytes(4), 2, null);
const native = new PacketCodec(randomBytes(16), randomBytes(4), 2, addon);
const key = randomBytes(16);
for (let run = 0; run < RUNS; run++) {
  record(
    'seal, node:crypto (PacketCodec JavaScript path)',
    usPer(() => {
      for (let seq = 0; seq < COUNT; seq++) js.sealParts('node', { ...header, seq }, payload);
    }, COUNT),
  );
  record(
    'seal, addon (PacketCodec addon path)',
    usPer(() => {
      for (let seq = 0; seq < COUNT; seq++) native.sealParts('node', { ...header, seq }, payload);
    }, COUNT),
  );
  record(
    'bulk AES-128-GCM, node:crypto, one object for all',
    usPer(() => {
      const cipher = createCipheriv('aes-128-gcm', key, randomBytes(12));
      for (let i = 0; i < COUNT; i++) cipher.update(payload);
      cipher.final();
    }, COUNT),
  );
  record('loopback send + receive, dgram', await loop('dgram'));
  record('loopback send + receive, addon sendmmsg/recvmmsg', await loop('sendmmsg'));
  record('loopback send + receive, addon UDP GSO + recvmmsg', await loop('gso'));
  record('loopback send + receive, addon UDP GSO + GRO (coalesced runs)', await loop('gro'));
}
console.log(
  `datagram cost: ${SIZE}-byte datagrams, ${COUNT} per measure, median of ${RUNS}; load average ${loadavg()
    .map((each) => each.toFixed(1))
    .join(' ')}`,
);
table(
  ['path', 'µs per datagram', 'datagrams/s on one core', 'Mbit/s of payload'],
  Object.entries(results).map(([name, us]) => {
    const m = median(us);
    return [
      name,
      m.toFixed(2),
      Math.round(1e6 / m).toLocaleString('en'),
      ((1e6 / m) * 1428 * 8e-6).toFixed(0),
    ];
  }),
);
