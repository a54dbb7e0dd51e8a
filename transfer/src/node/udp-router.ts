import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { batchSend, type SendDatagram } from '../native/batch-send.ts';
import { type DatagramAddon, datagramAddon } from '../native/datagram-addon.ts';
import { ThreadReceive } from '../native/thread-receive.ts';
import { socketDropCounter, socketQueuedBytes } from '../receiver/socket-stats.ts';
import type { ReceiverOptions } from '../session/receiver.ts';
import { MAGIC, PacketType, readHeader } from '../wire/packet.ts';
import type { PacketCodec } from '../wire/packet-codec.ts';

export interface UdpSessionEntry {
  codec: PacketCodec;
  peer: { address: string; port: number } | undefined;
  /** `opened`: the receive thread already opened it in place with the session's key (`openOnThread`). */
  onData: (packet: Buffer, opened: boolean) => void;
  /** Called once the session's first probe has told the client's address. */
  onPeer?: () => void;
}

/** The latest probe of each session id not registered yet: a client probes beside its `hello` (PROTOCOL.md §2.4). */
const EARLY_IDS = 256;
const EARLY_MS = 3000;
/** The sender of a datagram that is not a probe: only a probe's sender is read (it tells a session its client's address). */
const NO_SOURCE: RemoteInfo = { address: '', family: 'IPv4', port: 0, size: 0 };
interface Early {
  atMs: number;
  packet: Buffer;
  rinfo: RemoteInfo;
}

/**
 * The node's one UDP socket (`fasp_port`): routes datagrams to sessions by session id, answers authenticated probes
 * and learns each session's client address from them (PROTOCOL.md §2.4). A probe for an id no session holds yet
 * waits a moment (it may overtake the `hello` that proposes the id); it is opened, and so authenticated, only once a
 * session takes the id. With the datagram addon the socket is received on the drain thread (`ThreadReceive`: UDP
 * GRO, recvmmsg batches, an upload's data opened in place there) and the event loop only sends and routes.
 */
export class UdpRouter {
  readonly socket: Socket;
  #sessions = new Map<number, UdpSessionEntry>();
  #early = new Map<number, Early>();
  readonly #send: SendDatagram;
  readonly #addon: DatagramAddon | null;
  /** The receive on the drain thread, once listening with the addon. */
  #thread: ThreadReceive | undefined;

