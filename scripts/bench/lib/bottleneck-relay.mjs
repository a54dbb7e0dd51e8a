// A shared bottleneck for UDP on loopback, in user space and in its own process (so the clients under test never
// delay its clock): every client's datagrams to the node pass through one FIFO link of <mbps> with a tail-drop queue
// of <queue ms>, the way a congested router port behaves. Each client gets its own upstream socket so the node's
// answers find their way back. Only node → client (a download's data) is constrained; feedback passes straight.
// Usage: node bottleneck-relay.mjs <node udp port> <mbps> <queue ms>; prints `{"port":N}` on stdout, then on SIGTERM
// `{"forwarded":N,"dropped":N}`.
import { createSocket } from 'node:dgram';
import { once } from 'node:events';

const [nodePort, mbps, queueMs] = process.argv.slice(2).map(Number);
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
let linkFreeAt = 0;

/** @param {Buffer} packet @param {number} port @param {string} address */
function sendDown(packet, port, address) {
  const now = performance.now();
  const start = Math.max(now, linkFreeAt);
  if (start - now > Number(queueMs)) {
    stats.dropped++;
    return;
  }
  linkFreeAt = start + (packet.length * 8) / (Number(mbps) * 1000);
  stats.forwarded++;
  setTimeout(() => front.send(packet, port, address), linkFreeAt - now);
}

front.on('message', (packet, from) => {
  const key = `${from.address}:${from.port}`;
  let socket = upstream.get(key);
  if (!socket) {
    socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1', () => socket?.setRecvBufferSize(4 * 1024 * 1024));
    socket.on('message', (answer) => sendDown(answer, from.port, from.address));
    upstream.set(key, socket);
  }
  socket.send(packet, Number(nodePort), '127.0.0.1');
});

process.stdout.write(`${JSON.stringify({ port: front.address().port })}\n`);
process.once('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  process.exit(0);
});
