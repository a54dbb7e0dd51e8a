import { describe, expect, it, vi } from 'vitest';
import { Connect } from '../connect/connect.ts';
import type { Listener } from '../connect/listeners.ts';
import { storeFor } from './connect-store.ts';

/** Keeps the listeners a store registers so the test can fire events the way Connect does. */
function recordListeners(connect: Connect) {
  const listeners: { type: string; listener: Listener }[] = [];
  vi.spyOn(connect, 'addEventListener').mockImplementation((type, listener) => {
    listeners.push({ type, listener });
    return undefined;
  });
  vi.spyOn(connect, 'removeEventListener').mockImplementation((type, listener) => {
    const index = listeners.findIndex((each) => each.type === type && each.listener === listener);
    if (index >= 0) listeners.splice(index, 1);
    return index >= 0;
  });
  return (type: 'status' | 'transfer', data: unknown) => {
    for (const each of listeners.filter((entry) => entry.type === type)) each.listener(type, data);
  };
}

describe('ConnectStore', () => {
  it('follows status and merges transfers by uuid, only while transfers are watched', () => {
    const connect = new Connect();
    const fire = recordListeners(connect);
    const store = storeFor(connect);
    expect(storeFor(connect)).toBe(store);
    const changes = vi.fn();
    const unsubscribe = store.subscribe(() => store.status.value, changes);
    fire('status', 'RUNNING');
    expect(store.status.value).toBe('RUNNING');
    expect(changes).toHaveBeenCalledTimes(1);
    unsubscribe();

    fire('transfer', { transfers: [{ uuid: 'a', status: 'running' }] });
    expect(store.transfers.value).toEqual([]);
    const stop = store.watchTransfers();
    fire('transfer', {
      iteration_token: 1,
      result_count: 2,
      transfers: [
        { uuid: 'a', status: 'running' },
        { uuid: 'b', status: 'queued' },
      ],
    });
    fire('transfer', {
      iteration_token: 2,
      result_count: 1,
      transfers: [{ uuid: 'a', status: 'completed' }],
    });
    expect(store.transfers.value).toEqual([
      { uuid: 'a', status: 'completed' },
      { uuid: 'b', status: 'queued' },
    ]);
    stop();
    expect(connect.removeEventListener).toHaveBeenCalledWith('transfer', expect.any(Function));
  });
});
