import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerConnection } from './worker-connection.ts';

/** Test double for runtime ports: each open() makes one; the test plays the worker's side. */
interface DoublePort {
  posted: unknown[];
  closed: boolean;
  deliver(message: unknown): void;
  drop(): void;
}
let ports: DoublePort[];
let received: unknown[];
let lost: number;

function connection() {
  return new WorkerConnection(
    (onMessage, onClosed) => {
      const port: DoublePort = { posted: [], closed: false, deliver: onMessage, drop: onClosed };
      ports.push(port);
      return {
        post: (message) => port.posted.push(message),
        close: () => {
          port.closed = true;
        },
      };
    },
    {
      onMessage: (message) => received.push(message),
      onLost: () => {
        lost += 1;
      },
    },
    1000,
    3,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  ports = [];
  received = [];
  lost = 0;
});
afterEach(() => vi.useRealTimers());

describe('WorkerConnection', () => {
  it('holds messages until the worker says it is ready, then sends them in order', () => {
    const link = connection();
    link.post('a');
    link.post('b');
    expect(ports[0]?.posted).toEqual([]);
    ports[0]?.deliver({ kind: 'ready' });
    link.post('c');
    expect(ports[0]?.posted).toEqual(['a', 'b', 'c']);
  });

  it('replaces a port the worker never confirms, and the new one carries the waiting messages', () => {
    const link = connection();
    link.post('a');
    vi.advanceTimersByTime(1000);
    expect(ports[0]?.closed).toBe(true);
    expect(ports).toHaveLength(2);
    ports[1]?.deliver({ kind: 'ready' });
    expect(ports[1]?.posted).toEqual(['a']);
    expect(lost).toBe(0);
  });

  it('reports the loss after the last unconfirmed attempt, and starts afresh on the next message', () => {
    const link = connection();
    link.post('a');
    vi.advanceTimersByTime(3000);
    expect(ports).toHaveLength(3);
    expect(lost).toBe(1);
    link.post('b');
    expect(ports).toHaveLength(4);
  });

  it('passes replies through and reports a worker that goes away', () => {
    const link = connection();
    link.post('a');
    ports[0]?.deliver({ kind: 'ready' });
    ports[0]?.deliver({ kind: 'disconnect', detail: 'Native host has exited.' });
    expect(received).toEqual([{ kind: 'disconnect', detail: 'Native host has exited.' }]);
    ports[0]?.drop();
    expect(lost).toBe(1);
  });

  it('ignores anything from a port it already gave up on', () => {
    const link = connection();
    link.post('a');
    vi.advanceTimersByTime(1000);
    ports[0]?.deliver({ kind: 'ready' });
    ports[0]?.drop();
    expect(ports[0]?.posted).toEqual([]);
    expect(lost).toBe(0);
  });
});
