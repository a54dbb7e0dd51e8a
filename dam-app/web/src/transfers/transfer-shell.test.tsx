// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTransferWanted } from './transfer-shell.tsx';

// The transfer integration (and the SDK) is not part of the screen's first JavaScript: it loads on first use or once
// the screen has settled.
function Probe() {
  return <output>{useTransferWanted(1500, 8000) ? 'wanted' : 'not yet'}</output>;
}

describe('useTransferWanted', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const draw = () =>
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
  const state = () => screen.getByRole('status').textContent;

  it('waits while the screen still fetches, then loads once the page has been settled a moment', async () => {
    let answer: (value: string) => void = () => {};
    void client.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    draw();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(state()).toBe('not yet');
    await act(async () => answer('done'));
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(state()).toBe('not yet');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(state()).toBe('wanted');
  });

  it.each(['pointerDown', 'keyDown', 'dragEnter'] as const)('loads at once on the first %s', (event) => {
    void client.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>(() => {}) });
    draw();
    expect(state()).toBe('not yet');
    act(() => void fireEvent[event](window));
    expect(state()).toBe('wanted');
  });

  it('loads at the latest after a few seconds on a page that keeps asking', async () => {
    void client.fetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>(() => {}) });
    draw();
    await act(() => vi.advanceTimersByTimeAsync(7900));
    expect(state()).toBe('not yet');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(state()).toBe('wanted');
  });
});
