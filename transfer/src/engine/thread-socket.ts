import { EventEmitter } from 'node:events';
import { datagramAddonFile } from '../native/datagram-addon.ts';
import {
  BATCH_BYTES,
  COUNT,
  COUNTS_BYTES,
  type DrainThreadOwner,
  drainThread,
  type FromDrainThread,
  PIPE_BYTES,
} from '../native/drain-thread.ts';

/** What a ThreadSocket's 'message' carries beside the packet: whether the drain thread opened it already. */
export interface ThreadDatagramInfo {
  opened: boolean;
}
const OPENED: ThreadDatagramInfo = { opened: true };
const AS_CAME: ThreadDatagramInfo = { opened: false };

let openedOnThreads = 0;

/** Data packets the drain thread opened for the event loop in this process, over the sockets closed so far. */
export function packetsOpenedOnThreads(): number {
  return openedOnThreads;
}

/**
 * A UDP socket read on the drain thread (the subset of `dgram.Socket` a session uses). The thread hands the datagrams
 * over in batches, one buffer per turn of its loop, and holds up to `PIPE_BYTES` of them while the event loop is busy,
 * so a receiver's buffer is that much larger than the `net.core.rmem_max` the kernel grants. Sends (a receiver's
 * probes) go through the thread.
 */
export class ThreadSocket extends EventEmitter implements DrainThreadOwner {
  #id: number;
  #address = { address: '', family: '', port: 0 };
  #recvBuffer = 0;
  /** [0] bytes the thread has handed over that the event loop has not taken yet, [1] datagrams it dropped. */
  #counts: Int32Array;
  #closed = false;
  #addon = false;

  private constructor(family: 4 | 6, pipeBytes: number) {
    super();
    const shared = new SharedArrayBuffer(COUNTS_BYTES);
    this.#counts = new Int32Array(shared);
    // The addon (when in use) drains the socket in recvmmsg batches on the thread.
    const addon = datagramAddonFile();
    this.#addon = addon !== undefined;
    const gro = process.env.RAPID_UDP_GRO !== 'off';
    this.#id = drainThread.open(this, {
      t: 'open',
      family,
      pipeBytes,
      batchBytes: BATCH_BYTES,
      shared,
      addon,
      gro,
    });
  }

  /** A socket bound to an ephemeral port with the largest buffers the system grants. */
  static open(family: 4 | 6, pipeBytes = PIPE_BYTES): Promise<ThreadSocket> {
    const socket = new ThreadSocket(family, pipeBytes);
    return new Promise((resolve, reject) => {
      socket.once('listening', () => resolve(socket));
      socket.once('close', () => reject(new Error('the drain thread stopped')));
    });
  }

  /** A message of the drain thread for this socket. */
  onThread(message: FromDrainThread): void {
    switch (message.t) {
      case 'listening':
        this.#address = message.address;
        this.#recvBuffer = message.recvBuffer;
        this.emit('listening');
        return;
      case 'connect':
        this.emit('connect');
        return;
      case 'data': {
        let at = 0;
        for (const [index, length] of message.lengths.entries()) {
          if (!this.#closed)
            this.emit(
              'message',
              Buffer.from(message.data, at, length),
              message.opened[index] ? OPENED : AS_CAME,
            );
          at += length;
        }
        Atomics.sub(this.#counts, COUNT.queuedBytes, at);
        return;
      }
    }
  }

  address(): { address: string; family: string; port: number } {
    return { ...this.#address };
  }

  /** The kernel's buffer plus what the thread holds for the event loop. */
  getRecvBufferSize(): number {
    return this.#recvBuffer + PIPE_BYTES;
  }

  /** The kernel's buffer alone: what a sender's burst lands in before the thread moves any of it. */
  get kernelRecvBufferBytes(): number {
    return this.#recvBuffer;
  }

  getSendQueueCount(): number {
    return 0;
  }

  /** Datagrams the thread dropped because the event loop had fallen `PIPE_BYTES` behind, since the socket opened. */
  get pipeDrops(): number {
    return Atomics.load(this.#counts, COUNT.pipeDrops);
  }

  /** Coalesced runs of datagrams (UDP GRO) the thread received and cut back into datagrams. */
  get coalescedRuns(): number {
    return Atomics.load(this.#counts, COUNT.coalescedRuns);
  }

  /** Datagrams the thread read in the addon's recvmmsg batches (none on the JavaScript path). */
  get batchedDatagrams(): number {
    return Atomics.load(this.#counts, COUNT.batched);
  }

  /** Data packets the thread opened (decrypted and checked) before handing them over; ones that failed and were dropped. */
  get openedOnThread(): { opened: number; failed: number } {
    return {
      opened: Atomics.load(this.#counts, COUNT.opened),
      failed: Atomics.load(this.#counts, COUNT.failed),
    };
  }

  /**
   * Has the drain thread open this session's encrypted data packets (sealed by the node) in place before it hands
   * them over, with the addon's AES-GCM: decryption leaves the event loop, which then only checks the header. Their
   * 'message' says `opened: true`; anything else comes as it came. False (nothing changes) without the addon.
   */
  openOnThread(credentials: { sessionId: number; key: Buffer; salt: Buffer }): boolean {
    if (!this.#addon || this.#closed) return false;
    drainThread.post({
      t: 'session',
      id: this.#id,
      sealedBy: 'node',
      sessionId: credentials.sessionId,
      key: new Uint8Array(credentials.key),
      salt: new Uint8Array(credentials.salt),
    });
    return true;
  }

  /** Bytes handed over and not yet taken by the event loop (the kernel's queue aside). */
  get pipeQueuedBytes(): number {
    return Atomics.load(this.#counts, COUNT.queuedBytes);
  }

  send(packet: Buffer | Buffer[], port?: number, address?: string): void {
    if (this.#closed) throw new Error('socket closed');
    const data = Array.isArray(packet) ? Buffer.concat(packet) : packet;
    drainThread.post({ t: 'send', id: this.#id, packet: data, port, address });
  }

  connect(port: number, address: string): void {
    drainThread.post({ t: 'connect', id: this.#id, port, address });
  }

  close(): void {
    if (this.#closed) throw new Error('socket closed');
    drainThread.closed(this.#id);
    drainThread.forget(this.#id);
    this.lost();
  }

  /** Closed, or its thread stopped. */
  lost(): void {
    if (this.#closed) return;
    this.#closed = true;
    openedOnThreads += Atomics.load(this.#counts, COUNT.opened);
    process.nextTick(() => this.emit('close'));
  }
}
