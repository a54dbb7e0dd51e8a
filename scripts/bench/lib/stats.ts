import { percentile } from './percentiles.mjs';

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
  const at = (q: number) => (samples.length ? percentile(samples, q) : Number.NaN);
  return {
    count: samples.length,
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
  };
}

export function formatRow(name: string, s: LatencySummary): string {
  const ms = (value: number) => value.toFixed(2).padStart(7);
  return `${name.padEnd(34)} ${String(s.count).padStart(5)} ${ms(s.mean)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${ms(s.max)}`;
}

export const HEADER = `${'path'.padEnd(34)} ${'calls'.padStart(5)} ${'mean'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  (ms)`;

/** Median of the samples (the figure every benchmark reports, over 3 runs by default). */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const mbps = (bytes: number, ms: number) => (bytes * 8) / 1000 / ms;

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Prints a Markdown table. */
export function table(header: string[], rows: (string | number)[][]): void {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  console.log(line(header));
  console.log(line(header.map(() => '---')));
  for (const row of rows) console.log(line(row));
}

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
