/** Summary of a latency sample in milliseconds. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export function formatRow(name: string, s: LatencySummary): string {
  const ms = (value: number) => value.toFixed(2).padStart(7);
  return `${name.padEnd(34)} ${String(s.count).padStart(5)} ${ms(s.mean)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${ms(s.max)}`;
}

export const HEADER = `${'path'.padEnd(34)} ${'calls'.padStart(5)} ${'mean'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)`;
