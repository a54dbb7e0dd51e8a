import type { RatePolicy } from '@rapid/protocol';

export interface RateSettings {
  target_rate_kbps: number;
  min_rate_kbps: number;
  rate_policy: RatePolicy;
}

export interface RateSample {
  /** Fraction of packets lost in the interval, 0–1. */
  loss: number;
  /** Mean one-way delay above the session minimum, µs. */
  queueDelayUs: number;
}

interface PolicyShape {
  setPointUs: number;
  step: number;
  cut: (excess: number) => number;
}

const MIN_PROBE_KBPS = 64;

const SHAPES: Record<Exclude<RatePolicy, 'fixed'>, PolicyShape> = {
  fair: { setPointUs: 20_000, step: 0.1, cut: (excess) => 1 - 0.25 * Math.min(1, excess) },
  high: { setPointUs: 40_000, step: 0.2, cut: (excess) => 1 - 0.25 * Math.min(1, excess) },
  low: { setPointUs: 5_000, step: 0.02, cut: () => 0.5 },
};

/**
 * The sender's current rate under a rate policy (PROTOCOL.md §3): fixed holds the target; the others climb towards
 * the target while the path shows no queue and back off when queueing delay builds, never below the floor.
 */
export class RateController {
  #settings: RateSettings;
  #rateKbps: number;
  #lastDelayUs = 0;
  /** The rate at the last congestion cut: the climb slows near it instead of overshooting into loss again. */
  #cutAtKbps = 0;

  constructor(settings: RateSettings) {
    this.#settings = { ...settings };
    this.#rateKbps = settings.rate_policy === 'fixed' ? settings.target_rate_kbps : this.#floor();
    if (settings.rate_policy !== 'fixed')
      this.#rateKbps = Math.max(this.#rateKbps, settings.target_rate_kbps * 0.25);
  }

  get settings(): RateSettings {
    return { ...this.#settings };
  }

  get rateKbps(): number {
    return this.#rateKbps;
  }

  #floor(): number {
    return Math.min(this.#settings.min_rate_kbps, this.#settings.target_rate_kbps);
  }

  update(settings: RateSettings): void {
    this.#settings = { ...settings };
    this.#rateKbps = this.#clamp(
      settings.rate_policy === 'fixed' ? settings.target_rate_kbps : this.#rateKbps,
    );
  }

  /** Never below the floor, nor below 64 kbit/s: a rate of zero could never probe its way back up. */
  #clamp(kbps: number): number {
    const target = this.#settings.target_rate_kbps;
    return Math.min(target, Math.max(this.#floor(), Math.min(MIN_PROBE_KBPS, target), kbps));
  }

  /** Folds one receiver feedback into the rate; returns the new rate. */
  onFeedback(sample: RateSample): number {
    const { rate_policy: policy, target_rate_kbps: target } = this.#settings;
    if (policy === 'fixed') {
      this.#rateKbps = target;
      return target;
    }
    const shape = SHAPES[policy];
    const rising = sample.queueDelayUs > this.#lastDelayUs;
    this.#lastDelayUs = sample.queueDelayUs;
    // Random loss on a long path stays low and comes without a queue; heavy loss means the receiver or the path is
    // overrun even when the measured queue is short (a receiver that cannot keep up drops in its socket buffer).
    const congestedByLoss =
      (sample.loss > 0.02 && rising && sample.queueDelayUs > shape.setPointUs / 2) || sample.loss > 0.1;
    if (sample.queueDelayUs > shape.setPointUs || congestedByLoss) {
      const excess = Math.max(0, sample.queueDelayUs - shape.setPointUs) / shape.setPointUs;
      const delayCut = shape.cut(congestedByLoss ? Math.max(excess, 0.5) : excess);
      // Heavy loss cuts in proportion (at most halving), so an overrun receiver is relieved within a few intervals.
      const lossCut = sample.loss > 0.1 ? 1 - Math.min(0.5, sample.loss) : 1;
      this.#cutAtKbps = this.#rateKbps;
      this.#rateKbps = this.#clamp(this.#rateKbps * Math.min(delayCut, lossCut));
    } else {
      // The step is a share of the target but never more than a quarter of the current rate: with a target far
      // above what the path carries, the rate probes upward gradually instead of jumping back into loss. Within
      // 15 % below the rate of the last cut it creeps (2 % per interval); past it the cut is history.
      const near = this.#rateKbps >= 0.85 * this.#cutAtKbps && this.#rateKbps < this.#cutAtKbps;
      const step = Math.min(shape.step * target, 2.5 * shape.step * this.#rateKbps);
      this.#rateKbps = this.#clamp(this.#rateKbps + (near ? Math.min(step, 0.02 * this.#rateKbps) : step));
      if (this.#rateKbps > 1.1 * this.#cutAtKbps) this.#cutAtKbps = 0;
    }
    return this.#rateKbps;
  }
}
