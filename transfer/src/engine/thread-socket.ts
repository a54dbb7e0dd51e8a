import { EventEmitter, once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** Bytes the socket's thread holds for the event loop at most: beyond them it drops datagrams, as a full socket does. */
export const PIPE_BYTES = 32 * 1024 * 1024;
/** Datagrams of one turn of the thread's loop go over in one buffer, cut at this size. */
const BATCH_BYTES = 1024 * 1024;

/**
 * The thread's program, as source (it keeps working when the client is bundled into one file, as the file thread's).
 * It owns the socket and does nothing but drain it: a stall of the event loop (a collection, a busy core) no longer
 * leaves datagrams in a kernel buffer of a few MiB that overflows in tens of milliseconds at gigabit rates.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const dgram = require('node:dgram');
const { family, pipeBytes, batchBytes, shared } = workerData;
// shared[0]: bytes handed over and not yet taken by the event loop; shared[1]: datagrams dropped for want of room.
const counts = new Int32Array(shared);
const socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
socket.on('error', () => {});
let batch;
function flush() {
  if (!batch) return;
  const { buffer, used, lengths } = batch;
  batch = undefined;
  // A batch buffer mostly empty is cut to size (a copy), so the event loop never holds much more than was received.
  const data = used > buffer.length / 2 ? buffer.buffer : buffer.buffer.slice(0, used);
  parentPort.postMessage({ t: 'data', data, lengths }, [data]);
}
socket.on('message', (packet) => {
  if (Atomics.load(counts, 0) + packet.length > pipeBytes) {
    Atomics.add(counts, 1, 1);
    return;
  }
  if (batch && batch.used + packet.length > batch.buffer.length) flush();
  if (!batch) {
    batch = { buffer: Buffer.allocUnsafeSlow(Math.max(batchBytes, packet.length)), used: 0, lengths: [] };
    setImmediate(flush);
  }
  packet.copy(batch.buffer, batch.used);
  batch.used += packet.length;
  batch.lengths.push(packet.length);
  Atomics.add(counts, 0, packet.length);
});
parentPort.on('message', (message) => {
  switch (message.t) {
    case 'send':
      try {
        if (message.port === undefined) socket.send(message.packet);
        else socket.send(message.packet, message.port, message.address);
      } catch {}
      return;
    case 'connect':
      socket.connect(message.port, message.address, () => parentPort.postMessage({ t: 'connect' }));
      return;
    case 'close':
      try { socket.close(); } catch {}
      parentPort.close();
      return;
  }
});
socket.bind(0, () => {
  for (const size of [32, 16, 8, 4, 2]) {
    try {
      socket.setRecvBufferSize(size * 1024 * 1024);
      socket.setSendBufferSize(size * 1024 * 1024);
      break;
    } catch {}
  }
  parentPort.postMessage({ t: 'listening', address: socket.address(), recvBuffer: socket.getRecvBufferSize() });
});
`;

type FromThread =
  | { t: 'listening'; address: { address: string; family: string; port: number }; recvBuffer: number }
  | { t: 'connect' }
  | { t: 'data'; data: ArrayBuffer; lengths: number[] };

/**
 * A UDP socket read on a thread of its own (the subset of `dgram.Socket` a session uses). The thread hands the
 * datagrams over in batches, one buffer per turn of its loop, and holds up to `PIPE_BYTES` of them while the event
 * loop is busy, so a receiver's buffer is that much larger than the `net.core.rmem_max` the kernel grants. Sends
 * (a receiver's probes) go through the thread.
 */
export class ThreadSocket extends EventEmitter {
  #worker: Worker;
  #address = { address: '', family: '', port: 0 };
  #recvBuffer = 0;
  /** [0] bytes the thread has handed over that the event loop has not taken yet, [1] datagrams it dropped. */
  #counts: Int32Array;
  #closed = false;

  private constructor(worker: Worker, counts: Int32Array) {
    super();
    this.#worker = worker;
    this.#counts = counts;
    worker.on('message', (message: FromThread) => this.#onThread(message));
    worker.on('exit', () => this.#closeOnce());
    worker.on('error', () => this.#closeOnce());
  }

  /** A socket bound to an ephemeral port with the largest buffers the system grants. */
  static async open(family: 4 | 6, pipeBytes = PIPE_BYTES): Promise<ThreadSocket> {
    const shared = new SharedArrayBuffer(8);
    const worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { family, pipeBytes, batchBytes: BATCH_BYTES, shared },
    });
    const socket = new ThreadSocket(worker, new Int32Array(shared));
    await once(socket, 'listening');
    return socket;
  }

  #onThread(message: FromThread): void {
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

  /** Bytes handed over and not yet taken by the event loop (the kernel's queue aside). */
  get pipeQueuedBytes(): number {
    return Atomics.load(this.#counts, 0);
  }

  send(packet: Buffer | Buffer[], port?: number, address?: string): void {
    if (this.#closed) throw new Error('socket closed');
    const data = Array.isArray(packet) ? Buffer.concat(packet) : packet;
    this.#worker.postMessage({ t: 'send', packet: data, port, address });
  }

  connect(port: number, address: string): void {
    this.#worker.postMessage({ t: 'connect', port, address });
  }

  close(): void {
    if (this.#closed) throw new Error('socket closed');
    this.#worker.postMessage({ t: 'close' });
    this.#closeOnce();
  }

  #closeOnce(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#worker.unref();
    process.nextTick(() => this.emit('close'));
  }
}