  /** `addon`: null keeps libuv's one read per datagram (tests of both paths); by default the addon when loaded. */
  constructor(addon: DatagramAddon | null = datagramAddon() ?? null) {
    this.#addon = addon;
    this.socket = createSocket({ type: 'udp4', reuseAddr: false });
    this.#send = batchSend(this.socket, addon ?? undefined);
    this.socket.on('message', (packet, rinfo) => this.#onMessage(packet, rinfo, false));
    this.socket.on('error', () => {});
  }

  async listen(port: number, host: string): Promise<number> {
    this.socket.bind(port, host);
    await once(this.socket, 'listening');
    // Linux grants at most net.core.rmem_max / wmem_max without an error: ask for 32 MiB and get what the system
    // allows (a receiver that stalls for a moment at gigabit rates overflows a few MiB).
    for (const size of [32, 16, 8, 4, 2]) {
      try {
        this.socket.setRecvBufferSize(size * 1024 * 1024);
        this.socket.setSendBufferSize(size * 1024 * 1024);
        break;
      } catch {}
    }
    if (this.#addon)
      this.#thread = ThreadReceive.adopt(this.socket, (packet, opened, source) =>
        this.#onMessage(packet, source ?? NO_SOURCE, opened),
      );
    await this.#thread?.ready;
    return this.socket.address().port;
  }

  /** The receive thread, when the socket is read there (with the addon). */
  get receiveThread(): ThreadReceive | undefined {
    return this.#thread;
  }

  /** Datagrams read in the addon's recvmmsg batches on the receive thread (none on the JavaScript path). */
  get batchedDatagrams(): number {
    return this.#thread?.batchedDatagrams ?? 0;
  }

  /**
   * What a receiving session reports of the socket: the kernel's buffer, backlog and drops, and with the receive
   * thread also what it holds for the event loop and what it dropped when the event loop fell that far behind.
   */
  receivingStats(): Required<
    Pick<ReceiverOptions, 'socketDrops' | 'socketQueuedBytes' | 'socketBufferBytes'>
  > {
    const port = this.socket.address().port;
    const kernelDrops = socketDropCounter(port);
    const kernelQueued = socketQueuedBytes(port);
    const thread = this.#thread;
    if (!thread)
      return {
        socketDrops: kernelDrops,
        socketQueuedBytes: kernelQueued,
        socketBufferBytes: this.socket.getRecvBufferSize(),
      };
    let pipeDrops = thread.pipeDrops;
    return {
      socketDrops: () => {
        const total = thread.pipeDrops;
        const fresh = total - pipeDrops;
        pipeDrops = total;
        return kernelDrops() + fresh;
      },
      socketQueuedBytes: () => kernelQueued() + thread.pipeQueuedBytes,
      // The kernel's granted buffer, as before the thread: a sender paces its bursts to it (rate/burst-budget.ts), and a
      // burst lands there whole before the thread can move any of it to its pipe.
      socketBufferBytes: this.socket.getRecvBufferSize(),
    };
  }

  /**
   * Has the receive thread open this session's data packets (sealed by the client: an upload) in place with its key,
   * so the event loop only reads their headers. False (nothing changes) without the thread.
   */
  openOnThread(sessionId: number, key: Buffer, salt: Buffer): boolean {
    if (!this.#thread) return false;
    this.#thread.openSession(sessionId, key, salt, 'client');
    return true;
  }

  /** Sessions registered now. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** True when no session holds the id: a client's proposed id is taken only then. */
  isFree(sessionId: number): boolean {
    return !this.#sessions.has(sessionId);
  }

  register(sessionId: number, entry: UdpSessionEntry): void {
    this.#sessions.set(sessionId, entry);
  }

  /** Hands a registered session the probe that arrived for its id before it existed. */
  deliverEarly(sessionId: number): void {
    const early = this.#early.get(sessionId);
    this.#early.delete(sessionId);
    if (!early || !this.#sessions.has(sessionId) || performance.now() - early.atMs > EARLY_MS) return;
    this.#onMessage(early.packet, early.rinfo, false);
  }

  unregister(sessionId: number): void {
    this.#sessions.delete(sessionId);
    this.#thread?.closeSession(sessionId);
  }

  sendTo(entry: UdpSessionEntry, packet: Buffer | Buffer[]): void {
    if (entry.peer)
      this.#send(Array.isArray(packet) ? packet : [packet], entry.peer.port, entry.peer.address);
  }

  #onMessage(packet: Buffer, rinfo: RemoteInfo, opened: boolean): void {
    if (packet.length < 8 || packet[0] !== MAGIC) return;
    const sessionId = packet.readUInt32BE(4);
    const entry = this.#sessions.get(sessionId);
    if (!entry) {
      this.#keepEarly(sessionId, packet, rinfo);
      return;
    }
    if (packet[2] === PacketType.probe) {
      const opened = entry.codec.open('client', packet);
      if (!opened) return;
      const first = entry.peer === undefined;
      entry.peer = { address: rinfo.address, port: rinfo.port };
      if (first) entry.onPeer?.();
      const header = readHeader(packet);
      if (!header) return;
      // In the probe's own layout: the client's probe codec may predate the session's version.
      const ack = entry.codec.seal(
        'node',
        { ...header, type: PacketType.probeAck, flags: 0 },
        Buffer.alloc(0),
        header.version,
      );
      this.socket.send(ack, rinfo.port, rinfo.address);
      return;
    }
    entry.onData(packet, opened);
  }

  #keepEarly(sessionId: number, packet: Buffer, rinfo: RemoteInfo): void {
    // Only probes (a header and a tag each): a late datagram of a session that has ended is dropped.
    if (packet[2] !== PacketType.probe) return;
    const now = performance.now();
    if (!this.#early.has(sessionId)) {
      for (const [id, each] of this.#early) if (now - each.atMs > EARLY_MS) this.#early.delete(id);
      if (this.#early.size >= EARLY_IDS) return;
    }
    this.#early.set(sessionId, { atMs: now, packet, rinfo });
  }

  /** Closes the socket once the receive thread no longer reads its descriptor (so it is never read after reuse). */
  close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    const close = () => {
      try {
        this.socket.close();
      } catch {
        // Closed already.
      }
    };
    if (!thread) {
      close();
      return Promise.resolve();
    }
    return thread.release().then(close);
  }
}
