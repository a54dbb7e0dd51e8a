import { describe, expect, it } from 'vitest';
import { pool, splitRanges } from './range-pool.ts';

describe('range pool', () => {
  it('splits gaps into bounded pieces', () => {
    expect(
      splitRanges(
        [
          { start: 0, end: 10 },
          { start: 20, end: 24 },
        ],
        4,
      ),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
      { start: 20, end: 24 },
    ]);
  });

  it('runs at most `parallel` at once and stops after the first failure', async () => {
    let live = 0;
    let peak = 0;
    const done: number[] = [];
    const run = pool([1, 2, 3, 4, 5, 6, 7, 8], 3, async (n) => {
      live++;
      peak = Math.max(peak, live);
      await new Promise((resolve) => setTimeout(resolve, 5));
      live--;
      if (n === 4) throw new Error('four');
      done.push(n);
    });
    await expect(run).rejects.toThrow('four');
    expect(peak).toBe(3);
    expect(done).not.toContain(8);
  });
});
