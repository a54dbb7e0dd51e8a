import { Worker } from 'node:worker_threads';
import { DRAIN_THREAD_PROGRAM } from './drain-thread-program.ts';

/** Bytes the drain thread holds for the event loop per socket at most: beyond them it drops, as a full socket does. */
export const PIPE_BYTES = 32 * 1024 * 1024;
/** Datagrams of one turn of the thread's loop go over in one buffer per socket, cut at this size. */
export const BATCH_BYTES = 1024 * 1024;

/** What the drain thread says about one of its sockets. */
export type FromDrainThread =
  | {
      t: 'listening';
      id: number;
      address: { address: string; family: string; port: number };
      recvBuffer: number;
    }
  | { t: 'connect'; id: number }
  | { t: 'adopted'; id: number; ok: boolean; gro: boolean }
  | { t: 'released'; id: number }
  | {
      t: 'data';
      id: number;
      data: ArrayBuffer;
      lengths: number[];
      /** Per datagram: 1 opened in place on the thread, 0 as it came. */
      opened: number[];
      /** An adopted socket's probes: [index in the batch, sender's address, sender's port]. */
      probes?: [number, string, number][];
    };

/** A socket the drain thread reads for the event loop. */
export interface DrainThreadOwner {
  onThread(message: FromDrainThread): void;
  /** The thread stopped: the socket is no longer read there. */
  lost(): void;
}

/** Counts the thread keeps per socket in its shared buffer (DRAIN_THREAD_PROGRAM's `counts`). */
export const COUNT = {
  queuedBytes: 0,
  pipeDrops: 1,
  batched: 2,
  opened: 3,
  failed: 4,
  coalescedRuns: 5,
} as const;
export const COUNTS_BYTES = 24;

/** The process's drain thread: started with its first socket, holding the process open only while sockets are. */
class DrainThread {
  #worker: Worker | undefined;
  #owners = new Map<number, DrainThreadOwner>();
  #nextId = 1;

  /** Registers a socket (`open` a socket of the thread's own, `adopt` one the event loop bound); its id. */
  open(owner: DrainThreadOwner, message: { t: 'open' | 'adopt' } & Record<string, unknown>): number {
    const id = this.#nextId++;
    this.#owners.set(id, owner);
    const worker = this.#start();
    if (this.#owners.size === 1) worker.ref();
    worker.postMessage({ ...message, id });
    return id;
  }

  post(message: { t: string; id: number } & Record<string, unknown>): void {
    this.#worker?.postMessage(message);
  }

  /** Stops reading the socket (the thread answers `released` for an adopted one, once it no longer reads it). */
  closed(id: number): void {
    if (!this.#owners.has(id)) return;
    this.#worker?.postMessage({ t: 'close', id });
  }

  /** Forgets the socket: its owner hears nothing more. */
  forget(id: number): void {
    if (!this.#owners.delete(id)) return;
    if (this.#owners.size === 0) this.#worker?.unref();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(DRAIN_THREAD_PROGRAM, { eval: true });
    worker.on('message', (message: FromDrainThread) => this.#owners.get(message.id)?.onThread(message));
    const fail = () => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const owners = [...this.#owners.values()];
      this.#owners.clear();
      for (const owner of owners) owner.lost();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

export const drainThread = new DrainThread();
