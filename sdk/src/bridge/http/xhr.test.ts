import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhr } from './xhr.ts';

/** Test double of XMLHttpRequest: answers 200 on send, as a browser fires load then loadend. */
class AnsweringXhr {
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  getResponseHeader() {
    return 'application/json';
  }
  abort() {}
  send() {
    queueMicrotask(() => {
      this.status = 200;
      this.responseText = '{}';
      this.onload?.();
      this.onloadend?.();
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('xhr', () => {
  it('leaves no abort listener on a signal that outlives its requests', async () => {
    vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
    const session = new AbortController();
    const added = vi.spyOn(session.signal, 'addEventListener');
    const removed = vi.spyOn(session.signal, 'removeEventListener');
    for (let i = 0; i < 12; i++) {
      const answer = await xhr({
        method: 'GET',
        url: 'https://local.connectme.us:43003/v5/connect/info/ping',
        signal: session.signal,
      });
      expect(answer.status).toBe(200);
    }
    expect(added).toHaveBeenCalledTimes(12);
    expect(removed.mock.calls.map(([, listener]) => listener)).toEqual(
      added.mock.calls.map(([, listener]) => listener),
    );
  });
});
