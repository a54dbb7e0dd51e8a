import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeExtension } from './extension-probe.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('probeExtension', () => {
  it('asks every 200 ms and resolves false at the timeout', async () => {
    let asked = 0;
    const count = () => asked++;
    document.addEventListener('AsperaConnectCheck', count);
    const found = probeExtension(1000);
    await vi.advanceTimersByTimeAsync(1000);
    document.removeEventListener('AsperaConnectCheck', count);
    await expect(found).resolves.toBe(false);
    expect(asked).toBe(5);
  });

  it('resolves true on the extension’s check response', async () => {
    const answer = () =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'AsperaConnectCheckResponse' }, source: window }),
      );
    document.addEventListener('AsperaConnectCheck', answer, { once: true });
    await expect(probeExtension(1000)).resolves.toBe(true);
  });
});
