import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-delay.ts';

describe('retryDelayMs', () => {
  it('doubles from 2 s and caps at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n) / 1000)).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });
});
