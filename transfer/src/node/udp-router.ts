import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { MAGIC, PacketType, readHeader } from '../wire/packet.ts';
import type { PacketCodec } from '../wire/packet-codec.ts';

export interface UdpSessionEntry {
  codec: PacketCodec;
  peer: { address: string; port: number } | undefined;
  onData: (packet: Buffer) => void;
  /** Called once the session's first probe has told the client's address. */
  onPeer?: () => void;
}

/**
 * The node's one UDP socket (`fasp_port`): routes datagrams to sessions by session id, answers authenticated probes
 * and learns each session's client address from them (PROTOCOL.md §2.4).
 */
export class UdpRouter {
  readonly socket: Socket;
  #sessions = new Map<number, UdpSessionEntry>();

  constructor() {
    this.socket = createSocket({ type: 'udp4', reuseAddr: false });
    this.socket.on('message', (packet, rinfo) => this.#onMessage(packet, rinfo));
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

  register(sessionId: number, entry: UdpSessionEntry): void {
    this.#sessions.set(sessionId, entry);
  }

  unregister(sessionId: number): void {
    this.#sessions.delete(sessionId);
  }

  sendTo(entry: UdpSessionEntry, packet: Buffer | Buffer[]): void {
    if (entry.peer) this.socket.send(packet, entry.peer.port, entry.peer.address);
  }

  #onMessage(packet: Buffer, rinfo: RemoteInfo): void {
    if (packet.length < 8 || packet[0] !== MAGIC) return;
    const entry = this.#sessions.get(packet.readUInt32BE(4));
    if (!entry) return;
    if (packet[2] === PacketType.probe) {
      const opened = entry.codec.open('client', packet);
      if (!opened) return;
      const first = entry.peer === undefined;
      entry.peer = { address: rinfo.address, port: rinfo.port };
      if (first) entry.onPeer?.();
      const header = readHeader(packet);
      if (!header) return;
      const ack = entry.codec.seal(
        'node',
        { ...header, type: PacketType.probeAck, flags: 0 },
        Buffer.alloc(0),
      );
      this.socket.send(ack, rinfo.port, rinfo.address);
      return;
    }
    entry.onData(packet);
  }

  close(): void {
    this.socket.close();
  }
}
