import type { BridgeResponse } from '../bridge.ts';

export interface XhrCall {
  method: string;
  url: string;
  /** Sent as-is with no explicit headers, so a POST is a CORS simple request (text/plain). */
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Only the legacy protocol sets one (its session header), which makes the request preflighted. */
  headers?: Record<string, string>;
}

export interface XhrResponse extends BridgeResponse {
  contentType: string;
}

/**
 * One `XMLHttpRequest`, as the Connect SDK makes it (pages and their tests stub XHR, so fetch would escape them).
 * A network failure, timeout or abort is status 0: the client did not answer.
 */
export function xhr({ method, url, body, timeoutMs, signal, headers }: XhrCall): Promise<XhrResponse> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const unanswered = () => resolve({ status: 0, body: '', contentType: '' });
    request.open(method, url, true);
    if (timeoutMs) request.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headers ?? {})) request.setRequestHeader(name, value);
    request.onload = () =>
      resolve({
        status: request.status,
        body: request.responseText ?? '',
        contentType: request.getResponseHeader('Content-Type') ?? '',
      });
    request.onerror = unanswered;
    request.ontimeout = unanswered;
    request.onabort = unanswered;
    // A signal outlives its requests (one per session): each request takes its listener off when it ends.
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    request.onloadend = () => signal?.removeEventListener('abort', abort);
    if (body === undefined) request.send();
    else request.send(body);
  });
}
