import { describe, expect, it } from 'vitest';
import { QueueDelay } from './queue-delay.ts';

const U32 = 2 ** 32;

describe('QueueDelay', () => {
  it.each([
    ['a positive offset', 5_000_000],
    ['an offset straddling zero', -50_000],
    ['an offset straddling the signed wrap', 2 ** 31 - 20_000],
  ])('measures queueing above the base delay with %s', (_name, offset) => {
    const q = new QueueDelay();
    const sample = (sendUs: number, delayUs: number) =>
      q.add((sendUs + offset + delayUs + 10 * U32) % U32, sendUs % U32);
    sample(1_000, 50_000);
    sample(2_000, 49_000);
    expect(q.take()).toBeCloseTo(500);
    sample(3_000, 69_000);
    sample(4_000, 79_000);
    expect(q.take()).toBeCloseTo(25_000);
  });

  it('reports 0 without samples', () => {
    expect(new QueueDelay().take()).toBe(0);
  });
});
