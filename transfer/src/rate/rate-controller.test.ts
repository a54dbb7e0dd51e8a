import { describe, expect, it } from 'vitest';
import { RateController } from './rate-controller.ts';

const run = (controller: RateController, samples: number, loss: number, queueDelayUs: number) => {
  for (let i = 0; i < samples; i++) controller.onFeedback({ loss, queueDelayUs });
  return controller.rateKbps;
};

describe('RateController', () => {
  it('fixed holds the target whatever the loss and delay', () => {
    const c = new RateController({ target_rate_kbps: 50_000, min_rate_kbps: 0, rate_policy: 'fixed' });
    expect(run(c, 50, 0.3, 500_000)).toBe(50_000);
  });

  it('fair climbs to the target on a clean path and ignores random loss without queueing', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    expect(run(c, 20, 0.05, 1_000)).toBe(100_000);
  });

  it('fair backs off when queueing delay builds, never below min_rate', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 10_000, rate_policy: 'fair' });
    run(c, 20, 0, 0);
    expect(run(c, 5, 0, 60_000)).toBeLessThan(50_000);
    expect(run(c, 100, 0, 60_000)).toBe(10_000);
  });

  it("low yields at a queue that fair tolerates; high keeps fair's set point", () => {
    const make = (rate_policy: 'low' | 'fair' | 'high', queueUs: number) => {
      const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy });
      run(c, 50, 0, 0);
      return run(c, 7, 0, queueUs);
    };
    expect(make('low', 19_000)).toBeLessThan(10_000);
    expect(make('fair', 19_000)).toBe(100_000);
    expect(make('high', 30_000)).toBe(make('fair', 30_000));
  });

  it('treats loss as congestion only when it comes with a rising queue', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 20, 0, 0);
    c.onFeedback({ loss: 0.1, queueDelayUs: 12_000 });
    expect(c.rateKbps).toBeLessThan(100_000);
  });

  it("learns the path's random loss while the queue is short and holds the rate when the queue rises within it", () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 40, 0.05, 1_000);
    expect(c.rateKbps).toBe(100_000);
    // 5 % loss with a queue rising to 12 ms (above half the set point) is the path's own loss, not congestion.
    c.onFeedback({ loss: 0.05, queueDelayUs: 11_000 });
    c.onFeedback({ loss: 0.05, queueDelayUs: 12_000 });
    expect(c.rateKbps).toBe(100_000);
    // Loss well above that floor with the rising queue is.
    c.onFeedback({ loss: 0.1, queueDelayUs: 13_000 });
    expect(c.rateKbps).toBeLessThan(100_000);
  });

  it('waits a round trip and a feedback interval after a cut before it cuts again', () => {
    const make = () => {
      const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
      run(c, 40, 0, 0);
      return c;
    };
    // A 120 ms path: the queue keeps rising for a round trip after the first cut, as the earlier packets drain.
    const spaced = make();
    const unaware = make();
    for (let i = 0; i < 4; i++) {
      const queueDelayUs = 25_000 + i * 2_000;
      spaced.onFeedback({ loss: 0, queueDelayUs, atMs: 1_000 + i * 50, rttMs: 120 });
      unaware.onFeedback({ loss: 0, queueDelayUs });
    }
    // One cut (at 1 000 ms); the next may come 170 ms later, after these feedbacks.
    expect(spaced.rateKbps).toBeCloseTo(100_000 * (1 - 0.25 * 0.25), 0);
    expect(unaware.rateKbps).toBeLessThan(spaced.rateKbps);
    spaced.onFeedback({ loss: 0, queueDelayUs: 34_000, atMs: 1_200, rttMs: 120 });
    expect(spaced.rateKbps).toBeLessThan(100_000 * (1 - 0.25 * 0.25));
  });

  it('never learns heavy loss as the floor: a flow that started into a full queue still cuts', () => {
    const c = new RateController({ target_rate_kbps: 200_000, min_rate_kbps: 0, rate_policy: 'fair' });
    const start = c.rateKbps;
    // Its first packets met a queue already full, so its queue reads short while it loses a third of them.
    for (let i = 0; i < 10; i++) c.onFeedback({ loss: 0.3, queueDelayUs: 500 });
    expect(c.rateKbps).toBeLessThan(start / 4);
  });

  it('applies a live change of target and policy', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    c.update({ target_rate_kbps: 20_000, min_rate_kbps: 0, rate_policy: 'fixed' });
    expect(c.rateKbps).toBe(20_000);
  });
});

