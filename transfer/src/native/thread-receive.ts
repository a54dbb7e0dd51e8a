import type { RemoteInfo, Socket } from 'node:dgram';
import { datagramAddonFile } from './datagram-addon.ts';
import {
  BATCH_BYTES,
  COUNT,
  COUNTS_BYTES,
  type DrainThreadOwner,
  drainThread,
  type FromDrainThread,
  PIPE_BYTES,
} from './drain-thread.ts';
import { socketFd } from './socket-fd.ts';

/** A datagram the drain thread read: `opened` when it opened it in place; `source` only for a probe. */
export type ThreadPacketHandler = (packet: Buffer, opened: boolean, source: RemoteInfo | undefined) => void;

/** Times the receive moves to a fresh thread after its thread stopped, before the event loop reads it again. */
const READOPTIONS = 3;

interface LibuvHandle {
  recvStart(): number;
  recvStop(): number;
}

function handleOf(socket: Socket): LibuvHandle | undefined {
  const owner = socket as unknown as Record<symbol, { handle?: Partial<LibuvHandle> } | undefined>;
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const handle = owner[symbol]?.handle;
    if (typeof handle?.recvStop === 'function' && typeof handle.recvStart === 'function')
      return handle as LibuvHandle;
  }
  return undefined;
}

/**
 * The receive side of a socket the event loop bound and sends on (the node's router socket), moved to the drain
 * thread: libuv stops reading it, the thread waits for it in the addon, turns UDP GRO on (unless RAPID_UDP_GRO=off),
 * drains it with recvmmsg, opens the data packets of the sessions given with `openSession` in place and hands batches
 * over. Sends stay on the event loop (sendmmsg on the same descriptor). Only with the addon; `adopt` answers
 * undefined otherwise, and the socket stays libuv's.
 */
export class ThreadReceive implements DrainThreadOwner {
  #id: number;
  #counts = new Int32Array(new SharedArrayBuffer(COUNTS_BYTES));
  #released: (() => void) | undefined;
  #closing: Promise<void> | undefined;
  #gro = false;
  #readoptions = 0;
  /** True while the drain thread reads the socket (not libuv). */
  #reading = true;
  #ready: () => void = () => {};
  /** Resolves once the thread reads the socket (or gave it back to libuv). */
  readonly ready = new Promise<void>((resolve) => {
    this.#ready = resolve;
  });
  #sessions = new Map<number, { key: Uint8Array; salt: Uint8Array; sealedBy: 'client' | 'node' }>();

  private constructor(
    readonly socket: Socket,
    readonly fd: number,
    readonly handle: LibuvHandle,
    readonly addon: string,
    readonly onPacket: ThreadPacketHandler,
  ) {
    this.#id = this.#adopt();
  }

  /** Moves a bound IPv4 socket's receive to the drain thread, or undefined (no addon, no descriptor, not IPv4). */
  static adopt(socket: Socket, onPacket: ThreadPacketHandler): ThreadReceive | undefined {
    const addon = datagramAddonFile();
    const fd = socketFd(socket);
    const handle = handleOf(socket);
    if (!addon || fd === undefined || !handle || socket.address().family !== 'IPv4') return undefined;
    return new ThreadReceive(socket, fd, handle, addon, onPacket);
  }

  #adopt(): number {
    this.#reading = true;
    // A thread that stopped took its undelivered batches with it: none is waiting for the event loop now.
    Atomics.store(this.#counts, COUNT.queuedBytes, 0);
    // Stopped before the thread turns GRO on: libuv would read a coalesced run as one datagram.
    this.handle.recvStop();
    const gro = process.env.RAPID_UDP_GRO !== 'off';
    const id = drainThread.open(this, {
      t: 'adopt',
      fd: this.fd,
      pipeBytes: PIPE_BYTES,
      batchBytes: BATCH_BYTES,
      shared: this.#counts.buffer,
      addon: this.addon,
      gro,
    });
    for (const [sessionId, session] of this.#sessions) this.#postSession(id, sessionId, session);
    return id;
  }

  /** Has the thread open this session's encrypted data packets (sealed by `sealedBy`) in place before handing them over. */
  openSession(sessionId: number, key: Buffer, salt: Buffer, sealedBy: 'client' | 'node' = 'client'): void {
    const session = { key: new Uint8Array(key), salt: new Uint8Array(salt), sealedBy };
    this.#sessions.set(sessionId, session);
    this.#postSession(this.#id, sessionId, session);
  }

  #postSession(
    id: number,
    sessionId: number,
    session: { key: Uint8Array; salt: Uint8Array; sealedBy: string },
  ) {
    drainThread.post({ t: 'session', id, sessionId, ...session });
  }

