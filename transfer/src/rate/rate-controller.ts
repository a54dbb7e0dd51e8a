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
  /** Datagrams the receiver's socket dropped in the interval: the receiver itself is overrun. */
  receiverDrops?: number;
  /** Bytes the receiver holds for its disk. */
  diskQueueBytes?: number;
  /** The receiving socket's buffer, bytes as the kernel counts them: the queue the receiver itself can hold. */
  receiverBufferBytes?: number;
  /** Bytes waiting in that buffer when the feedback left: the receiver's own backlog. */
  receiverQueuedBytes?: number;
  /** What the receiver took in over the interval, kbit/s. */
  receivedKbps?: number;
  /** When the feedback arrived (ms, any monotonic clock) and the smoothed round trip: cuts wait for their effect. */
  atMs?: number;
  rttMs?: number;
  /** Sessions the node serves now (this one included): they share the start and the climb. */
  sharedBy?: number;
  /** Since the previous feedback, ms: a slow session's receiver answers less often (PROTOCOL.md §2.3). */
  intervalMs?: number;
}

interface PolicyShape {
  setPointUs: number;
  /** The climb far from congestion, as a share of the target (at most 2.5 times that share of the current rate). */
  step: number;
  /** The additive climb near congestion is `weight` × 0.5 % of the target: shares settle in proportion to it. */
  weight: number;
  cut: (excess: number) => number;
}

const MIN_PROBE_KBPS = 64;
/** The receiver's feedback interval (PROTOCOL.md §2.3): a feedback describes up to this much before it was sent. */
const FEEDBACK_MS = 50;
/**
 * A slow session's receiver waits for a few datagrams before it answers, up to 200 ms: its climbs count for the
 * intervals a feedback stands for (at most this many), so it gains per second what a fast session does.
 */
const MAX_INTERVALS_PER_FEEDBACK = 4;
const START_CAP_KBPS = 1_000_000;
/** The start as a share of the target, for a session alone on its node. */
const START_SHARE = 0.25;
/** Additive climb per feedback near congestion, as a share of the target, for weight 1. */
const NEAR_STEP = 0.01;
/** The near climb's factor while the queue is empty (below an eighth of the set point). */
const EMPTY_QUEUE_BOOST = 2;
/** A receiver holding more than this for its disk is falling behind (it drops beyond 64 MiB, PROTOCOL.md §2.2). */
const DISK_QUEUE_HIGH = 16 * 1024 * 1024;
/** The cut when the receiver is overrun (socket drops or a growing disk queue). */
const RECEIVER_CUT = 0.85;
/** Weight of one quiet interval (no queue) in the path's random-loss floor. */
const LOSS_FLOOR_GAIN = 0.1;
/**
 * Only intervals losing less than this teach the random-loss floor, which never exceeds it: beyond it loss is
 * congestion whatever the queue says. (Flows that start into a queue already full never see it empty, so their
 * queue reads short while they lose heavily: that loss must still cut.)
 */
const LOSS_FLOOR_MAX = 0.1;
/** The start's climb at most doubles the rate per feedback (a path of a few ms would allow far more). */
const START_MAX_FACTOR = 2;
/** Feedbacks over which the receiver's socket drops still count: the gaps they leave surface an interval later. */
const DROPS_REMEMBERED = 2;
/**
 * Once the receiver has shown it is the slower end (its socket overflowed, or held more than this share of its buffer),
 * the set point is at most this share of the time that buffer holds at the rate it takes in: the queue then stays well
 * short of the buffer, and a stall of the receiver has room to pass.
 */
const RECEIVER_BUFFER_SHARE = 0.25;
/**
 * The start doubles, and a receiver-bound session climbs at all, only while the receiver takes in at least this share
 * of what was sent: else the receiver (or the sender) is the limit.
 */
const KEEP_UP = 0.8;
/**
 * The start's climb per feedback is at most what would fill this share of the receiver's socket buffer within one
 * feedback interval if the receiver took none of it: the next feedback comes too late to stop an overflow.
 */
const START_BUFFER_FILL = 0.5;
/** Rates remembered for the start's check (one per feedback; the check looks back a round trip). */
const RATE_HISTORY = 64;
/** The set point never goes below this for the receiver's buffer: a lower one would read scheduling noise as a queue. */
const MIN_SET_POINT_US = 1_000;
/** Weight of one feedback in the smoothed rate the receiver takes in. */
const TAKEN_GAIN = 0.25;

