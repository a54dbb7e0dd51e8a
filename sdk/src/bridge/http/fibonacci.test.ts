import { describe, expect, it } from 'vitest';
import { fibonacciSeconds } from './fibonacci.ts';

describe('fibonacciSeconds', () => {
  it('is 1, 2, 3, 5, 8, 13, 21', () => {
    const series = fibonacciSeconds();
    expect(Array.from({ length: 7 }, () => series.next().value)).toEqual([1, 2, 3, 5, 8, 13, 21]);
  });
});