describe('RateController under heavy loss', () => {
  it('backs off when a tenth of the packets are lost even without a measured queue', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 20, 0, 0);
    expect(run(c, 10, 0.3, 0)).toBeLessThan(50_000);
  });
});

describe('RateController after a cut', () => {
  it('climbs back fast, then creeps additively around the rate it was cut at, and probes on once well past it', () => {
    const c = new RateController({ target_rate_kbps: 4_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    const cutAt = c.rateKbps;
    c.onFeedback({ loss: 0.5, queueDelayUs: 30_000 });
    expect(c.rateKbps).toBeLessThanOrEqual(cutAt / 2);
    const steps: number[] = [];
    for (let i = 0; i < 60; i++) {
      const before = c.rateKbps;
      // A short queue (3 ms, not empty): the plain additive creep.
      c.onFeedback({ loss: 0, queueDelayUs: 3_000 });
      steps.push(c.rateKbps / before);
    }
    expect(steps[0]).toBeCloseTo(1.25);
    const creep = steps.findIndex((step) => step < 1.05);
    expect(creep).toBeGreaterThan(0);
    expect(steps[creep]).toBeGreaterThan(1);
    expect(Math.max(...steps.slice(creep))).toBeGreaterThan(1.2);
    expect(c.rateKbps).toBe(4_000_000);
  });
});

describe('RateController with a slow receiver answering less often', () => {
  it('climbs per second as a session answered every 50 ms would: a feedback counts for its intervals, at most four', () => {
    const climb = (feedbacks: number, intervalMs: number | undefined) => {
      const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
      c.onFeedback({ loss: 0.5, queueDelayUs: 30_000 });
      const from = c.rateKbps;
      for (let i = 0; i < feedbacks; i++)
        c.onFeedback({ loss: 0, queueDelayUs: 12_000, ...(intervalMs ? { intervalMs } : {}) });
      return c.rateKbps - from;
    };
    // With a queue above half the set point the climb is additive: one feedback for 200 ms gains what four for 50 ms
    // each do.
    expect(climb(1, 200)).toBeCloseTo(climb(4, 50));
    expect(climb(1, 50)).toBeCloseTo(climb(1, undefined));
    // A receiver that stalled a second does not earn twenty intervals of climb.
    expect(climb(1, 1000)).toBeCloseTo(climb(1, 200));
  });
});

describe('RateController near a cut', () => {
  it('doubles the additive climb while the queue is empty, weights kept', () => {
    const climb = (rate_policy: 'fair' | 'high', queueDelayUs: number, sharedBy?: number) => {
      const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy });
      run(c, 40, 0, 0);
      c.onFeedback({ loss: 0, queueDelayUs: 25_000 });
      const before = c.rateKbps;
      c.onFeedback({ loss: 0, queueDelayUs: 25_000 });
      c.onFeedback({ loss: 0, queueDelayUs, ...(sharedBy ? { sharedBy } : {}) });
      return c.rateKbps - before;
    };
    expect(climb('fair', 5_000)).toBeCloseTo(1_000);
    expect(climb('fair', 1_000)).toBeCloseTo(2_000);
    expect(climb('high', 1_000)).toBeCloseTo(2.25 * 2_000);
  });

  it('divides the additive climb by √(n/2) beyond two sessions on the node', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'high' }, 8);
    run(c, 60, 0, 0);
    c.onFeedback({ loss: 0, queueDelayUs: 25_000 });
    const before = c.rateKbps;
    c.onFeedback({ loss: 0, queueDelayUs: 25_000 });
    c.onFeedback({ loss: 0, queueDelayUs: 5_000 });
    // high's weight 2.25 × 1 % of the target, divided by √(8/2).
    expect(c.rateKbps - before).toBeCloseTo(2.25 * 500);
    c.onFeedback({ loss: 0, queueDelayUs: 5_000, sharedBy: 2 });
    expect(c.rateKbps - before).toBeCloseTo(2.25 * 1_500);
  });
});

