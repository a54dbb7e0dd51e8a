import type { SeqRange } from './loss-tracker.ts';

/** Where a sequence number's bytes came from. */
export interface BlockRef {
  fileIndex: number;
  offset: number;
  length: number;
}

const FIRST_CAPACITY = 1024;

/**
 * Sender side of PROTOCOL.md §2.3: remembers every unacknowledged sequence number's block, frees what the receiver
 * acknowledged cumulatively, and queues NACKed blocks (keeping their sequence numbers) ahead of new data. The blocks
 * in flight live in a ring of typed arrays indexed by sequence number, not in a map of objects: at 1,472-byte
 * datagrams a sender holds tens of thousands of them for a round trip, which as objects outlived the young
 * generation and made the node's largest single cost its garbage collector (docs/perf/round-3.md, third pass).
 */
export class RetransmitQueue {
  #fileIndex = new Int32Array(FIRST_CAPACITY);
  #offset = new Float64Array(FIRST_CAPACITY);
  /** -1: no block held under that sequence number (acknowledged, or never sent). */
  #length = new Int32Array(FIRST_CAPACITY).fill(-1);
  #mask = FIRST_CAPACITY - 1;
  #lowest = 1;
  #highest = 0;
  #held = 0;
  #queue: number[] = [];
  #queueHead = 0;
  #queued = new Set<number>();

  get inFlightCount(): number {
    return this.#held;
  }

  get pendingCount(): number {
    return this.#queue.length - this.#queueHead;
  }

  sent(seq: number, block: BlockRef): void {
    if (seq < this.#lowest) return;
    while (seq - this.#lowest >= this.#mask + 1) this.#grow();
    for (let gap = this.#highest + 1; gap < seq; gap++) this.#length[gap & this.#mask] = -1;
    const at = seq & this.#mask;
    if ((this.#length[at] ?? -1) < 0 || seq > this.#highest) this.#held++;
    this.#fileIndex[at] = block.fileIndex;
    this.#offset[at] = block.offset;
    this.#length[at] = block.length;
    if (seq > this.#highest) this.#highest = seq;
  }

  #has(seq: number): boolean {
    return seq >= this.#lowest && seq <= this.#highest && (this.#length[seq & this.#mask] ?? -1) >= 0;
  }

  #grow(): void {
    const capacity = 2 * (this.#mask + 1);
    const mask = capacity - 1;
    const fileIndex = new Int32Array(capacity);
    const offset = new Float64Array(capacity);
    const length = new Int32Array(capacity).fill(-1);
    for (let seq = this.#lowest; seq <= this.#highest; seq++) {
      const from = seq & this.#mask;
      const to = seq & mask;
      fileIndex[to] = this.#fileIndex[from] ?? 0;
      offset[to] = this.#offset[from] ?? 0;
      length[to] = this.#length[from] ?? -1;
    }
    this.#fileIndex = fileIndex;
    this.#offset = offset;
    this.#length = length;
    this.#mask = mask;
  }

  acknowledgeBelow(cumAck: number): void {
    const end = Math.min(cumAck, this.#highest + 1);
    for (let seq = this.#lowest; seq < end; seq++) {
      const at = seq & this.#mask;
      if ((this.#length[at] ?? -1) >= 0) this.#held--;
      this.#length[at] = -1;
    }
    this.#lowest = Math.max(this.#lowest, cumAck);
    if (this.#highest < this.#lowest - 1) this.#highest = this.#lowest - 1;
  }

  /** Queues every NACKed sequence number still held; returns how many were queued. */
  nack(ranges: SeqRange[]): number {
    let queued = 0;
    for (const [from, to] of ranges) {
      for (let seq = Math.max(from, this.#lowest); seq <= Math.min(to, this.#highest); seq++) {
        if (this.#has(seq) && !this.#queued.has(seq)) {
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
    while (this.#queueHead < this.#queue.length) {
      const seq = this.#queue[this.#queueHead++] as number;
      if (this.#queueHead === this.#queue.length) {
        this.#queue = [];
        this.#queueHead = 0;
      }
      this.#queued.delete(seq);
      if (!this.#has(seq)) continue;
      const at = seq & this.#mask;
      return {
        seq,
        block: {
          fileIndex: this.#fileIndex[at] ?? 0,
          offset: this.#offset[at] ?? 0,
          length: this.#length[at] ?? 0,
        },
      };
    }
    return undefined;
  }
}
