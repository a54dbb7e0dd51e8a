import type { SeqRange } from './loss-tracker.ts';

/** Where a sequence number's bytes came from. */
export interface BlockRef {
  fileIndex: number;
  offset: number;
  length: number;
}

/**
 * Sender side of PROTOCOL.md §2.3: remembers every unacknowledged sequence number's block, frees what the receiver
 * acknowledged cumulatively, and queues NACKed blocks (keeping their sequence numbers) ahead of new data.
 */
export class RetransmitQueue {
  #inFlight = new Map<number, BlockRef>();
  #lowest = 1;
  #queue: number[] = [];
  #queued = new Set<number>();

  get inFlightCount(): number {
    return this.#inFlight.size;
  }

  get pendingCount(): number {
    return this.#queue.length;
  }

  sent(seq: number, block: BlockRef): void {
    this.#inFlight.set(seq, block);
  }

  acknowledgeBelow(cumAck: number): void {
    for (let seq = this.#lowest; seq < cumAck; seq++) this.#inFlight.delete(seq);
    this.#lowest = Math.max(this.#lowest, cumAck);
  }

  /** Queues every NACKed sequence number still held; returns how many were queued. */
  nack(ranges: SeqRange[]): number {
    let queued = 0;
    for (const [from, to] of ranges) {
      for (let seq = Math.max(from, this.#lowest); seq <= to; seq++) {
        if (this.#inFlight.has(seq) && !this.#queued.has(seq)) {
          this.#queue.push(seq);
          this.#queued.add(seq);
          queued++;
        }
      }
    }
    return queued;
  }

  /** The next block to resend, or undefined. */
  next(): { seq: number; block: BlockRef } | undefined {
    while (this.#queue.length > 0) {
      const seq = this.#queue.shift() as number;
      this.#queued.delete(seq);
      const block = this.#inFlight.get(seq);
      if (block) return { seq, block };
    }
    return undefined;
  }
}
