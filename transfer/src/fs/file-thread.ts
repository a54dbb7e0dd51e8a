import { Worker } from 'node:worker_threads';

/** One file-system step the file thread runs with plain synchronous calls. */
export type FileOp =
  /** Writes `data` as the whole file `path` (creating its folder when missing), first removing `stale` if given. */
  | { kind: 'write'; path: string; data: Uint8Array; stale?: string }
  | { kind: 'datasync'; path: string }
  /** Renames, then sets the modification time when `mtimeMs` is given. */
  | { kind: 'rename'; from: string; to: string; mtimeMs?: number }
  | { kind: 'remove'; path: string };

/**
 * The thread's program, as source: a worker started from a string keeps working when the node or the client is
 * bundled into one file. It runs each message's steps in order and answers with one outcome per step.
 */
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
// Errors here are answers (a missing checkpoint to remove is the usual case), not bugs: no stack to capture.
Error.stackTraceLimit = 0;
function removeIfThere(file) {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}
function run(op) {
  switch (op.kind) {
    case 'write':
      if (op.stale !== undefined) removeIfThere(op.stale);
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
      removeIfThere(op.path);
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

/** What failed: Node's error code (`ENOSPC` …) and message; null when the step succeeded. */
type Outcome = { code: string; message: string } | null;

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Runs the file-system steps of many small files on one thread of its own, with plain synchronous calls, gathered
 * into one message per turn of the event loop: a file whose bytes are all in memory costs its system calls there,
 * instead of a trip through the thread pool and back onto the event loop for every open, write, close and rename.
 * Steps run in the order they were asked for.
 */
export class FileThread {
  #worker: Worker | undefined;
  #batch: { ops: FileOp[]; waiting: Waiting[] } | undefined;
  #sent = new Map<number, Waiting[]>();
  #nextId = 1;

  /** Runs a step; rejects with the file system's `code` when it fails. */
  run(op: FileOp): Promise<void> {
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
    worker.on('message', ({ id, outcomes }: { id: number; outcomes: Outcome[] }) => {
      const waiting = this.#sent.get(id) ?? [];
      this.#sent.delete(id);
      if (this.#sent.size === 0) worker.unref();
      waiting.forEach((wait, i) => {
        const outcome = outcomes[i] as Outcome;
        if (!outcome) wait.resolve();
        else wait.reject(Object.assign(new Error(outcome.message), { code: outcome.code }));
      });
    });
    const fail = (error: Error) => {
      this.#worker = undefined;
      for (const waiting of this.#sent.values()) for (const wait of waiting) wait.reject(error);
      this.#sent.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the file thread stopped (${code})`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

/** The process's file thread, shared by every session's small files. */
export const fileThread = new FileThread();
