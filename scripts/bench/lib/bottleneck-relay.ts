import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';

/**
 * A shared bottleneck for UDP on loopback, in user space: every client's datagrams to the node pass through one
 * FIFO link of `mbps` with a tail-drop queue of `queueMs`, the way a congested router port behaves. Each client gets
 * its own upstream socket, so the node's answers find their way back. The node → client direction (a download's data)
 * is the constrained one; client → node (feedback, NACKs) passes straight through.
 */
export async function startBottleneck(nodePort: number, mbps: number, queueMs: number) {
  const front = createSocket('udp4');
  front.bind(0, '127.0.0.1');
  await once(front, 'listening');
  front.setRecvBufferSize(4 * 1024 * 1024);
  const upstream = new Map<string, Socket>();
  const stats = { forwarded: 0, dropped: 0 };
  let linkFreeAt = 0;

  const sendDown = (packet: Buffer, port: number, address: string) => {
    const now = performance.now();
    const start = Math.max(now, linkFreeAt);
    if (start - now > queueMs) {
      stats.dropped++;
      return;
    }
    linkFreeAt = start + (packet.length * 8) / (mbps * 1000);
    stats.forwarded++;
    setTimeout(() => front.send(packet, port, address), linkFreeAt - now);
  };

  front.on('message', (packet, from) => {
    const key = `${from.address}:${from.port}`;
    let socket = upstream.get(key);
    if (!socket) {
      const made = createSocket('udp4');
      made.bind(0, '127.0.0.1');
      made.on('message', (answer) => sendDown(answer, from.port, from.address));
      upstream.set(key, made);
      socket = made;
    }
    socket.send(packet, nodePort, '127.0.0.1');
  });

  return {
    port: front.address().port,
    stats,
    close() {
      front.close();
      for (const socket of upstream.values()) socket.close();
    },
  };
}
