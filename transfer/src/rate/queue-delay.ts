/**
 * Queueing delay from one-way delay samples (PROTOCOL.md §3): each sample is the receiver's clock minus the sender's
 * stamp, both µs modulo 2^32 with an arbitrary offset. Samples are kept relative to the first one as signed 32-bit
 * differences, so an offset near a wrap point cannot turn a 1 ms change into 71 minutes; the queue is the interval's
 * mean above the session minimum.
 */
export class QueueDelay {
  #base: number | undefined;
  #min = Number.POSITIVE_INFINITY;
  #sum = 0;
  #count = 0;

  add(receiverUs32: number, senderUs32: number): void {
    const raw = (receiverUs32 - senderUs32) >>> 0;
    this.#base ??= raw;
    const relative = (raw - this.#base) | 0;
    if (relative < this.#min) this.#min = relative;
    this.#sum += relative;
    this.#count++;
  }

  /** Mean queueing delay since the last call, µs (0 without samples). */
  take(): number {
    const mean = this.#count > 0 ? this.#sum / this.#count : this.#min;
    this.#sum = 0;
    this.#count = 0;
    return Number.isFinite(mean) ? Math.max(0, mean - this.#min) : 0;
  }
}
