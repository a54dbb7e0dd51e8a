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
  const { buffer, used, lengths } = batch;
  // A batch buffer mostly empty is cut to size (a copy), so the event loop never holds much more than was received.
  const data = used > buffer.length / 2 ? buffer.buffer : buffer.buffer.slice(0, used);
  parentPort.postMessage({ t: 'data', id: entry.id, data, lengths }, [data]);
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
function drain(entry) {
  const fd = entry.fd ?? (entry.fd = fdOf(entry.socket));
  if (fd === undefined) return;
  scratch ??= Buffer.allocUnsafeSlow(SLOT * SLOTS);
  for (;;) {
    const count = entry.addon.recvBatch(fd, scratch, SLOT, lengths);
    Atomics.add(entry.counts, 2, count);
    for (let i = 0; i < count; i++) {
      if (lengths[i] >= 0) take(entry, scratch.subarray(i * SLOT, i * SLOT + lengths[i]));
    }
    if (count < SLOTS || !sockets.has(entry.id)) return;
  }
}
function take(entry, packet) {
  if (Atomics.load(entry.counts, 0) + packet.length > entry.pipeBytes) {
    Atomics.add(entry.counts, 1, 1);
    return;
  }
  if (entry.batch && entry.batch.used + packet.length > entry.batch.buffer.length) flush(entry);
  if (!entry.batch) {
    entry.batch = { buffer: Buffer.allocUnsafeSlow(Math.max(entry.batchBytes, packet.length)), used: 0, lengths: [] };
    setImmediate(() => flush(entry));
  }
  packet.copy(entry.batch.buffer, entry.batch.used);
  entry.batch.used += packet.length;
  entry.batch.lengths.push(packet.length);
  Atomics.add(entry.counts, 0, packet.length);
}
function open({ id, family, pipeBytes, batchBytes, shared, addon }) {
  // counts[0]: bytes handed over and not yet taken by the event loop; counts[1]: datagrams dropped for want of room;
  // counts[2]: datagrams read in recvmmsg batches.
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
  | { t: 'data'; id: number; data: ArrayBuffer; lengths: number[] };

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

  private constructor(family: 4 | 6, pipeBytes: number) {
    super();
    const shared = new SharedArrayBuffer(12);
    this.#counts = new Int32Array(shared);
    // The addon (when in use) drains the socket in recvmmsg batches on the thread.
    const addon = datagramAddonFile();
    this.#id = drainThread.open(this, { family, pipeBytes, batchBytes: BATCH_BYTES, shared, addon });
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
        for (const length of message.lengths) {
          if (!this.#closed) this.emit('message', Buffer.from(message.data, at, length));
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

  /** Datagrams the thread read in the addon's recvmmsg batches (none on the JavaScript path). */
  get batchedDatagrams(): number {
    return Atomics.load(this.#counts, 2);
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
    process.nextTick(() => this.emit('close'));
  }
}