describe('RateController start', () => {
  it('starts adaptive policies at a quarter of the target, at most 1 Gbit/s; fixed at the target', () => {
    const start = (target_rate_kbps: number, rate_policy: 'fair' | 'fixed') =>
      new RateController({ target_rate_kbps, min_rate_kbps: 0, rate_policy }).rateKbps;
    expect(start(100_000, 'fair')).toBe(25_000);
    expect(start(20_000_000, 'fair')).toBe(1_000_000);
    expect(start(20_000_000, 'fixed')).toBe(20_000_000);
  });

  it('doubles per round trip until the first sign of a queue, then climbs by a share of the target', () => {
    const c = new RateController({ target_rate_kbps: 4_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    const feed = (queueDelayUs: number, rttMs: number) => c.onFeedback({ loss: 0, queueDelayUs, rttMs });
    expect(feed(0, 100)).toBeCloseTo(1_000_000 * Math.SQRT2);
    expect(feed(0, 100)).toBeCloseTo(2_000_000);
    expect(feed(0, 1)).toBeCloseTo(4_000_000);
    const again = new RateController({ target_rate_kbps: 4_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    again.onFeedback({ loss: 0, queueDelayUs: 12_000, rttMs: 100 });
    expect(again.onFeedback({ loss: 0, queueDelayUs: 0, rttMs: 100 })).toBeCloseTo(1_040_000 + 260_000);
  });

  it("starts the node's n-th session at 1/n of the start, never below 64 kbit/s", () => {
    const start = (sharedBy: number) =>
      new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' }, sharedBy)
        .rateKbps;
    expect(start(2)).toBe(12_500);
    expect(start(10)).toBe(2_500);
    expect(start(1_000)).toBe(64);
    expect(start(0)).toBe(25_000);
  });

  it('gives up a share of its rate to each session that joins its node', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    c.onFeedback({ loss: 0, queueDelayUs: 12_000 });
    const before = c.rateKbps;
    c.onFeedback({ loss: 0, queueDelayUs: 12_000, sharedBy: 4 });
    expect(c.rateKbps).toBeCloseTo(before / 4 + 1_000 / Math.SQRT2);
    c.onFeedback({ loss: 0, queueDelayUs: 12_000, sharedBy: 2 });
    expect(c.rateKbps).toBeCloseTo(before / 4 + 1_000 / Math.SQRT2 + 1_000);
  });
});

describe('RateController floor', () => {
  it('keeps probing from a tiny rate instead of sticking at zero', () => {
    const c = new RateController({ target_rate_kbps: 10_000, min_rate_kbps: 0, rate_policy: 'low' });
    run(c, 50, 0, 100_000);
    expect(c.rateKbps).toBe(64);
    expect(run(c, 200, 0, 0)).toBe(10_000);
  });
});

/**
 * Flows through one fluid bottleneck: each feedback interval (50 ms) the queue grows by what the flows send beyond
 * the link and the flows see the same queueing delay. Returns each flow's mean rate over the second half.
 */
function share(policies: ('fair' | 'high' | 'low')[], linkKbps: number): number[] {
  const flows = policies.map(
    (rate_policy) => new RateController({ target_rate_kbps: 2 * linkKbps, min_rate_kbps: 0, rate_policy }),
  );
  let queueUs = 0;
  const sums = policies.map(() => 0);
  const rounds = 4000;
  for (let i = 0; i < rounds; i++) {
    const offered = flows.reduce((sum, flow) => sum + flow.rateKbps, 0);
    queueUs = Math.min(50_000, Math.max(0, queueUs + ((offered - linkKbps) / linkKbps) * 50_000));
    flows.forEach((flow, n) => {
      flow.onFeedback({ loss: 0, queueDelayUs: queueUs });
      if (i >= rounds / 2) sums[n] = (sums[n] ?? 0) + flow.rateKbps;
    });
  }
  return sums.map((sum) => sum / (rounds / 2));
}

describe('RateController shares', () => {
  it('high settles at about twice fair through one bottleneck, fair + fair evenly', () => {
    const [high = 0, fair = 0] = share(['high', 'fair'], 50_000);
    expect(high / fair).toBeGreaterThan(1.6);
    expect(high / fair).toBeLessThan(2.5);
    const [a = 0, b = 0] = share(['fair', 'fair'], 50_000);
    expect(a / (a + b)).toBeGreaterThan(0.45);
    expect(a / (a + b)).toBeLessThan(0.55);
  });

  it('every adaptive policy alone fills the link', () => {
    for (const policy of ['fair', 'high', 'low'] as const) {
      const [alone = 0] = share([policy], 50_000);
      expect(alone).toBeGreaterThan(0.9 * 50_000);
    }
  });
});

describe('RateController reading the receiver', () => {
  it("cuts when the receiver's socket drops, even on a path without queue or much loss", () => {
    const c = new RateController({ target_rate_kbps: 1_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 30, 0, 0);
    c.onFeedback({ loss: 0.01, queueDelayUs: 0, receiverDrops: 12 });
    expect(c.rateKbps).toBeCloseTo(850_000);
    c.onFeedback({ loss: 0.2, queueDelayUs: 0, receiverDrops: 900, receivedKbps: 300_000 });
    expect(c.rateKbps).toBeCloseTo(850_000);
    c.onFeedback({ loss: 0.2, queueDelayUs: 0, receiverDrops: 900, receivedKbps: 600_000 });
    expect(c.rateKbps).toBe(600_000);
    c.onFeedback({ loss: 0.01, queueDelayUs: 0, receiverDrops: 5 });
    c.onFeedback({ loss: 0.01, queueDelayUs: 0, receiverDrops: 5, receivedKbps: 10_000 });
    expect(c.rateKbps).toBe(300_000);
  });

  it("does not learn the receiver's own overflow as the path's random loss", () => {
    const c = new RateController({ target_rate_kbps: 1_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 30, 0, 0);
    for (let i = 0; i < 40; i++) c.onFeedback({ loss: 0.05, queueDelayUs: 0, receiverDrops: 10 });
    const overrun = c.rateKbps;
    expect(overrun).toBeLessThan(100_000);
    // Less loss than the overflow showed, still beside drops: still the receiver's, still a cut.
    c.onFeedback({ loss: 0.03, queueDelayUs: 0, receiverDrops: 10 });
    c.onFeedback({ loss: 0.03, queueDelayUs: 0, receiverDrops: 10 });
    expect(c.rateKbps).toBeLessThan(overrun);
  });

  it("cuts for a shared socket's drops only when this session lost packets then or an interval later", () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 30, 0, 0);
    c.onFeedback({ loss: 0, queueDelayUs: 0, receiverDrops: 40 });
    c.onFeedback({ loss: 0, queueDelayUs: 0 });
    c.onFeedback({ loss: 0.02, queueDelayUs: 0 });
    expect(c.rateKbps).toBe(100_000);
    c.onFeedback({ loss: 0, queueDelayUs: 0, receiverDrops: 40 });
    c.onFeedback({ loss: 0.02, queueDelayUs: 0 });
    expect(c.rateKbps).toBeCloseTo(85_000);
  });

  it("cuts while the receiver's disk queue is high and growing, not while it drains", () => {
    const c = new RateController({ target_rate_kbps: 1_000_000, min_rate_kbps: 0, rate_policy: 'high' });
    run(c, 30, 0, 0);
    c.onFeedback({ loss: 0, queueDelayUs: 0, diskQueueBytes: 20 * 1024 * 1024 });
    expect(c.rateKbps).toBeLessThan(1_000_000);
    const after = c.rateKbps;
    c.onFeedback({ loss: 0, queueDelayUs: 0, diskQueueBytes: 18 * 1024 * 1024 });
    expect(c.rateKbps).toBeGreaterThan(after);
  });

  it("keeps its queue to a quarter of the receiver's buffer once the receiver has been the slower end, not before", () => {
    // 8 MiB taken in at 4 Gbit/s holds 16.8 ms: a quarter of it is a set point of 4.2 ms, below fair's 20 ms.
    const receiver = { receivedKbps: 4_000_000, receiverBufferBytes: 8 * 1024 * 1024 };
    const make = () => {
      const c = new RateController({ target_rate_kbps: 5_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
      for (let i = 0; i < 30; i++) c.onFeedback({ loss: 0, queueDelayUs: 0, ...receiver });
      return c;
    };
    const path = make();
    path.onFeedback({ loss: 0, queueDelayUs: 6_000, ...receiver });
    expect(path.rateKbps).toBe(5_000_000);
    const overflowed = make();
    overflowed.onFeedback({ loss: 0.01, queueDelayUs: 0, receiverDrops: 3, ...receiver });
    const cut = overflowed.rateKbps;
    overflowed.onFeedback({ loss: 0, queueDelayUs: 0, ...receiver });
    overflowed.onFeedback({ loss: 0, queueDelayUs: 0, ...receiver });
    const before = overflowed.rateKbps;
    expect(before).toBeGreaterThan(cut);
    overflowed.onFeedback({ loss: 0, queueDelayUs: 6_000, ...receiver });
    expect(overflowed.rateKbps).toBeLessThan(before);
    // A backlog of more than a quarter of the buffer shows it too, before anything overflows.
    const backlogged = make();
    backlogged.onFeedback({ loss: 0, queueDelayUs: 0, receiverQueuedBytes: 3 * 1024 * 1024, ...receiver });
    backlogged.onFeedback({ loss: 0, queueDelayUs: 6_000, ...receiver });
    expect(backlogged.rateKbps).toBeLessThan(5_000_000);
  });

  it('stops doubling at the start once the receiver takes in less than 80 % of what was sent', () => {
    const start = (takes: (sentKbps: number) => number) => {
      const c = new RateController({ target_rate_kbps: 20_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
      let sent = c.rateKbps;
      const rates = [];
      for (let at = 50; at <= 150; at += 50) {
        rates.push(c.onFeedback({ loss: 0, queueDelayUs: 0, rttMs: 1, atMs: at, receivedKbps: takes(sent) }));
        sent = c.rateKbps;
      }
      return rates;
    };
    expect(start((sent) => sent)).toEqual([2_000_000, 4_000_000, 8_000_000]);
    // 2.8 of the 4 Gbit/s sent: the start ends, and the climb is a quarter of the rate, not a doubling.
    expect(start((sent) => Math.min(sent, 2_800_000))).toEqual([2_000_000, 4_000_000, 5_000_000]);
  });

  it('once the receiver has been the slower end, does not climb past what it takes in', () => {
    const climb = (takes: (sentKbps: number) => number, overflow: boolean) => {
      const c = new RateController({ target_rate_kbps: 10_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
      const rates = [];
      for (let at = 50; at <= 1_000; at += 50) {
        const drops = overflow && at === 50 ? { loss: 0.01, receiverDrops: 3 } : { loss: 0 };
        const receiver = { receivedKbps: takes(c.rateKbps), receiverBufferBytes: 8 * 1024 * 1024 };
        rates.push(c.onFeedback({ queueDelayUs: 0, rttMs: 1, atMs: at, ...receiver, ...drops }));
      }
      return rates;
    };
    // A receiver that takes in 2 Gbit/s whatever is sent: the climb stops a step past 2.5 Gbit/s and stays there.
    const bound = climb(() => 2_000_000, true);
    expect(Math.max(...bound)).toBeLessThan(3_500_000);
    expect(bound.slice(-5)).toEqual(Array(5).fill(bound.at(-1)));
    // One that keeps up climbs to the target; without an overflow the rule does not apply (a path, not a receiver).
    expect(climb((sent) => sent, true).at(-1)).toBe(10_000_000);
    expect(climb(() => 2_000_000, false).at(-1)).toBe(10_000_000);
  });

  it('fixed stays exact whatever the receiver reports', () => {
    const c = new RateController({ target_rate_kbps: 50_000, min_rate_kbps: 0, rate_policy: 'fixed' });
    c.onFeedback({ loss: 0.2, queueDelayUs: 0, receiverDrops: 500, diskQueueBytes: 60 * 1024 * 1024 });
    expect(c.rateKbps).toBe(50_000);
  });
});