  closeSession(sessionId: number): void {
    if (this.#sessions.delete(sessionId)) drainThread.post({ t: 'unsession', id: this.#id, sessionId });
  }

  onThread(message: FromDrainThread): void {
    switch (message.t) {
      case 'adopted':
        this.#gro = message.gro;
        this.#ready();
        // The thread could not read it (its addon did not load there): the event loop reads it again.
        if (!message.ok) {
          drainThread.forget(this.#id);
          this.#toLibuv();
        }
        return;
      case 'released':
        drainThread.forget(this.#id);
        this.#released?.();
        return;
      case 'data': {
        const probes = message.probes;
        let probe = 0;
        let at = 0;
        for (const [index, length] of message.lengths.entries()) {
          let source: RemoteInfo | undefined;
          const next = probes?.[probe];
          if (next && next[0] === index) {
            source = { address: next[1], family: 'IPv4', port: next[2], size: length };
            probe++;
          }
          if (!this.#closing)
            this.onPacket(Buffer.from(message.data, at, length), message.opened[index] === 1, source);
          at += length;
        }
        Atomics.sub(this.#counts, COUNT.queuedBytes, at);
        return;
      }
    }
  }

  lost(): void {
    if (this.#closing) {
      this.#released?.();
      return;
    }
    // A fresh thread takes it over (GRO stays on at the socket, so libuv cannot read it as it was); after a few
    // failures the event loop reads it again.
    if (this.#readoptions++ < READOPTIONS) this.#id = this.#adopt();
    else this.#toLibuv();
  }

  #toLibuv(): void {
    this.#reading = false;
    this.#ready();
    if (this.#closing) this.#released?.();
    else this.handle.recvStart();
  }

  /** True while the drain thread reads the socket; false once the event loop reads it again. */
  get readOnThread(): boolean {
    return this.#reading;
  }

  /** True when the kernel hands this socket runs coalesced (UDP GRO). */
  get gro(): boolean {
    return this.#gro;
  }

  /** Data packets the thread opened in place; ones that failed their tag there and were dropped. */
  get openedOnThread(): { opened: number; failed: number } {
    return {
      opened: Atomics.load(this.#counts, COUNT.opened),
      failed: Atomics.load(this.#counts, COUNT.failed),
    };
  }

  get coalescedRuns(): number {
    return Atomics.load(this.#counts, COUNT.coalescedRuns);
  }

  get batchedDatagrams(): number {
    return Atomics.load(this.#counts, COUNT.batched);
  }

  /** Datagrams the thread dropped because the event loop had fallen `PIPE_BYTES` behind. */
  get pipeDrops(): number {
    return Atomics.load(this.#counts, COUNT.pipeDrops);
  }

  /** Bytes handed over and not yet taken by the event loop. */
  get pipeQueuedBytes(): number {
    return Atomics.load(this.#counts, COUNT.queuedBytes);
  }

  /** Stops the thread reading; resolves once it no longer does, so the descriptor may be closed (never reused under it). */
  release(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#closing = new Promise<void>((resolve) => {
      if (!this.#reading) return resolve();
      // Bounded: a thread that stopped without a word reads nothing.
      const timer = setTimeout(done, 1000).unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#released = done;
    });
    drainThread.closed(this.#id);
    return this.#closing;
  }
}