const proportionalCut = (excess: number) => 1 - 0.25 * Math.min(1, excess);
const SHAPES: Record<Exclude<RatePolicy, 'fixed'>, PolicyShape> = {
  fair: { setPointUs: 20_000, step: 0.1, weight: 1, cut: proportionalCut },
  // Shares follow the weights when cuts coincide and lean towards √weight when they do not: 2.25, not 2, is what
  // gives high about twice fair through a real bottleneck (PROTOCOL.md §3).
  high: { setPointUs: 20_000, step: 0.1, weight: 2.25, cut: proportionalCut },
  low: { setPointUs: 8_000, step: 0.02, weight: 1, cut: (excess) => 1 - 0.5 * Math.min(1, excess) },
};

/**
 * The sender's current rate under a rate policy (PROTOCOL.md §3): fixed holds the target; the others climb towards
 * the target while the path shows no queue and back off when queueing delay builds or the receiver is overrun, never
 * below the floor. Near congestion the climb is additive and weighted while cuts are proportional, so flows through
 * one bottleneck settle at shares that follow their weights (high ≈ 2 × fair) at the same queue.
 */
export class RateController {
  #settings: RateSettings;
  #rateKbps: number;
  #lastDelayUs = 0;
  #lastDiskBytes = 0;
  #sinceCut = 2;
  #cutAtMs = Number.NEGATIVE_INFINITY;
  /** The rate at the last congestion cut: the climb slows near it instead of overshooting into loss again. */
  #cutAtKbps = 0;
  /** The loss the path shows without a queue (random loss), smoothed: only loss above it means congestion. */
  #lossFloor = 0;
  /** Sessions of the same node, which most often share its link: they start and climb as one session would. */
  #sharedBy: number;
  /**
   * Until the first sign of a queue the rate of a session alone on its node doubles per round trip, as TCP's slow
   * start does: the climb the feedback loop can follow. Far from congestion later on, the climb is the gentler share
   * of the target.
   */
  #starting = true;
  /** Feedbacks left for which the receiver's latest socket drops still count. */
  #dropsFresh = 0;
  /** The receiver has been the slower end in this session: its socket buffer, not only the path, bounds the queue. */
  #receiverBound = false;
  /** The rate set by each feedback and when, for the start's check of what the receiver takes in. */
  #history: { atMs: number; kbps: number }[] = [];
  /** What the receiver takes in, smoothed, kbit/s. */
  #takenKbps = 0;

  constructor(settings: RateSettings, sharedBy = 1) {
    this.#settings = { ...settings };
    this.#sharedBy = Math.max(1, sharedBy);
    this.#rateKbps = settings.rate_policy === 'fixed' ? settings.target_rate_kbps : this.#floor();
    // Adaptive policies start at a quarter of the target, at most 1 Gbit/s: the climb reaches a fast path within a few
    // feedbacks. The node's sessions share one start: the n-th starts at 1/n of it and the others give up their n-th
    // when they hear of it (`onFeedback`), so a hundred sessions arriving together send what one would, where a
    // hundred starts would overflow their path before the first feedback and lose the probes with the data.
    if (settings.rate_policy !== 'fixed')
      this.#rateKbps = this.#clamp(
        Math.min(settings.target_rate_kbps * START_SHARE, START_CAP_KBPS) / this.#sharedBy,
      );
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

