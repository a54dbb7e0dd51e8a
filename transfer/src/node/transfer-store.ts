import type { RateSettings } from '../rate/rate-controller.ts';
import type { FileProgress, SessionCounters } from '../session/session-types.ts';

export type NodeTransferStatus =
  | 'waiting'
  | 'running'
  | 'completed'
  | 'failed'
  | 'partially_completed'
  | 'canceled'
  | 'paused';

/** Live hooks into a running session, used by `PUT` / `CANCEL /ops/transfers/{id}`. */
export interface SessionControl {
  cancel(): void;
  pause(): void;
  resume(): void;
  setRate(requested: Partial<RateSettings>): RateSettings;
}

export interface NodeSession {
  id: string;
  status: 'running' | 'completed' | 'failed';
  clientAddress: string;
  startMs: number;
  endMs: number;
  counters: SessionCounters;
  files: FileProgress[];
  rate: RateSettings;
  errorCode: number;
  errorDesc: string;
}

export interface NodeTransfer {
  id: string;
  status: NodeTransferStatus;
  direction: 'send' | 'receive';
  startSpec: Record<string, unknown>;
  cookie: string | null;
  tags: Record<string, unknown>;
  sessions: NodeSession[];
  errorCode: number;
  errorDesc: string;
  startMs: number;
  endMs: number;
  /** Position in the activity log: bumped on every change, the basis of `iteration_token`. */
  changeSeq: number;
  touchedMs: number;
  control: SessionControl | undefined;
  /** Under a token's `clash_policy`: requested docroot-relative path → where the transfer writes it. */
  placements: Record<string, string>;
}

/** The node's activity log: transfers by id, kept for `retentionMs` after they end. */
export class TransferStore {
  #transfers = new Map<string, NodeTransfer>();
  #seq = 0;

  constructor(private readonly retentionMs = 36 * 3600 * 1000) {}

  get(id: string): NodeTransfer | undefined {
    return this.#transfers.get(id);
  }

  /** Returns the transfer for `id`, creating it when a first session arrives. */
  upsert(id: string, create: () => Omit<NodeTransfer, 'changeSeq' | 'touchedMs'>): NodeTransfer {
    const existing = this.#transfers.get(id);
    if (existing) return existing;
    const transfer = { ...create(), changeSeq: 0, touchedMs: 0 };
    this.#transfers.set(id, transfer);
    this.touch(transfer);
    return transfer;
  }

  touch(transfer: NodeTransfer): void {
    transfer.changeSeq = ++this.#seq;
    transfer.touchedMs = Date.now();
  }

  /** Transfers changed after `afterSeq`, oldest change first. */
  list(afterSeq = 0): NodeTransfer[] {
    this.#expire();
    return [...this.#transfers.values()]
      .filter((t) => t.changeSeq > afterSeq)
      .sort((a, b) => a.changeSeq - b.changeSeq);
  }

  #expire(): void {
    const horizon = Date.now() - this.retentionMs;
    for (const [id, transfer] of this.#transfers) {
      if (transfer.endMs > 0 && transfer.endMs < horizon) this.#transfers.delete(id);
    }
  }
}
