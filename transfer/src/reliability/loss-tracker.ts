/** An inclusive range of sequence numbers. */
export type SeqRange = [number, number];

/**
 * Receiver side of PROTOCOL.md §2.3: which sequence numbers are missing, which to NACK now, and the loss fraction of
 * each feedback interval. Missing ranges are kept sorted; each remembers when it was last NACKed.
 */
export class LossTracker {
  #highest = 0;
  #missing: { from: number; to: number; nackedAt: number; since: number }[] = [];
  #arrived = 0;
  #gapped = 0;
  /** Sequence numbers NACKed for the first time: gaps that did not fill within the reorder window. */
  #lost = 0;
  /** Tails the sender announced, oldest first, not yet judged (`expireTails`). */
  #tails: { seq: number; at: number }[] = [];
  /** Smoothed time from a NACK to the arrival of the packet it asked for, ms; undefined until measured. */
  #repairMs: number | undefined;

  get highest(): number {
    return this.#highest;
  }

  /** Every sequence number below this has arrived. */
  get cumulativeAck(): number {
    return this.#missing[0]?.from ?? this.#highest + 1;
  }

  get missingCount(): number {
    return this.#missing.reduce((sum, range) => sum + range.to - range.from + 1, 0);
  }

  /** True when `seq` has arrived already (a duplicate), without recording anything. */
  has(seq: number): boolean {
    if (seq > this.#highest) return false;
    return !this.#missing.some((range) => range.from <= seq && seq <= range.to);
  }

  /** Records an arrival (at `now`, ms, which times NACK repairs); returns false for a duplicate. */
  onPacket(seq: number, now?: number): boolean {
    this.#arrived++;
    if (seq > this.#highest) {
      if (seq > this.#highest + 1) {
        this.#missing.push({
          from: this.#highest + 1,
          to: seq - 1,
          nackedAt: Number.NEGATIVE_INFINITY,
          since: now ?? Number.NEGATIVE_INFINITY,
        });
        this.#gapped += seq - 1 - this.#highest;
      }
      this.#highest = seq;
      return true;
    }
    const at = this.#missing.findIndex((range) => range.from <= seq && seq <= range.to);
    if (at < 0) return false;
    const range = this.#missing[at] as { from: number; to: number; nackedAt: number; since: number };
    if (now !== undefined && Number.isFinite(range.nackedAt)) {
      const sample = Math.max(0, now - range.nackedAt);
      this.#repairMs = this.#repairMs === undefined ? sample : 0.875 * this.#repairMs + 0.125 * sample;
    }
    const pieces = [];
    if (range.from < seq) pieces.push({ ...range, to: seq - 1 });
    if (seq < range.to) pieces.push({ ...range, from: seq + 1 });
    this.#missing.splice(at, 1, ...pieces);
    return true;
  }

  /**
   * The sender says it has sent up to `nextSeq - 1` (at `now`, ms). Packets beyond the highest seen may still be on
   * their way (the status travels on the control channel, the data waits in the path's queues), so the tail counts as
   * lost only if it is still missing once `graceMs` has passed (`expireTails`).
   */
  onSenderStatus(nextSeq: number, now: number): void {
    if (nextSeq - 1 > this.#highest) this.#tails.push({ seq: nextSeq - 1, at: now });
  }

  /** Marks as missing the tails announced at least `graceMs` before `now` that have not arrived since. */
  expireTails(now: number, graceMs: number): void {
    while (this.#tails.length > 0 && now - (this.#tails[0] as { at: number }).at >= graceMs) {
      const { seq } = this.#tails.shift() as { seq: number };
      if (seq > this.#highest) {
        this.#missing.push({
          from: this.#highest + 1,
          to: seq,
          nackedAt: Number.NEGATIVE_INFINITY,
          since: now,
        });
        this.#gapped += seq - this.#highest;
        this.#highest = seq;
      }
    }
  }

  /**
   * How long a NACK waits before it is repeated: four times the measured repair time, within [floorMs, ceilingMs]
   * (the ceiling until a repair has been measured). On a short path a lost retransmission is asked for again within
   * a few feedback intervals instead of stalling the end of a transfer for the whole ceiling.
   */
  repeatAfterMs(floorMs: number, ceilingMs: number): number {
    if (this.#repairMs === undefined) return ceilingMs;
    // A repair that takes longer than half the ceiling (a long path) moves the ceiling: a NACK repeated before its
    // answer could arrive only asks for the same packet twice.
    return Math.min(Math.max(ceilingMs, 2 * this.#repairMs), Math.max(floorMs, 4 * this.#repairMs));
  }

  /**
   * Ranges to NACK now (not NACKed within `repeatAfterMs`), at most `limit` ranges. A gap younger than `reorderMs` is
   * left alone: a packet overtaken on the path fills it a moment later and was never lost.
   */
  takeNacks(now: number, repeatAfterMs: number, limit = 512, reorderMs = 0): SeqRange[] {
    const out: SeqRange[] = [];
    for (const range of this.#missing) {
      if (out.length >= limit) break;
      if (now - range.nackedAt < repeatAfterMs || now - range.since < reorderMs) continue;
      if (!Number.isFinite(range.nackedAt)) this.#lost += range.to - range.from + 1;
      range.nackedAt = now;
      out.push([range.from, range.to]);
    }
    return out;
  }

  /**
   * Loss fraction since the last call: packets NACKed for the first time (gaps that outlived reordering) over packets
   * expected. Below `minSample` packets the fraction is noise (one loss among three packets reads as 33 %), so it
   * reports 0 and carries the counts into the next call.
   */
  takeLoss(minSample = 16): number {
    const expected = this.#arrived + this.#gapped;
    if (expected < minSample) return 0;
    const loss = this.#lost / expected;
    this.#arrived = 0;
    this.#gapped = 0;
    this.#lost = 0;
    return Math.min(1, loss);
  }
}
