/**
 * Paces sends at `rateBitsPerSecond`: tokens (bytes) accrue with time up to `depthSeconds` worth, and a send spends
 * them. The clock is injected so the arithmetic is testable without sleeping.
 */
export class TokenBucket {
  #tokens = 0;
  #last: number;
  #rate: number;
  #maxDepth = Number.POSITIVE_INFINITY;

  constructor(
    rateBitsPerSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly depthSeconds = 0.005,
    private readonly minDepthBytes = 65536,
  ) {
    this.#rate = rateBitsPerSecond;
    this.#last = now();
  }

  get rateBitsPerSecond(): number {
    return this.#rate;
  }

  setRate(rateBitsPerSecond: number): void {
    this.#refill();
    this.#rate = rateBitsPerSecond;
  }

  /**
   * Caps the depth (what may go back to back after a pause) at `bytes`, however high the rate: a burst the receiver's
   * socket buffer cannot hold is lost whole. Below `minDepthBytes` when the receiver's buffer is that small.
   */
  setMaxDepth(bytes: number): void {
    this.#refill();
    this.#maxDepth = bytes;
    this.#tokens = Math.min(this.#tokens, this.#depth());
  }

  #depth(): number {
    return Math.min(this.#maxDepth, Math.max(this.minDepthBytes, (this.#rate / 8) * this.depthSeconds));
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.#depth(), this.#tokens + ((now - this.#last) / 1000) * (this.#rate / 8));
    this.#last = now;
  }

  /** Spends `bytes` if available now. A send larger than the depth is allowed once the bucket is full. */
  tryTake(bytes: number): boolean {
    this.#refill();
    if (this.#tokens >= bytes || this.#tokens >= this.#depth()) {
      this.#tokens -= bytes;
      return true;
    }
    return false;
  }

  /** Milliseconds until `bytes` can be spent. */
  waitMs(bytes: number): number {
    this.#refill();
    const needed = Math.min(bytes, this.#depth()) - this.#tokens;
    if (needed <= 0 || this.#rate <= 0) return needed <= 0 ? 0 : 1000;
    return (needed * 8 * 1000) / this.#rate;
  }
}
