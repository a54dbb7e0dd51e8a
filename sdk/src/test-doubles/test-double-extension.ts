import { connectRequest, EVENT_NAMES } from '@rapid/protocol';
import type { ClientAnswer, TestDoubleClient } from './test-double-client.ts';

/**
 * Test double of the browser extension's content script, listening for the page's DOM events exactly as the
 * reference describes (connect-protocol.md §5): `AsperaConnectCheck` → a `AsperaConnectCheckResponse` window
 * message to '*'; `AsperaConnectRequest` (envelope validated) → `AsperaConnectResponse` posted to the page's
 * origin, whole or as `body64` pieces; `AsperaConnectDisconnect` on demand.
 */
export class TestDoubleExtension {
  readonly envelopes: unknown[] = [];
  /** Split replies longer than this into body64 pieces. */
  chunkChars = Number.POSITIVE_INFINITY;
  /** When set, requests get no answer (the host is gone). */
  silent = false;
  readonly #stop = new AbortController();

  constructor(readonly client: TestDoubleClient) {
    const options = { signal: this.#stop.signal };
    document.addEventListener(EVENT_NAMES.check, () => this.#onCheck(), options);
    document.addEventListener(EVENT_NAMES.request, (event) => this.#onRequest(event as CustomEvent), options);
  }

  disconnect(detail: string): void {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.disconnect, { detail }));
  }

  /** A reply as every Connect instance on the page receives it. */
  reply(detail: Record<string, unknown>): void {
    this.#post({ type: EVENT_NAMES.response, detail });
  }

  remove(): void {
    this.#stop.abort();
  }

  #onCheck() {
    this.#post({ type: EVENT_NAMES.checkResponse, detail: { extension_version: '1.0.0' } });
  }

  #onRequest(event: CustomEvent) {
    this.envelopes.push(event.detail);
    const request = connectRequest.parse(event.detail);
    if (this.silent) return;
    const answer = this.client.answer({
      method: request.method,
      path: request.uri_reference,
      body: request.body,
    });
    this.#send(request.request_id, answer);
  }

  /**
   * What `window.postMessage` from the content script delivers: later, with the page's origin and the page's
   * window as source. Dispatched on the test's (fakeable) clock, since happy-dom's postMessage keeps real time.
   */
  #post(data: unknown) {
    setTimeout(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source: window }));
    }, 0);
  }

  #send(requestId: number, { status, body }: ClientAnswer) {
    if (body.length <= this.chunkChars) return this.reply({ request_id: requestId, status, body });
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(body)));
    for (let start = 0; start < base64.length; start += this.chunkChars) {
      const complete = start + this.chunkChars >= base64.length;
      this.reply({
        request_id: requestId,
        status,
        body64: base64.slice(start, start + this.chunkChars),
        complete,
      });
    }
  }
}
