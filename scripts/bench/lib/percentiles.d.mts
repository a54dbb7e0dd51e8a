/** The value at quantile `q` (0–1) of the samples (sorted or not); 0 for none. */
export function percentile(samples: readonly number[], q: number): number;
/** "p50 1.2 ms, p95 3.4 ms": the given quantiles (default p50 and p95) of latency samples in milliseconds. */
export function latencySummary(
  samples: readonly number[],
  quantiles?: readonly number[],
  digits?: number,
): string;
