import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, REFRESH_AFTER_MS, watchLibrary } from './library-events.ts';

/** Test double of the browser's EventSource: the test dispatches the server's events by hand. */
class TestDoubleEventSource implements EventSourceLike {
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  dispatch(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent);
  }
}

afterEach(() => vi.useRealTimers());

describe('watchLibrary', () => {
  it('refreshes the library screens once for a burst of changes, and ignores what it cannot read', () => {
    vi.useFakeTimers();
    const queries = new QueryClient();
    const refreshed = vi.spyOn(queries, 'invalidateQueries');
    let source: TestDoubleEventSource | undefined;
    const stop = watchLibrary(queries, (url) => {
      source = new TestDoubleEventSource(url);
      return source;
    });
    expect(source?.url).toBe('/api/v1/events');

    source?.dispatch('library', 'not json');
    source?.dispatch('library', JSON.stringify({ folders: 'nope' }));
    vi.advanceTimersByTime(REFRESH_AFTER_MS * 2);
    expect(refreshed).not.toHaveBeenCalled();

    for (const folder of ['Library/a', 'Library/b', 'Library/c'])
      source?.dispatch('library', JSON.stringify({ folders: [folder], all: false }));
    vi.advanceTimersByTime(REFRESH_AFTER_MS);
    const keys = refreshed.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(['library', 'folders', 'asset', 'carts', 'collections', 'trash']);

    stop();
    expect(source?.closed).toBe(true);
  });

  it('refreshes my notifications and tasks at once on a notification, and after a reconnection', () => {
    const queries = new QueryClient();
    const refreshed = vi.spyOn(queries, 'invalidateQueries');
    let source: TestDoubleEventSource | undefined;
    watchLibrary(queries, (url) => {
      source = new TestDoubleEventSource(url);
      return source;
    });
    const keys = () => refreshed.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    // The first connection's `ready` fetches nothing: the screens have just loaded.
    source?.dispatch('ready', '{}');
    expect(keys()).toEqual([]);
    source?.dispatch('notification', JSON.stringify({ type: 'Upload' }));
    expect(keys()).toEqual(['notifications', 'tasks']);
    // The browser reconnected (the DAM restarted): what came meanwhile is fetched.
    source?.dispatch('ready', '{}');
    // …and the discussions (comments made while cut off).
    expect(keys()).toEqual(['notifications', 'tasks', 'notifications', 'tasks', 'discussion']);
  });

  it("loads an asset's discussion again when someone changes it, and nothing else", () => {
    const queries = new QueryClient();
    const refreshed = vi.spyOn(queries, 'invalidateQueries');
    let source: TestDoubleEventSource | undefined;
    watchLibrary(queries, (url) => {
      source = new TestDoubleEventSource(url);
      return source;
    });
    source?.dispatch('discussion', JSON.stringify({ assetId: 'x' }));
    expect(refreshed).not.toHaveBeenCalled();
    source?.dispatch('discussion', JSON.stringify({ assetId: 12, commentId: 40 }));
    expect(refreshed.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['discussion', 12]]);
  });
});
