import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { connect, createServer, type Socket as NetSocket } from 'node:net';
import { ControlLink } from '../session/control-link.ts';
import type { DataLink } from '../session/session-types.ts';

/** Test support: a real TCP control pair and a real UDP pair on loopback. */
export async function controlPair(): Promise<[ControlLink, ControlLink]> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const accepted = once(server, 'connection') as Promise<[NetSocket]>;
  const client = connect(port, '127.0.0.1');
  const [serverSide] = await accepted;
  server.close();
  return [new ControlLink(client), new ControlLink(serverSide)];
}

/** Drops or corrupts chosen datagrams on their way, deterministically by position. */
export interface Faults {
  drop?: (n: number) => boolean;
  corrupt?: (n: number) => boolean;
}

export async function udpPair(
  faults: Faults = {},
): Promise<{ a: Socket; b: Socket; aToB: DataLink; close: () => void }> {
  const a = createSocket('udp4');
  const b = createSocket('udp4');
  a.bind(0, '127.0.0.1');
  b.bind(0, '127.0.0.1');
  await Promise.all([once(a, 'listening'), once(b, 'listening')]);
  b.setRecvBufferSize(4 * 1024 * 1024);
  const bPort = b.address().port;
  let n = 0;
  const aToB: DataLink = {
    send(packet) {
      n++;
      if (faults.drop?.(n)) return;
      if (faults.corrupt?.(n)) {
        const copy = Buffer.concat(packet);
        const at = copy.length - 20;
        copy[at] = (copy[at] ?? 0) ^ 0xff;
        a.send(copy, bPort, '127.0.0.1');
        return;
      }
      a.send(packet, bPort, '127.0.0.1');
    },
    backlog: () => a.getSendQueueCount(),
  };
  return {
    a,
    b,
    aToB,
    close: () => {
      a.close();
      b.close();
    },
  };
}
