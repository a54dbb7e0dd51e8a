import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { datagramAddonFile } from '../native/datagram-addon.ts';

/** Bytes the drain thread holds for the event loop per socket at most: beyond them it drops, as a full socket does. */
export const PIPE_BYTES = 32 * 1024 * 1024;
/** Datagrams of one turn of the thread's loop go over in one buffer per socket, cut at this size. */
const BATCH_BYTES = 1024 * 1024;

/**
 * The drain thread's program, as source (it keeps working when the client is bundled into one file, as the file
 * thread's). It owns the sockets and does nothing but drain them: a stall of the event loop (a collection, a busy
 * core) no longer leaves datagrams in a kernel buffer of a few MiB that overflows in tens of milliseconds at gigabit
 * rates. One thread serves every socket of the process, so a hundred downloads start one thread, not a hundred.
 */
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
const dgram = require('node:dgram');
const sockets = new Map();
function flush(entry) {
  const batch = entry.batch;
  if (!batch) return;
  entry.batch = undefined;
  const { buffer, used, lengths, opened } = batch;
  // A batch buffer mostly empty is cut to size (a copy), so the event loop never holds much more than was received.
  const data = used > buffer.length / 2 ? buffer.buffer : buffer.buffer.slice(0, used);
  parentPort.postMessage({ t: 'data', id: entry.id, data, lengths, opened }, [data]);
}
// With the datagram addon, each wake-up of a socket drains it with recvmmsg (a batch per system call, into one reused
// buffer) after the datagram libuv read; without it, libuv reads one datagram per system call.
const addons = new Map();
function addonOf(file) {
  if (!file) return undefined;
  if (!addons.has(file)) {
    try {
      addons.set(file, require(file));
    } catch {
      addons.set(file, undefined);
    }
  }
  return addons.get(file);
}
const SLOT = 65536;
const SLOTS = 128;
let scratch;
const lengths = new Int32Array(SLOTS);
function fdOf(socket) {
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const fd = socket[symbol]?.handle?.fd;
    if (typeof fd === 'number' && fd >= 0) return fd;
  }
  return undefined;
}
const segments = new Int32Array(SLOTS);
function drain(entry) {
  const fd = entry.fd ?? (entry.fd = fdOf(entry.socket));
  if (fd === undefined) return;
  scratch ??= Buffer.allocUnsafeSlow(SLOT * SLOTS);
  for (;;) {
    const count = entry.addon.recvBatch(fd, scratch, SLOT, lengths, undefined, entry.gro ? segments : undefined);
    for (let i = 0; i < count; i++) {
      const length = lengths[i];
      if (length < 0) continue;
      const at = i * SLOT;
      const size = entry.gro ? segments[i] : 0;
      if (size > 0 && length > size) {
        // A coalesced run (UDP GRO): cut back into the datagrams that were sent.
        Atomics.add(entry.counts, 5, 1);
        for (let from = 0; from < length; from += size) {
          Atomics.add(entry.counts, 2, 1);
          take(entry, scratch.subarray(at + from, at + Math.min(length, from + size)));
        }
      } else {
        Atomics.add(entry.counts, 2, 1);
        take(entry, scratch.subarray(at, at + length));
      }
    }
    if (count < SLOTS || !sockets.has(entry.id)) return;
  }
}
// Sockets with UDP GRO are not read by libuv (it would take a coalesced run for one datagram): this loop waits for
// them in the addon (poll, on this thread) and drains them; between waits the thread's messages are served.
let polling = false;
function pollGro() {
  const fds = [];
  for (const entry of sockets.values()) if (entry.gro && fds.length < 256) fds.push(entry.fd);
  if (fds.length === 0) {
    polling = false;
    return;
  }
  for (const entry of sockets.values()) {
    if (!entry.gro) continue;
    entry.addon.waitReadable(Int32Array.from(fds), 5);
    break;
  }
  for (const entry of sockets.values()) if (entry.gro) drain(entry);
  setImmediate(pollGro);
}
function handleOf(socket) {
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const handle = socket[symbol]?.handle;
    if (handle && typeof handle.recvStop === 'function') return handle;
  }
  return undefined;
}
// With the addon and unless RAPID_UDP_GRO=off: the kernel hands over runs of datagrams coalesced, libuv stops reading
// the socket and the poll loop above drains it.
function startGro(entry) {
  const fd = fdOf(entry.socket);
  const handle = handleOf(entry.socket);
  if (fd === undefined || !handle || typeof entry.addon.groOn !== 'function' || !entry.addon.groOn(fd)) return;
  handle.recvStop();
  entry.fd = fd;
  entry.gro = true;
  if (!polling) {
    polling = true;
    setImmediate(pollGro);
  }
}
function take(entry, packet) {
  if (Atomics.load(entry.counts, 0) + packet.length > entry.pipeBytes) {
    Atomics.add(entry.counts, 1, 1);
    return;
  }
  if (entry.batch && entry.batch.used + packet.length > entry.batch.buffer.length) flush(entry);
  if (!entry.batch) {
    entry.batch = {
      buffer: Buffer.allocUnsafeSlow(Math.max(entry.batchBytes, packet.length)),
      used: 0,
      lengths: [],
      opened: [],
    };
    setImmediate(() => flush(entry));
  }
  const copy = entry.batch.buffer.subarray(entry.batch.used, entry.batch.used + packet.length);
  packet.copy(copy);
  const opened = entry.session ? openData(entry, copy) : 0;
  // Forged or corrupted: dropped here, as the event loop would have after its own open.
  if (opened < 0) return;
  entry.batch.used += packet.length;
  entry.batch.lengths.push(packet.length);
  entry.batch.opened.push(opened);
  Atomics.add(entry.counts, 0, packet.length);
}
// A download's data packets are opened here, in place, with the session's key (AES-GCM in the addon, keyed once):
// 1 opened, -1 failed its tag (dropped), 0 not this session's encrypted data (handed over as it came, for the event
// loop to judge). The layout is transfer/src/wire/packet.ts's: magic, version, type, flags, session id, then the
// sequence number the nonce carries after the salt (8 bytes in version 1, 6 in version 2).
function openData(entry, packet) {
  const session = entry.session;
  if (packet.length < 44 || packet[0] !== 0x52 || packet[2] !== 1 || (packet[3] & 2) === 0) return 0;
  if (packet.readUInt32BE(4) !== session.id) return 0;
  const version = packet[1];
  let start;
  let body;
  if (version === 1) {
    start = 36;
    body = packet.readUInt32BE(32);
    if (36 + body + 16 !== packet.length) return 0;
    packet.copy(session.nonce, 4, 8, 16);
  } else if (version === 2) {
    start = 28;
    body = packet.length - 28 - 16;
    session.nonce[4] = 0;
    session.nonce[5] = 0;
    packet.copy(session.nonce, 6, 8, 14);
  } else return 0;
  if (!entry.addon.gcmOpen(session.handle, session.nonce, packet, start, body)) {
    Atomics.add(entry.counts, 4, 1);
    return -1;
  }
  Atomics.add(entry.counts, 3, 1);
  return 1;
}
function open({ id, family, pipeBytes, batchBytes, shared, addon, gro }) {
  // counts[0]: bytes handed over and not yet taken by the event loop; counts[1]: datagrams dropped for want of room;
  // counts[2]: datagrams read in recvmmsg batches; counts[3]: data packets opened here; counts[4]: ones that failed;
  // counts[5]: coalesced runs (UDP GRO) received.
  const counts = new Int32Array(shared);
  const socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
  const entry = { id, socket, batch: undefined, counts, pipeBytes, batchBytes, fd: undefined, addon: addonOf(addon) };
  sockets.set(id, entry);
  socket.on('error', () => {});
  socket.on('message', (packet) => {
    take(entry, packet);
    if (entry.addon) drain(entry);
  });
  socket.bind(0, () => {
    for (const size of [32, 16, 8, 4, 2]) {
      try {
        socket.setRecvBufferSize(size * 1024 * 1024);
        socket.setSendBufferSize(size * 1024 * 1024);
        break;
      } catch {}
    }
    if (entry.addon && gro) startGro(entry);
    parentPort.postMessage({ t: 'listening', id, address: socket.address(), recvBuffer: socket.getRecvBufferSize() });
  });
}
parentPort.on('message', (message) => {
  if (message.t === 'open') return open(message);
  const entry = sockets.get(message.id);
  if (!entry) return;
  switch (message.t) {
    case 'send':
      try {
        if (message.port === undefined) entry.socket.send(message.packet);
        else entry.socket.send(message.packet, message.port, message.address);
      } catch {}
      return;
    case 'connect':
      entry.socket.connect(message.port, message.address, () => parentPort.postMessage({ t: 'connect', id: message.id }));
      return;
    case 'session': {
      if (!entry.addon) return;
      // The node seals downloads: the nonce's top bit set after the salt (packet-codec.ts).
      const nonce = Buffer.alloc(12);
      Buffer.from(message.salt).copy(nonce, 0);
      nonce[0] |= 0x80;
      entry.session = { id: message.sessionId, handle: entry.addon.gcmNew(Buffer.from(message.key)), nonce };
      return;
    }
    case 'close':
      sockets.delete(message.id);
      entry.batch = undefined;
      try { entry.socket.close(); } catch {}
      return;
  }
});
`;

type FromThread =
  | {
      t: 'listening';
      id: number;
      address: { address: string; family: string; port: number };
      recvBuffer: number;
    }
  | { t: 'connect'; id: number }
  | { t: 'data'; id: number; data: ArrayBuffer; lengths: number[]; opened: number[] };

/** What a ThreadSocket's 'message' carries beside the packet: whether the drain thread opened it already. */
export interface ThreadDatagramInfo {
  opened: boolean;
}
const OPENED: ThreadDatagramInfo = { opened: true };
const AS_CAME: ThreadDatagramInfo = { opened: false };

/** The process's drain thread: started with its first socket, holding the process open only while sockets are. */
class DrainThread {
  #worker: Worker | undefined;
  #sockets = new Map<number, ThreadSocket>();
  #nextId = 1;

  open(socket: ThreadSocket, message: Record<string, unknown>): number {
    const id = this.#nextId++;
    this.#sockets.set(id, socket);
    const worker = this.#start();
    if (this.#sockets.size === 1) worker.ref();
    worker.postMessage({ t: 'open', id, ...message });
    return id;
  }

  post(message: { t: string; id: number } & Record<string, unknown>): void {
    this.#worker?.postMessage(message);
  }

  closed(id: number): void {
    if (!this.#sockets.delete(id)) return;
    this.#worker?.postMessage({ t: 'close', id });
    if (this.#sockets.size === 0) this.#worker?.unref();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(PROGRAM, { eval: true });
    worker.on('message', (message: FromThread) => this.#sockets.get(message.id)?.onThread(message));
    const fail = () => {
      this.#worker = undefined;
      const sockets = [...this.#sockets.values()];
      this.#sockets.clear();
      for (const socket of sockets) socket.lost();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

const drainThread = new DrainThread();
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
export class ThreadSocket extends EventEmitter {
  #id: number;
  #address = { address: '', family: '', port: 0 };
  #recvBuffer = 0;
  /** [0] bytes the thread has handed over that the event loop has not taken yet, [1] datagrams it dropped. */
  #counts: Int32Array;
  #closed = false;
  #addon = false;

  private constructor(family: 4 | 6, pipeBytes: number) {
    super();
    const shared = new SharedArrayBuffer(24);
    this.#counts = new Int32Array(shared);
    // The addon (when in use) drains the socket in recvmmsg batches on the thread.
    const addon = datagramAddonFile();
    this.#addon = addon !== undefined;
    const gro = process.env.RAPID_UDP_GRO !== 'off';
    this.#id = drainThread.open(this, { family, pipeBytes, batchBytes: BATCH_BYTES, shared, addon, gro });
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
  onThread(message: FromThread): void {
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
        Atomics.sub(this.#counts, 0, at);
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

  getSendQueueCount(): number {
    return 0;
  }

  /** Datagrams the thread dropped because the event loop had fallen `PIPE_BYTES` behind, since the socket opened. */
  get pipeDrops(): number {
    return Atomics.load(this.#counts, 1);
  }

  /** Coalesced runs of datagrams (UDP GRO) the thread received and cut back into datagrams. */
  get coalescedRuns(): number {
    return Atomics.load(this.#counts, 5);
  }

  /** Datagrams the thread read in the addon's recvmmsg batches (none on the JavaScript path). */
  get batchedDatagrams(): number {
    return Atomics.load(this.#counts, 2);
  }

  /** Data packets the thread opened (decrypted and checked) before handing them over; ones that failed and were dropped. */
  get openedOnThread(): { opened: number; failed: number } {
    return { opened: Atomics.load(this.#counts, 3), failed: Atomics.load(this.#counts, 4) };
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
      sessionId: credentials.sessionId,
      key: new Uint8Array(credentials.key),
      salt: new Uint8Array(credentials.salt),
    });
    return true;
  }

  /** Bytes handed over and not yet taken by the event loop (the kernel's queue aside). */
  get pipeQueuedBytes(): number {
    return Atomics.load(this.#counts, 0);
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
    this.lost();
  }

  /** Closed, or its thread stopped. */
  lost(): void {
    if (this.#closed) return;
    this.#closed = true;
    openedOnThreads += Atomics.load(this.#counts, 3);
    process.nextTick(() => this.emit('close'));
  }
}
