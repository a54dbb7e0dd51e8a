import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupClient } from './popup-client.ts';

/** Test double for the worker port: records requests, lets the test answer or drop the connection. */
let posted: { request: { request_id: number; uri_reference: string } }[];
let deliver: (message: unknown) => void;
let lose: () => void;
let opened: number;

function client(timeoutMs = 1000) {
  return new PopupClient((onMessage, onLost) => {
    opened += 1;
    deliver = onMessage;
    lose = onLost;
    queueMicrotask(() => onMessage({ kind: 'ready' }));
    return { post: (message) => posted.push(message as (typeof posted)[number]), close: () => {} };
  }, timeoutMs);
}

beforeEach(() => {
  posted = [];
  opened = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('PopupClient', () => {
  it('matches replies to requests by id and reassembles body64 pieces', async () => {
    const rapid = client();
    const first = rapid.request('GET', '/connect/info/version');
    const second = rapid.request('POST', '/connect/transfers/activity', '{}');
    await Promise.resolve();
    const [a, b] = posted.map((message) => message.request.request_id);
    const body = JSON.stringify({ transfers: [], note: 'é' });
    const base64 = Buffer.from(body).toString('base64');
    deliver({
      kind: 'response',
      detail: { request_id: b, status: 200, body64: base64.slice(0, 5), complete: false },
    });
    deliver({ kind: 'response', detail: { request_id: a, status: 200, body: '{"version":"4.2.0"}' } });
    deliver({
      kind: 'response',
      detail: { request_id: b, status: 200, body64: base64.slice(5), complete: true },
    });
    await expect(first).resolves.toEqual({ status: 200, body: '{"version":"4.2.0"}' });
    await expect(second).resolves.toEqual({ status: 200, body });
    expect(opened).toBe(1);
  });

  it('fails pending calls when the host disconnects, with the browser text', async () => {
    const rapid = client();
    const call = rapid.request('GET', '/connect/info/version');
    deliver({ kind: 'disconnect', detail: 'Specified native messaging host not found.' });
    await expect(call).rejects.toThrow('Specified native messaging host not found.');
  });

  it('fails pending calls when the worker restarts, and reconnects for the next one', async () => {
    const rapid = client();
    const call = rapid.request('GET', '/connect/info/version');
    lose();
    await expect(call).rejects.toThrow(/restarted/);
    void rapid.request('GET', '/connect/info/version').catch(() => {});
    expect(opened).toBe(2);
  });

  it('times out a call nobody answers', async () => {
    const rapid = client(500);
    const call = rapid.request('GET', '/connect/info/version');
    vi.advanceTimersByTime(500);
    await expect(call).rejects.toThrow('did not answer');
  });
});
