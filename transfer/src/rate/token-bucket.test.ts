import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('lets through exactly the configured rate over simulated time', () => {
    let now = 0;
    const bucket = new TokenBucket(8_000_000, () => now, 0.002, 1500); // 1 MB/s
    let sent = 0;
    for (now = 0; now < 1000; now += 0.5) while (bucket.tryTake(1000)) sent += 1000;
    expect(sent).toBeGreaterThan(990_000);
    expect(sent).toBeLessThan(1_010_000);
  });

  it('does not bank idle time beyond its depth', () => {
    let now = 0;
    const bucket = new TokenBucket(8_000_000, () => now, 0.002, 2000);
    now = 10_000;
    let burst = 0;
    while (bucket.tryTake(1000)) burst += 1000;
    expect(burst).toBeLessThanOrEqual(3000);
  });

  it('with a maximum depth, banks no more than it after a pause, however high the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(8_000_000_000, () => now, 0.005, 65_536); // 1 GB/s: 5 MB deep uncapped
    bucket.setMaxDepth(100_000);
    now = 1000;
    let burst = 0;
    while (bucket.tryTake(10_000)) burst += 10_000;
    expect(burst).toBeLessThanOrEqual(110_000);
    // The rate itself is kept: 1 ms later another 100 KB.
    now += 0.1;
    expect(bucket.tryTake(10_000)).toBe(true);
  });

  it('reports how long to wait and follows rate changes', () => {
    let now = 0;
    const bucket = new TokenBucket(8_000, () => now, 0.002, 1000); // 1000 B/s
    expect(bucket.waitMs(500)).toBeCloseTo(500);
    bucket.setRate(16_000);
    expect(bucket.waitMs(500)).toBeCloseTo(250);
    now = 250;
    expect(bucket.tryTake(500)).toBe(true);
  });
});
