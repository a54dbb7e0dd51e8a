import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllTransfersInfo } from '../core/types.ts';
import { ActivityPoller } from './activity-poller.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ActivityPoller', () => {
  it('polls every pollingTime with the last token and reports every answer', async () => {
    const tokens: number[] = [];
    const answers = [7, 7, 9];
    const events: AllTransfersInfo[] = [];
    const poller = new ActivityPoller({
      fetch: async (token) => {
        tokens.push(token);
        const next = answers.shift() ?? 9;
        return { iteration_token: next, result_count: 0, transfers: [] };
      },
      onActivity: (info) => events.push(info),
      pollingTime: 2000,
      maxOutstanding: 2,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tokens).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(tokens).toEqual([0]);
    await vi.advanceTimersByTimeAsync(4001);
    expect(tokens).toEqual([0, 7, 7, 9]);
    expect(events.map((event) => event.iteration_token)).toEqual([7, 7, 9, 9]);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tokens).toHaveLength(4);
  });

  it('skips polls while two are outstanding', async () => {
    let calls = 0;
    const poller = new ActivityPoller({
      fetch: () => {
        calls += 1;
        return new Promise(() => {});
      },
      onActivity: () => {},
      pollingTime: 2000,
      maxOutstanding: 2,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(2);
    poller.stop();
  });
});
