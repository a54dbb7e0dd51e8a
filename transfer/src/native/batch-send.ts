import type { Socket } from 'node:dgram';
import { type DatagramAddon, datagramAddon } from './datagram-addon.ts';
import { socketFd } from './socket-fd.ts';

/** Sends one datagram given as parts, to the socket's connected peer or to `port`/`address`. */
export type SendDatagram = (parts: Buffer[], port?: number, address?: string) => void;

/**
 * A socket's send for a sender's bursts: with the datagram addon, the datagrams of one turn of the event loop go to
 * the kernel in sendmmsg batches after the turn (one system call per run to one peer, not one per datagram); what a
 * full socket buffer refuses goes through `socket.send`, whose queue is the sender's back-pressure as before. Without
 * the addon (or a descriptor, or for an IPv6 peer given by address) it is `socket.send` itself. With `segment` (UDP
 * GSO, on unless RAPID_UDP_GSO=off) a run of full datagrams crosses the stack once; the peer receives the same
 * datagrams. The sender paces its turns to the receiver's granted buffer (rate/burst-budget.ts); with that, GSO
 * re-sent 0.00–0.16 % on loopback at idle, under the 0.3 % it had to reach to be the default (docs/perf/round-3.md).
 */
export function batchSend(
  socket: Socket,
  addon: DatagramAddon | undefined = datagramAddon(),
  segment = process.env.RAPID_UDP_GSO !== 'off',
): SendDatagram {
  const plain: SendDatagram = (parts, port, address) => {
    if (port === undefined) socket.send(parts);
    else socket.send(parts, port, address);
  };
  if (!addon) return plain;
  // One turn's datagrams in parallel arrays (no object per datagram): a sender's turn is mostly one peer.
  let parts: Buffer[][] = [];
  let ports: (number | undefined)[] = [];
  let addresses: (string | undefined)[] = [];
  const flush = () => {
    const batch = parts;
    const batchPorts = ports;
    const batchAddresses = addresses;
    parts = [];
    ports = [];
    addresses = [];
    const fd = socketFd(socket);
    let at = 0;
    while (at < batch.length) {
      const port = batchPorts[at];
      const address = batchAddresses[at];
      let end = at + 1;
      while (end < batch.length && batchPorts[end] === port && batchAddresses[end] === address) end++;
      const run = at === 0 && end === batch.length ? batch : batch.slice(at, end);
      const sent =
        fd === undefined || socket.getSendQueueCount() > 0
          ? 0
          : addon.sendBatch(fd, run, port, address, segment);
      for (let rest = sent; rest < run.length; rest++) {
        try {
          plain(run[rest] as Buffer[], port, address);
        } catch {
          // Closed since the datagram was queued: it is lost, as one sent to a closed socket.
        }
      }
      at = end;
    }
  };
  return (datagram, port, address) => {
    if (address?.includes(':')) {
      plain(datagram, port, address);
      return;
    }
    if (parts.length === 0) queueMicrotask(flush);
    parts.push(datagram);
    ports.push(port);
    addresses.push(address);
  };
}
