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
    expect(run(c, 3, 0, 60_000)).toBeLessThan(50_000);
    expect(run(c, 100, 0, 60_000)).toBe(10_000);
  });

  it('low yields at a queue that fair tolerates; high tolerates twice fair', () => {
    const make = (rate_policy: 'low' | 'fair' | 'high') => {
      const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy });
      run(c, 50, 0, 0);
      return run(c, 5, 0, 15_000);
    };
    expect(make('low')).toBeLessThan(10_000);
    expect(make('fair')).toBe(100_000);
    const fairAt30 = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    const highAt30 = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'high' });
    expect(run(highAt30, 10, 0, 30_000)).toBeGreaterThan(run(fairAt30, 10, 0, 30_000));
  });

  it('treats loss as congestion only when it comes with a rising queue', () => {
    const c = new RateController({ target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' });
    run(c, 20, 0, 0);
    c.onFeedback({ loss: 0.1, queueDelayUs: 12_000 });
    expect(c.rateKbps).toBeLessThan(100_000);
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
  it('climbs back fast, then creeps just below the rate it was cut at, and probes on once past it', () => {
    const c = new RateController({ target_rate_kbps: 10_000_000, min_rate_kbps: 0, rate_policy: 'fair' });
    const cutAt = c.rateKbps;
    c.onFeedback({ loss: 0.5, queueDelayUs: 30_000 });
    expect(c.rateKbps).toBeLessThanOrEqual(cutAt / 2);
    const steps: number[] = [];
    for (let i = 0; i < 30; i++) {
      const before = c.rateKbps;
      c.onFeedback({ loss: 0, queueDelayUs: 0 });
      steps.push(c.rateKbps / before);
    }
    expect(steps[0]).toBeCloseTo(1.25);
    const creep = steps.findIndex((step) => step < 1.03);
    expect(steps[creep]).toBeCloseTo(1.02);
    expect(Math.max(...steps.slice(creep))).toBeGreaterThan(1.2);
    expect(c.rateKbps).toBe(10_000_000);
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
