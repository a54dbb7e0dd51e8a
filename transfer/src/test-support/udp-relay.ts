import { createSocket, type RemoteInfo } from 'node:dgram';
import { once } from 'node:events';

export interface RelayFaults {
  /** Decides per datagram (1-based count per direction) whether to drop it. */
  drop?: (n: number, direction: 'up' | 'down') => boolean;
  corrupt?: (n: number, direction: 'up' | 'down') => boolean;
}

/** Test support: a UDP relay between one client and a node that drops or corrupts chosen datagrams. */
export async function startUdpRelay(targetPort: number, faults: RelayFaults) {
  const front = createSocket('udp4');
  const back = createSocket('udp4');
  front.bind(0, '127.0.0.1');
  back.bind(0, '127.0.0.1');
  await Promise.all([once(front, 'listening'), once(back, 'listening')]);
  for (const socket of [front, back]) socket.setRecvBufferSize(4 * 1024 * 1024);
  let client: RemoteInfo | undefined;
  const counts = { up: 0, down: 0, dropped: 0, corrupted: 0, largest: 0 };
  const pass = (packet: Buffer, direction: 'up' | 'down', send: (p: Buffer) => void) => {
    const n = ++counts[direction];
    counts.largest = Math.max(counts.largest, packet.length);
    if (faults.drop?.(n, direction)) {
      counts.dropped++;
      return;
    }
    if (faults.corrupt?.(n, direction) && packet.length > 60) {
      const copy = Buffer.from(packet);
      copy[50] = (copy[50] ?? 0) ^ 0x5a;
      counts.corrupted++;
      send(copy);
      return;
    }
    send(packet);
  };
  front.on('message', (packet, rinfo) => {
    client = rinfo;
    pass(packet, 'up', (p) => back.send(p, targetPort, '127.0.0.1'));
  });
  back.on('message', (packet) => {
    if (client) {
      const to = client;
      pass(packet, 'down', (p) => front.send(p, to.port, to.address));
    }
  });
  return {
    port: front.address().port,
    counts,
    close: () => {
      front.close();
      back.close();
    },
  };
}
