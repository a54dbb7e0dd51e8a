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