  /**
   * Up to two sessions of a node climb at the full step each (the weights' shares are measured with two); beyond,
   * the node's n sessions climb together √(2n) times as fast as one: fast enough to refill their link after they
   * all cut, where n times as fast would overflow its queue within one feedback interval for a hundred of them.
   */
  #climbDivisor(): number {
    return Math.sqrt(Math.max(1, this.#sharedBy / 2));
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
    const setPointUs = this.#setPointUs(shape, sample);
    if (this.#starting && !this.#keepsUp(sample)) this.#starting = false;
    const rate = this.#decide(shape, setPointUs, sample);
    if (sample.atMs !== undefined) {
      this.#history.push({ atMs: sample.atMs, kbps: rate });
      if (this.#history.length > RATE_HISTORY) this.#history.shift();
    }
    return rate;
  }

  /** The new rate of an adaptive policy for one feedback, aiming at `setPointUs` of queue. */
  #decide(shape: PolicyShape, setPointUs: number, sample: RateSample): number {
    const target = this.#settings.target_rate_kbps;
    const sharedBy = Math.max(1, sample.sharedBy ?? this.#sharedBy);
    if (sharedBy > this.#sharedBy) this.#rateKbps = this.#clamp((this.#rateKbps * this.#sharedBy) / sharedBy);
    this.#sharedBy = sharedBy;
    // Doubling per round trip is for a session alone: many doubling together overrun their queue within one.
    if (this.#sharedBy > 1) this.#starting = false;
    const rising = sample.queueDelayUs > this.#lastDelayUs;
    const falling = sample.queueDelayUs < this.#lastDelayUs;
    this.#lastDelayUs = sample.queueDelayUs;
    const disk = sample.diskQueueBytes ?? 0;
    const diskGrowing = disk > DISK_QUEUE_HIGH && disk > this.#lastDiskBytes;
    this.#lastDiskBytes = disk;
    this.#sinceCut++;
    // A feedback right after a cut still describes packets sent before it: one cut per two intervals and, once the
    // round trip is known, per round trip and interval (a long path's queue keeps rising for a round trip after the
    // cut), else a single congestion event is answered two or three times over and the link runs empty.
    const waited =
      sample.atMs === undefined || sample.rttMs === undefined
        ? true
        : sample.atMs - this.#cutAtMs >= sample.rttMs + Math.max(FEEDBACK_MS, sample.intervalMs ?? 0);
    const mayCut = this.#sinceCut >= 2 && waited;
    const intervals = Math.min(
      MAX_INTERVALS_PER_FEEDBACK,
      Math.max(1, (sample.intervalMs ?? FEEDBACK_MS) / FEEDBACK_MS),
    );
    this.#dropsFresh = (sample.receiverDrops ?? 0) > 0 ? DROPS_REMEMBERED : Math.max(0, this.#dropsFresh - 1);
    // A node's socket serves all its sessions: its drops overran this one only if this one lost packets (else the
    // whole node's sessions cut together for the drops of a few, and the link runs empty).
    const overrun = this.#dropsFresh > 0 && sample.loss > this.#lossFloor;
    if (overrun || diskGrowing) {
      // The receiving end cannot keep up: the loss it reports is its own, whatever the path's queue says. What it
      // took in bounds the cut from below, never under half the rate: a receiver that stalled for a moment reports
      // little taken in.
      if (overrun) this.#receiverBound = true;
      if (!mayCut) return this.#rateKbps;
      this.#starting = false;
      this.#sinceCut = 0;
      this.#cutAtMs = sample.atMs ?? Number.NEGATIVE_INFINITY;
      this.#cutAtKbps = this.#rateKbps;
      const cut = this.#rateKbps * RECEIVER_CUT;
      const taken = sample.receivedKbps ?? 0;
      this.#rateKbps = this.#clamp(taken > 0 ? Math.min(cut, Math.max(taken, 0.5 * this.#rateKbps)) : cut);
      return this.#rateKbps;
    }
    // Random loss comes without a queue: what the path loses while its queue is short is its floor, and only loss
    // above that floor means congestion. Heavy loss above it means the path is overrun even when the queue is short.
    // Loss beside the receiver's socket drops is the receiver's (another session's, on a node), not the path's. Both
    // tests use the policy's own set point: they describe the path, whatever the receiver's buffer allows.
    const pathSetPointUs = shape.setPointUs;
    if (sample.queueDelayUs < pathSetPointUs / 4 && sample.loss < LOSS_FLOOR_MAX && this.#dropsFresh === 0)
      this.#lossFloor = (1 - LOSS_FLOOR_GAIN) * this.#lossFloor + LOSS_FLOOR_GAIN * sample.loss;
    const excessLoss = Math.max(0, sample.loss - this.#lossFloor);
    const congestedByLoss =
      (excessLoss > 0.02 && rising && sample.queueDelayUs > pathSetPointUs / 2) || excessLoss > 0.1;
    const congested = sample.queueDelayUs > setPointUs || congestedByLoss;
    if (congested || sample.queueDelayUs > setPointUs / 2) this.#starting = false;
    if (congested && (!mayCut || (falling && !congestedByLoss))) {
      // Above the set point but draining, or just cut: the last cut is still taking effect.
    } else if (congested) {
      this.#sinceCut = 0;
      this.#cutAtMs = sample.atMs ?? Number.NEGATIVE_INFINITY;
      const excess = Math.max(0, sample.queueDelayUs - setPointUs) / setPointUs;
      const delayCut = shape.cut(congestedByLoss ? Math.max(excess, 0.5) : excess);
      // Heavy loss cuts in proportion (at most halving), so an overrun receiver is relieved within a few intervals.
      const lossCut = excessLoss > 0.1 ? 1 - Math.min(0.5, excessLoss) : 1;
      this.#cutAtKbps = this.#rateKbps;
      this.#rateKbps = this.#clamp(this.#rateKbps * Math.min(delayCut, lossCut));
    } else {
      // Far from congestion the step is a weighted share of the target, divided among the node's sessions, but never
      // more than a quarter of the current rate, so a target far above the path probes upward gradually (a step in
      // proportion to the rate alone would keep an early starter's lead for ever). Near it (a queue above half the
      // set point, or a rate between 15 % below and 50 % above the last cut) the step is additive and weighted:
      // proportional cuts and weighted additive climbs are what make shares converge to the weights.
      const cutAt = this.#cutAtKbps;
      const near =
        sample.queueDelayUs > setPointUs / 2 ||
        (this.#rateKbps >= 0.85 * cutAt && this.#rateKbps < 1.5 * cutAt);
      // Near a cut with the queue empty, the link idles until the rate is back: the additive climb doubles there (for
      // every flow through that queue alike, so shares still follow the weights).
      const empty = sample.queueDelayUs < setPointUs / 8;
      const step = near
        ? (intervals * shape.weight * NEAR_STEP * target * (empty ? EMPTY_QUEUE_BOOST : 1)) /
          this.#climbDivisor()
        : this.#starting && sample.rttMs !== undefined
          ? Math.min(
              this.#rateKbps *
                (Math.min(START_MAX_FACTOR ** intervals, 2 ** ((intervals * FEEDBACK_MS) / sample.rttMs)) -
                  1),
              this.#startStepCapKbps(sample),
            )
          : intervals *
            Math.min(
              (shape.weight * shape.step * target) / this.#climbDivisor(),
              2.5 * shape.step * this.#rateKbps,
            );
      // A rate the receiver has not been taking in is not climbed further: once the sender or the receiver cannot keep
      // up, a higher set point only makes the burst after a stall of the receiver larger.
      if (!this.#receiverBound || this.#starting || this.#keepsUp(sample))
        this.#rateKbps = this.#clamp(this.#rateKbps + step);
      if (this.#rateKbps >= 1.5 * cutAt) this.#cutAtKbps = 0;
    }
    return this.#rateKbps;
  }

  /** The start's largest climb for one feedback, kbit/s: unbounded while the receiver's buffer is unknown. */
  #startStepCapKbps(sample: RateSample): number {
    const buffer = sample.receiverBufferBytes ?? 0;
    return buffer > 0 ? (START_BUFFER_FILL * buffer * 8) / FEEDBACK_MS : Number.POSITIVE_INFINITY;
  }

  /**
   * Did the receiver take in most of what was sent a round trip before this feedback? A start that doubles past what
   * the receiver takes, or a receiver-bound session that climbs past it, only fills the receiver's buffer until it
   * overflows.
   */
  #keepsUp(sample: RateSample): boolean {
    if (sample.atMs === undefined || sample.rttMs === undefined || sample.receivedKbps === undefined)
      return true;
    const sentAt = sample.atMs - sample.rttMs - FEEDBACK_MS / 2;
    let sent: number | undefined;
    for (const entry of this.#history) if (entry.atMs <= sentAt) sent = entry.kbps;
    return sent === undefined || sample.receivedKbps >= KEEP_UP * sent;
  }

  /**
   * The queue the policy aims at: its own set point, or, once the receiver has shown it is the slower end, at most a
   * share of the time its socket's buffer holds (on a fast path that buffer fills long before the path's queue reaches
   * the set point, and every overflow is re-sent).
   */
  #setPointUs(shape: PolicyShape, sample: RateSample): number {
    const taken = sample.receivedKbps ?? 0;
    if (taken > 0)
      this.#takenKbps = this.#takenKbps > 0 ? (1 - TAKEN_GAIN) * this.#takenKbps + TAKEN_GAIN * taken : taken;
    const buffer = sample.receiverBufferBytes ?? 0;
    if (buffer > 0 && (sample.receiverQueuedBytes ?? 0) > RECEIVER_BUFFER_SHARE * buffer)
      this.#receiverBound = true;
    if (!this.#receiverBound || buffer <= 0 || this.#takenKbps <= 0) return shape.setPointUs;
    const bufferUs = ((buffer * 8) / this.#takenKbps) * 1000;
    return Math.min(shape.setPointUs, Math.max(MIN_SET_POINT_US, RECEIVER_BUFFER_SHARE * bufferUs));
  }
}
