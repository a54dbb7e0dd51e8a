import { describe, expect, it } from 'vitest';
import { latencySummary, percentile } from './percentiles.mjs';

describe('benchmark percentiles', () => {
  it('takes the nearest rank at or below, from unsorted samples, without reordering them', () => {
    const samples = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10];
    expect(percentile(samples, 0.5)).toBe(6);
    expect(percentile(samples, 0.95)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 1)).toBe(10);
    expect(samples[0]).toBe(9);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('prints the quantiles asked for', () => {
    expect(latencySummary([1, 2, 3, 4])).toBe('p50 3.0 ms, p95 4.0 ms');
    expect(latencySummary([1.25, 2.5], [0.5, 0.99], 3)).toBe('p50 2.500 ms, p99 2.500 ms');
  });
});
