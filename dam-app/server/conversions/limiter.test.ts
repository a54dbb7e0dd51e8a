import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.ts';

describe('the conversion limiter', () => {
  it('runs at most its limit at once, the rest in turn, and frees a slot when a task fails', async () => {
    const limiter = new Limiter(2);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) =>
      limiter.run(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active--;
        order.push(n);
        if (n === 1) throw new Error('bad input');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual(['rejected', ...Array(4).fill('fulfilled')]);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
