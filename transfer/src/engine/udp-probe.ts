import { createSocket, type Socket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { PacketType } from '../wire/packet.ts';
import type { PacketCodec } from '../wire/packet-codec.ts';
import { ThreadSocket } from './thread-socket.ts';

const PROBE_SEQ_BASE = 2 ** 52;
const PROBE_INTERVAL_MS = 100;

/** What a session uses of its UDP socket: a `dgram.Socket`, or a `ThreadSocket` drained on a thread of its own. */
export type UdpSocket = Socket | ThreadSocket;

export interface UdpPath {
  socket: UdpSocket;
  address: string;
  port: number;
}

/**
 * Opens the client's UDP socket towards the node, with the largest buffers the system grants; `drained` (a receiving
 * session's) reads it on a thread of its own, which holds what the event loop has not taken yet.
 */
export async function openUdp(host: string, port: number, drained = false): Promise<UdpPath> {
  const { address, family } = await lookup(host);
  if (drained) return { socket: await ThreadSocket.open(family === 6 ? 6 : 4), address, port };
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  socket.on('error', () => {});
  socket.bind(0);
  await once(socket, 'listening');
  // Linux grants at most net.core.rmem_max / wmem_max without an error: ask for 32 MiB and get what the system
  // allows (a receiver that stalls for a moment at gigabit rates overflows a few MiB).
  for (const size of [32, 16, 8, 4, 2]) {
    try {
      socket.setRecvBufferSize(size * 1024 * 1024);
      socket.setSendBufferSize(size * 1024 * 1024);
      break;
    } catch {}
  }
  return { socket, address, port };
}

export interface ProbeOptions {
  /** How long to wait for a PROBE_ACK before declaring UDP blocked, counted from `armed`. */
  timeoutMs: number;
  /** UDP is known to reach the node (it said so): a missing answer is loss, so probing goes on up to `reachableMs`. */
  reachable?: () => boolean;
  reachableMs?: number;
  /**
   * The timeout runs from here: a client probes beside its `hello`, before the node has read it and taken the
   * session's credentials, so only the node's answer (`accept`) starts the clock. Default: at once.
   */
  armed?: Promise<unknown>;
  /** Stops probing, and resolves false (the node chose other credentials). */
  signal?: AbortSignal;
}

/**
 * Proves the path both ways with authenticated probes (PROTOCOL.md §2.4). Probe sequence numbers live far above data
 * sequence numbers so no GCM nonce is ever reused. Resolves false when no PROBE_ACK comes back in time: UDP is
 * blocked. On success the socket is connected to the node.
 */
export async function probeUdp(
  { socket, address, port }: UdpPath,
  codec: PacketCodec,
  sessionId: number,
  { timeoutMs, reachable = () => false, reachableMs = timeoutMs, armed, signal }: ProbeOptions,
): Promise<boolean> {
  let n = 0;
  let closed = false;
  let onMessage: ((packet: Buffer) => void) | undefined;
  const answered = new Promise<boolean>((resolve) => {
    onMessage = (packet: Buffer) => {
      const opened = codec.open('node', packet);
      if (opened?.header.type === PacketType.probeAck && opened.header.sessionId === sessionId) resolve(true);
    };
    socket.on('message', onMessage);
    void Promise.resolve(armed).then(() =>
      setTimeout(() => {
        if (!reachable()) resolve(false);
        else setTimeout(() => resolve(false), Math.max(0, reachableMs - timeoutMs));
      }, timeoutMs),
    );
    signal?.addEventListener('abort', () => resolve(false), { once: true });
    // The session may end (cancelled, failed) while the probe still runs beside it.
    socket.once('close', () => {
      closed = true;
      resolve(false);
    });
  });
  const send = () => {
    n++;
    const probe = codec.seal(
      'client',
      {
        type: PacketType.probe,
        flags: 0,
        sessionId,
        seq: PROBE_SEQ_BASE + n,
        fileIndex: 0,
        offset: 0,
        sendUs: 0,
      },
      Buffer.alloc(0),
      // Version 1 whatever the session's: every node reads it, and its seq (above 2^52, apart from data's) fits.
      1,
    );
    try {
      socket.send(probe, port, address);
    } catch {
      // Closed between two probes: the 'close' listener settles the probe.
    }
  };
  send();
  const timer = setInterval(send, PROBE_INTERVAL_MS);
  const ok = await answered;
  clearInterval(timer);
  if (onMessage) socket.off('message', onMessage);
  if (!ok || closed || signal?.aborted) return false;
  // Connected, a send names no address: an unconnected send resolves the address again for every datagram.
  socket.connect(port, address);
  await once(socket, 'connect');
  return true;
}
