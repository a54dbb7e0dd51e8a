/** Runs `work` items with at most `parallel` in flight; the first failure stops the rest. */
export async function pool<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

export interface Range {
  start: number;
  end: number;
}

/** Splits gaps into pieces of at most `size` bytes. */
export function splitRanges(gaps: Range[], size: number): Range[] {
  const out: Range[] = [];
  for (const gap of gaps)
    for (let start = gap.start; start < gap.end; start += size)
      out.push({ start, end: Math.min(gap.end, start + size) });
  return out;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
