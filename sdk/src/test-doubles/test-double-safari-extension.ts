import { connectRequest, EVENT_NAMES } from '@rapid/protocol';
import type { TestDoubleClient } from './test-double-client.ts';

/**
 * Test double of Safari's app-extension content script (connect-protocol.md §6): answers the check and every
 * request with document events, marks the detector element, and can play "installed but not enabled here"
 * (`answering = false`: the detector is marked but nothing answers).
 */
export class TestDoubleSafariExtension {
  answering = true;
  readonly #stop = new AbortController();

  constructor(readonly client: TestDoubleClient) {
    const options = { signal: this.#stop.signal };
    document.addEventListener(EVENT_NAMES.check, () => this.#onCheck(), options);
    document.addEventListener(EVENT_NAMES.request, (event) => this.#onRequest(event as CustomEvent), options);
  }

  remove(): void {
    this.#stop.abort();
  }

  #onCheck() {
    document.getElementById('aspera-connect-detector')?.setAttribute('extension-enable', 'true');
    if (this.answering) this.#emit(EVENT_NAMES.checkResponse, { extension_version: '1.0.0' });
  }

  #onRequest(event: CustomEvent) {
    if (!this.answering) return;
    const request = connectRequest.parse(event.detail);
    const answer = this.client.answer({
      method: request.method,
      path: request.uri_reference,
      body: request.body,
    });
    this.#emit(EVENT_NAMES.response, { request_id: request.request_id, frame_id: 'safari-frame', ...answer });
  }

  #emit(name: string, detail: unknown) {
    setTimeout(() => document.dispatchEvent(new CustomEvent(name, { detail })), 0);
  }
}
