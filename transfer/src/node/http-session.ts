import type { FileProgress, SessionCounters } from '../session/session-types.ts';
import type { NodeSession, NodeTransfer } from './transfer-store.ts';

export class SessionCancelled extends Error {
  readonly code = 28;
}

/**
 * One HTTPS fallback session on the node: the record `/ops/transfers` shows (files, counters) fed by the ranged
 * requests that name it, and the gate that `PUT /ops/transfers/{id}` pauses and `CANCEL` closes.
 */
export class HttpSession {
  readonly files: FileProgress[];
  readonly record: NodeSession;
  state: 'running' | 'paused' | 'ended' = 'running';
  cancelled = false;
  lastActivityMs = Date.now();
  inflight = 0;
  #transferred = 0;
  #waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Upload targets (local paths) or download sources (docroot-relative paths) → file index. */
  readonly byPath = new Map<string, number>();

  constructor(
    readonly id: string,
    readonly transfer: NodeTransfer,
    files: FileProgress[],
    base: Omit<NodeSession, 'id' | 'counters' | 'files'>,
  ) {
    this.files = files;
    const session = this;
    this.record = {
      ...base,
      id,
      get counters(): SessionCounters {
        return session.counters;
      },
      files,
    };
  }

  get counters(): SessionCounters {
    const seconds = Math.max(0.001, ((this.record.endMs || Date.now()) - this.record.startMs) / 1000);
    return {
      bytesTransferred: this.#transferred,
      bytesLost: 0,
      bytesWritten: this.files.reduce((sum, file) => sum + file.bytesWritten, 0),
      bytesExpected: this.files.reduce((sum, file) => sum + file.size, 0),
      rateKbps: (this.#transferred * 8) / 1000 / seconds,
    };
  }

  /** Resolves at once while running, waits while paused, throws `SessionCancelled` once cancelled. */
  gate(): Promise<void> {
    this.lastActivityMs = Date.now();
    if (this.cancelled) return Promise.reject(new SessionCancelled('cancelled on the node'));
    if (this.state !== 'paused') return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  setState(state: 'running' | 'paused' | 'cancelled'): void {
    if (state === 'cancelled') this.cancelled = true;
    if (this.state === 'ended') return;
    this.state = state === 'cancelled' ? 'ended' : state;
    if (state === 'paused') return;
    for (const waiter of this.#waiters.splice(0)) {
      if (state === 'cancelled') waiter.reject(new SessionCancelled('cancelled on the node'));
      else waiter.resolve();
    }
  }

  /** Counts `bytes` moved for file `index` (written by a `PUT`, or sent by a `GET`). */
  moved(index: number, bytes: number, writtenNow?: number): void {
    this.lastActivityMs = Date.now();
    this.#transferred += bytes;
    const file = this.files[index];
    if (!file) return;
    if (file.status === 'queued') Object.assign(file, { status: 'transferring', startMs: Date.now() });
    file.bytesWritten = writtenNow ?? Math.min(file.size, file.bytesWritten + bytes);
  }

  fileCompleted(index: number): void {
    const file = this.files[index];
    if (!file) return;
    Object.assign(file, { status: 'completed', bytesWritten: file.size, endMs: Date.now() });
    if (file.startMs === 0) file.startMs = file.endMs;
  }
}
