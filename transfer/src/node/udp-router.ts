import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { batchSend, type SendDatagram } from '../native/batch-send.ts';
import { type DatagramAddon, datagramAddon } from '../native/datagram-addon.ts';
import { socketFd } from '../native/socket-fd.ts';
import { MAGIC, PacketType, readHeader } from '../wire/packet.ts';
import type { PacketCodec } from '../wire/packet-codec.ts';

export interface UdpSessionEntry {
  codec: PacketCodec;
  peer: { address: string; port: number } | undefined;
  onData: (packet: Buffer) => void;
  /** Called once the session's first probe has told the client's address. */
  onPeer?: () => void;
}

/** The latest probe of each session id not registered yet: a client probes beside its `hello` (PROTOCOL.md §2.4). */
const EARLY_IDS = 256;
const EARLY_MS = 3000;
/** recvmmsg slots: a loopback datagram fits one (65,507 bytes). */
const SLOT = 65536;
const SLOTS = 64;
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
 * session takes the id.
 */
export class UdpRouter {
  readonly socket: Socket;
  #sessions = new Map<number, UdpSessionEntry>();
  #early = new Map<number, Early>();
  readonly #send: SendDatagram;
  /** Datagrams read in the addon's recvmmsg batches (none on the JavaScript path). */
  batchedDatagrams = 0;

  /** `addon`: null keeps libuv's one read per datagram (tests of both paths); by default the addon when loaded. */
  constructor(addon: DatagramAddon | null = datagramAddon() ?? null) {
    this.socket = createSocket({ type: 'udp4', reuseAddr: false });
    this.#send = batchSend(this.socket, addon ?? undefined);
    const drain = addon ? this.#drainer(addon) : undefined;
    this.socket.on('message', (packet, rinfo) => {
      this.#onMessage(packet, rinfo);
      drain?.();
    });
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
    return this.socket.address().port;
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
    this.#onMessage(early.packet, early.rinfo);
  }

  unregister(sessionId: number): void {
    this.#sessions.delete(sessionId);
  }

  sendTo(entry: UdpSessionEntry, packet: Buffer | Buffer[]): void {
    if (entry.peer)
      this.#send(Array.isArray(packet) ? packet : [packet], entry.peer.port, entry.peer.address);
  }

  /**
   * With the addon, the datagram libuv read is followed by recvmmsg batches until the socket is empty: one system
   * call per batch. Each datagram is copied out of the reused buffer (a session may hold its payload until written).
   */
  #drainer(addon: DatagramAddon): () => void {
    const scratch = Buffer.allocUnsafeSlow(SLOT * SLOTS);
    const lengths = new Int32Array(SLOTS);
    const sources = new Uint8Array(6 * SLOTS);
    const view = new DataView(sources.buffer);
    return () => {
      for (;;) {
        // Looked up each batch: a session handed a datagram may have closed the socket.
        const fd = socketFd(this.socket);
        if (fd === undefined) return;
        const count = addon.recvBatch(fd, scratch, SLOT, lengths, sources);
        this.batchedDatagrams += count;
        for (let i = 0; i < count; i++) {
          const length = lengths[i] ?? -1;
          if (length < 0) continue;
          const packet = Buffer.allocUnsafe(length);
          scratch.copy(packet, 0, i * SLOT, i * SLOT + length);
          // Only a probe's sender is read (it tells a session its client's address).
          const rinfo: RemoteInfo =
            packet[2] === PacketType.probe
              ? {
                  address: `${sources[6 * i]}.${sources[6 * i + 1]}.${sources[6 * i + 2]}.${sources[6 * i + 3]}`,
                  family: 'IPv4',
                  port: view.getUint16(6 * i + 4),
                  size: length,
                }
              : NO_SOURCE;
          this.#onMessage(packet, rinfo);
        }
        if (count < SLOTS) return;
      }
    };
  }

  #onMessage(packet: Buffer, rinfo: RemoteInfo): void {
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
    entry.onData(packet);
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

  close(): void {
    this.socket.close();
  }
}
