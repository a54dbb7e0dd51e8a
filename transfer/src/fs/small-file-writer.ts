import { Worker } from 'node:worker_threads';

/** One file-system step the writer thread runs with plain synchronous calls. */
export type WriterOp =
  /** Writes `data` as the whole file `path` (creating its folder when missing), first removing `stale`. */
  | { kind: 'write'; path: string; data: Uint8Array; stale: string }
  | { kind: 'datasync'; path: string }
  /** Renames, then sets the modification time when `mtimeMs` is given. */
  | { kind: 'rename'; from: string; to: string; mtimeMs?: number }
  | { kind: 'remove'; path: string };

/** What failed: Node's error code (`ENOSPC` …) and message. */
export interface WriterFailure {
  code: string;
  message: string;
}

/**
 * The thread's program, as source: a worker started from a string keeps working when the node is bundled into one
 * file. It runs each message's steps in order and answers with one outcome per step.
 */
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
function run(op) {
  switch (op.kind) {
    case 'write':
      fs.rmSync(op.stale, { force: true });
      try {
        fs.writeFileSync(op.path, op.data);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
        fs.mkdirSync(path.dirname(op.path), { recursive: true });
        fs.writeFileSync(op.path, op.data);
      }
      return;
    case 'datasync': {
      const fd = fs.openSync(op.path, 'r');
      try { fs.fdatasyncSync(fd); } finally { fs.closeSync(fd); }
      return;
    }
    case 'rename':
      fs.renameSync(op.from, op.to);
      if (op.mtimeMs !== undefined) fs.utimesSync(op.to, new Date(), new Date(op.mtimeMs));
      return;
    case 'remove':
      fs.rmSync(op.path, { force: true });
      return;
  }
}
parentPort.on('message', ({ id, ops }) => {
  const outcomes = ops.map((op) => {
    try {
      run(op);
      return null;
    } catch (error) {
      return { code: String(error.code || 'EIO'), message: String(error.message) };
    }
  });
  parentPort.postMessage({ id, outcomes });
});
`;

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Runs the file-system steps of many small files on one thread of its own, with plain synchronous calls, gathered
 * into one message per turn of the event loop: a file whose bytes are all in memory costs its writes and renames
 * there, instead of a trip through the thread pool (and back onto the event loop) for every open, write, close and
 * rename. Steps run in the order they were asked for.
 */
export class SmallFileWriter {
  #worker: Worker | undefined;
  #batch: { ops: WriterOp[]; waiting: Waiting[] } | undefined;
  #sent = new Map<number, Waiting[]>();
  #nextId = 1;

  run(op: WriterOp): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.#batch) {
        this.#batch = { ops: [], waiting: [] };
        setImmediate(() => this.#send());
      }
      this.#batch.ops.push(op);
      this.#batch.waiting.push({ resolve, reject });
    });
  }

  #send(): void {
    const batch = this.#batch;
    this.#batch = undefined;
    if (!batch) return;
    const id = this.#nextId++;
    this.#sent.set(id, batch.waiting);
    const worker = this.#start();
    if (this.#sent.size === 1) worker.ref();
    worker.postMessage({ id, ops: batch.ops });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(PROGRAM, { eval: true });
    worker.on('message', ({ id, outcomes }: { id: number; outcomes: (WriterFailure | null)[] }) => {
      const waiting = this.#sent.get(id) ?? [];
      this.#sent.delete(id);
      if (this.#sent.size === 0) worker.unref();
      waiting.forEach((wait, i) => {
        const failure = outcomes[i];
        if (!failure) wait.resolve();
        else wait.reject(Object.assign(new Error(failure.message), { code: failure.code }));
      });
    });
    const fail = (error: Error) => {
      this.#worker = undefined;
      for (const waiting of this.#sent.values()) for (const wait of waiting) wait.reject(error);
      this.#sent.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the file writer thread stopped (${code})`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

/** The process's writer: one thread for every session's small files. */
export const smallFileWriter = new SmallFileWriter();
