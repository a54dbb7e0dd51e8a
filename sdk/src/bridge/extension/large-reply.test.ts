import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeRequest, BridgeResponse } from '../bridge.ts';
import { LARGE_REPLY_PATH, largeReadRoute, sendLargeRead } from './large-reply.ts';

const READ: BridgeRequest = {
  method: 'POST',
  path: '/connect/file/read-as-array-buffer/',
  body: '{"path":"/tmp/a.bin","app_id":"x"}',
};
const URL_OK = 'http://127.0.0.1:33003/v6/connect/file/large-reply/abc_DEF-123';
const REPLY = '{"type":"application/octet-stream","data":"AAEC"}';

/** The extension's side: answers the ticket call with `ticket`, the read itself with the small-path reply. */
function extension(ticket: BridgeResponse) {
  const sent: BridgeRequest[] = [];
  const via = async (request: BridgeRequest) => {
    sent.push(request);
    return request.path === LARGE_REPLY_PATH ? ticket : { status: 200, body: '{"via":"extension"}' };
  };
  return { sent, via };
}

afterEach(() => vi.unstubAllGlobals());

describe('large reads over loopback', () => {
  it('knows the three large reads, with or without the trailing slash, and nothing else', () => {
    expect(largeReadRoute(READ)).toBe('read-as-array-buffer');
    expect(largeReadRoute({ ...READ, path: '/connect/file/read-chunk-as-array-buffer' })).toBe(
      'read-chunk-as-array-buffer',
    );
    expect(largeReadRoute({ ...READ, path: '/connect/file/checksum/' })).toBe('checksum');
    expect(largeReadRoute({ ...READ, path: '/connect/file/dropped-files' })).toBeUndefined();
    expect(largeReadRoute({ ...READ, method: 'GET' })).toBeUndefined();
  });

  it('asks the extension for a ticket with the read and its route, then fetches the reply once', async () => {
    const fetched = vi.fn(async () => new Response(REPLY, { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    const { sent, via } = extension({
      status: 200,
      body: JSON.stringify({ url: URL_OK, expires_in_ms: 30000 }),
    });
    const answer = await sendLargeRead(READ, 'read-as-array-buffer', via, new AbortController().signal);
    expect(answer).toEqual({ status: 200, body: REPLY });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: LARGE_REPLY_PATH,
        body: '{"path":"/tmp/a.bin","app_id":"x","route":"read-as-array-buffer"}',
      },
    ]);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched).toHaveBeenCalledWith(URL_OK, expect.objectContaining({ credentials: 'omit' }));
  });

  it('reads through the extension when the client has no ticket for it (older client, no local HTTP)', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    for (const status of [404, 503]) {
      const { sent, via } = extension({ status, body: '{"error":{}}' });
      expect(await sendLargeRead(READ, 'read-as-array-buffer', via, new AbortController().signal)).toEqual({
        status: 200,
        body: '{"via":"extension"}',
      });
      expect(sent.map((each) => each.path)).toEqual([LARGE_REPLY_PATH, READ.path]);
    }
    expect(fetched).not.toHaveBeenCalled();
  });

  it('reads through the extension when the fetch fails (the page CSP, a proxy)', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { sent, via } = extension({ status: 200, body: JSON.stringify({ url: URL_OK, expires_in_ms: 1 }) });
    const answer = await sendLargeRead(READ, 'read-as-array-buffer', via, new AbortController().signal);
    expect(answer.body).toBe('{"via":"extension"}');
    expect(sent).toHaveLength(2);
  });

  it('gives a refusal as it stands: no second try through the extension', async () => {
    const refusal = { status: 403, body: '{"error":{"code":403}}' };
    const { sent, via } = extension(refusal);
    expect(await sendLargeRead(READ, 'read-as-array-buffer', via, new AbortController().signal)).toEqual(
      refusal,
    );
    expect(sent).toHaveLength(1);
    const lost = extension({ status: 0, body: '' });
    expect((await sendLargeRead(READ, 'checksum', lost.via, new AbortController().signal)).status).toBe(0);
  });

  it('never fetches a ticket that points anywhere but the loopback API', async () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    for (const url of [
      'https://evil.example/v6/connect/file/large-reply/abc',
      'http://127.0.0.1.evil.example:80/v6/connect/file/large-reply/abc',
      'http://127.0.0.1:33003/v6/connect/transfers/start',
      'javascript:alert(1)',
    ]) {
      const { sent, via } = extension({ status: 200, body: JSON.stringify({ url, expires_in_ms: 1 }) });
      await sendLargeRead(READ, 'read-as-array-buffer', via, new AbortController().signal);
      expect(sent.at(-1)?.path).toBe(READ.path);
    }
    expect(fetched).not.toHaveBeenCalled();
  });
});
