// Percentiles and their one-line summaries, shared by every benchmark (TypeScript and plain .mjs alike, and the DAM's
// benchmarks in dam-app/server/bench): each used to carry its own copy.

/**
 * The value at quantile `q` (0–1) of the samples: the nearest rank at or below, as every benchmark here reported it.
 * The samples need not be sorted (a sorted copy is taken); 0 for none.
 * @param {readonly number[]} samples
 * @param {number} q
 * @returns {number}
 */
export function percentile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * "p50 1.2 ms, p95 3.4 ms": the given quantiles of latency samples in milliseconds.
 * @param {readonly number[]} samples
 * @param {readonly number[]} [quantiles]
 * @param {number} [digits]
 * @returns {string}
 */
export function latencySummary(samples, quantiles = [0.5, 0.95], digits = 1) {
  return quantiles
    .map((q) => `p${Math.round(q * 100)} ${percentile(samples, q).toFixed(digits)} ms`)
    .join(', ');
}
