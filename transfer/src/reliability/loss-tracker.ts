/** An inclusive range of sequence numbers. */
export type SeqRange = [number, number];

/**
 * Receiver side of PROTOCOL.md §2.3: which sequence numbers are missing, which to NACK now, and the loss fraction of
 * each feedback interval. Missing ranges are kept sorted; each remembers when it was last NACKed.
 */
export class LossTracker {
  #highest = 0;
  #missing: { from: number; to: number; nackedAt: number }[] = [];
  #arrived = 0;
  #gapped = 0;
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
        this.#missing.push({ from: this.#highest + 1, to: seq - 1, nackedAt: Number.NEGATIVE_INFINITY });
        this.#gapped += seq - 1 - this.#highest;
      }
      this.#highest = seq;
      return true;
    }
    const at = this.#missing.findIndex((range) => range.from <= seq && seq <= range.to);
    if (at < 0) return false;
    const range = this.#missing[at] as { from: number; to: number; nackedAt: number };
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

  /** The sender says it has sent up to `nextSeq - 1`: anything beyond the highest seen is lost at the tail. */
  onSenderStatus(nextSeq: number): void {
    if (nextSeq - 1 > this.#highest) {
      this.#missing.push({ from: this.#highest + 1, to: nextSeq - 1, nackedAt: Number.NEGATIVE_INFINITY });
      this.#gapped += nextSeq - 1 - this.#highest;
      this.#highest = nextSeq - 1;
    }
  }

  /**
   * How long a NACK waits before it is repeated: four times the measured repair time, within [floorMs, ceilingMs]
   * (the ceiling until a repair has been measured). On a short path a lost retransmission is asked for again within
   * a few feedback intervals instead of stalling the end of a transfer for the whole ceiling.
   */
  repeatAfterMs(floorMs: number, ceilingMs: number): number {
    if (this.#repairMs === undefined) return ceilingMs;
    return Math.min(ceilingMs, Math.max(floorMs, 4 * this.#repairMs));
  }

  /** Ranges to NACK now (not NACKed within `repeatAfterMs`), at most `limit` ranges. */
  takeNacks(now: number, repeatAfterMs: number, limit = 512): SeqRange[] {
    const out: SeqRange[] = [];
    for (const range of this.#missing) {
      if (out.length >= limit) break;
      if (now - range.nackedAt < repeatAfterMs) continue;
      range.nackedAt = now;
      out.push([range.from, range.to]);
    }
    return out;
  }

  /**
   * Loss fraction since the last call: new gaps over packets expected. Below `minSample` packets the fraction is
   * noise (one loss among three packets reads as 33 %), so it reports 0 and carries the counts into the next call.
   */
  takeLoss(minSample = 16): number {
    const expected = this.#arrived + this.#gapped;
    if (expected < minSample) return 0;
    const loss = this.#gapped / expected;
    this.#arrived = 0;
    this.#gapped = 0;
    return Math.min(1, loss);
  }
}
