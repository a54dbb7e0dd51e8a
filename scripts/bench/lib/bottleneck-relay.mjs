// A shared bottleneck for UDP on loopback, in user space and in its own process (so the clients under test never
// delay its clock): every client's datagrams to the node pass through one FIFO link of <mbps> with a tail-drop queue
// of <queue ms>, the way a congested router port behaves. Each client gets its own upstream socket so the node's
// answers find their way back. By default only node → client (a download's data) is constrained and client → node
// passes straight; with `duplex` the other direction is a link of its own of the same rate and queue (uploads share
// it the way downloads share the first).
// Usage: node bottleneck-relay.mjs <node udp port> <mbps> <queue ms> [duplex]; prints `{"port":N}` on stdout, then on
// SIGTERM `{"forwarded":N,"dropped":N}`.
import { createSocket } from 'node:dgram';
import { once } from 'node:events';

const [nodePort, mbps, queueMs] = process.argv.slice(2, 5).map(Number);
const duplex = process.argv[5] === 'duplex';
const front = createSocket('udp4');
front.bind(0, '127.0.0.1');
await once(front, 'listening');
// Large buffers on every socket: the tail-drop queue below must be the only place a datagram is lost (a default
// 208 KiB buffer overflows whenever this process is descheduled for a few milliseconds on a busy machine).
front.setRecvBufferSize(4 * 1024 * 1024);
front.setSendBufferSize(4 * 1024 * 1024);
/** @type {Map<string, import('node:dgram').Socket>} */
const upstream = new Map();
const stats = { forwarded: 0, dropped: 0 };
const down = { freeAt: 0 };
const up = { freeAt: 0 };

/**
 * Queues `packet` on `link` (tail drop beyond the queue) and calls `send` when it leaves the link.
 * @param {{ freeAt: number }} link @param {Buffer} packet @param {() => void} send
 */
function through(link, packet, send) {
  const now = performance.now();
  const start = Math.max(now, link.freeAt);
  if (start - now > Number(queueMs)) {
    stats.dropped++;
    return;
  }
  link.freeAt = start + (packet.length * 8) / (Number(mbps) * 1000);
  stats.forwarded++;
  setTimeout(send, link.freeAt - now);
}

front.on('message', (packet, from) => {
  const key = `${from.address}:${from.port}`;
  let socket = upstream.get(key);
  if (!socket) {
    const created = createSocket('udp4');
    created.bind(0, '127.0.0.1', () => created.setRecvBufferSize(4 * 1024 * 1024));
    created.on('message', (answer) =>
      through(down, answer, () => front.send(answer, from.port, from.address)),
    );
    upstream.set(key, created);
    socket = created;
  }
  const toNode = socket;
  if (duplex) through(up, packet, () => toNode.send(packet, Number(nodePort), '127.0.0.1'));
  else toNode.send(packet, Number(nodePort), '127.0.0.1');
});

process.stdout.write(`${JSON.stringify({ port: front.address().port })}\n`);
process.once('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  process.exit(0);
});
