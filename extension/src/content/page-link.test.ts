import { EVENT_NAMES } from '@rapid/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkPage, WORKER_LOST } from './page-link.ts';

/** Test double for the worker port: records what the page link posts and lets the test answer. */
let posted: unknown[];
let answer: (message: unknown) => void;
let lose: () => void;
let pageMessages: unknown[];
let disconnects: string[];
let unlink: () => void;
const listening = new AbortController();

function nextMacrotask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  posted = [];
  pageMessages = [];
  disconnects = [];
  document.body.innerHTML = '';
  unlink = linkPage({
    extensionVersion: '1.2.3',
    openWorker(onMessage, onLost) {
      answer = onMessage;
      lose = onLost;
      // Like a real worker, confirm the port asynchronously.
      queueMicrotask(() => onMessage({ kind: 'ready' }));
      return { post: (message) => posted.push(message), close: () => {} };
    },
  });
});
window.addEventListener('message', (event) => pageMessages.push(event.data), listening);
document.addEventListener(
  EVENT_NAMES.disconnect,
  (event) => disconnects.push((event as CustomEvent).detail),
  listening,
);
afterEach(() => unlink());

const request = {
  request_id: 10001,
  min_version: '',
  method: 'GET',
  uri_reference: '/connect/info/version',
  body: '',
};

describe('page link', () => {
  it('answers the check with the extension version', async () => {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.check));
    await nextMacrotask();
    expect(pageMessages).toContainEqual({
      type: EVENT_NAMES.checkResponse,
      detail: { extension_version: '1.2.3' },
    });
  });

  it('forwards a valid request and delivers its reply', async () => {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.request, { detail: request }));
    await nextMacrotask();
    expect(posted).toEqual([{ kind: 'request', request }]);
    answer({ kind: 'response', detail: { request_id: 10001, status: 200, body: '{}' } });
    await nextMacrotask();
    expect(pageMessages).toContainEqual({
      type: EVENT_NAMES.response,
      detail: { request_id: 10001, status: 200, body: '{}' },
    });
  });

  it('answers a malformed request with the spec error instead of forwarding it', async () => {
    document.dispatchEvent(
      new CustomEvent(EVENT_NAMES.request, { detail: { request_id: 7, method: 'PUT' } }),
    );
    await nextMacrotask();
    expect(posted).toEqual([]);
    const reply = pageMessages[0] as { detail: { request_id: number; status: number; body: string } };
    expect(reply.detail).toMatchObject({ request_id: 7, status: 400 });
    expect(JSON.parse(reply.detail.body).error).toMatchObject({
      code: -1,
      internal_message: 'Invalid request',
    });
  });

  it('tells the page when the worker is lost with a request in flight', async () => {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.request, { detail: request }));
    await nextMacrotask();
    lose();
    expect(disconnects).toEqual([WORKER_LOST]);
  });

  it('passes the native disconnect text through unchanged', async () => {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.request, { detail: request }));
    await nextMacrotask();
    answer({ kind: 'disconnect', detail: 'Specified native messaging host not found.' });
    expect(disconnects).toEqual(['Specified native messaging host not found.']);
  });
});

describe('request size', () => {
  it('refuses a body over the limit with an error the page can read', async () => {
    const body = 'x'.repeat(60 * 1024 * 1024 + 1);
    document.dispatchEvent(
      new CustomEvent(EVENT_NAMES.request, { detail: { ...request, request_id: 9, body } }),
    );
    await nextMacrotask();
    expect(posted).toEqual([]);
    const reply = pageMessages.find(
      (message) => (message as { detail?: { request_id?: number } }).detail?.request_id === 9,
    );
    expect(JSON.parse((reply as { detail: { body: string } }).detail.body).error.user_message).toContain(
      '60 MiB',
    );
  });
});
