import type { ClientAnswer, TestDoubleClient } from './test-double-client.ts';

/** An answer with the response's Content-Type, or undefined for a network failure. */
export type XhrRoute = (request: SeenXhr) => (ClientAnswer & { contentType?: string }) | undefined;

export interface SeenXhr {
  method: string;
  url: string;
  body: string | undefined;
  headers: Record<string, string>;
}

/**
 * Test double of the local HTTP server behind `XMLHttpRequest`: install its `XMLHttpRequest` class as the global
 * (as pages' own test suites do) and it answers on the ports in `listening`, `/v5` prefix stripped, through a
 * {@link TestDoubleClient}. Closed ports fail like a refused connection (status 0, `onerror`).
 */
export class TestDoubleXhrServer {
  readonly listening = new Set<number>([33003]);
  readonly seen: SeenXhr[] = [];
  /** Paths that fail at the network level while set. */
  down = false;
  readonly XMLHttpRequest: typeof XMLHttpRequest;

  constructor(
    readonly client: TestDoubleClient,
    route?: XhrRoute,
  ) {
    const answer: XhrRoute = route ?? ((request) => this.#answer(request.method, request.url, request.body));
    const server = this;
    class TestDoubleXMLHttpRequest {
      status = 0;
      responseText = '';
      timeout = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      #method = 'GET';
      #url = '';
      #headers: Record<string, string> = {};
      #done = false;
      #contentType = '';

      open(method: string, url: string) {
        this.#method = method;
        this.#url = url;
      }

      setRequestHeader(name: string, value: string) {
        this.#headers[name.toLowerCase()] = value;
      }

      getResponseHeader(name: string) {
        return name.toLowerCase() === 'content-type' ? this.#contentType : null;
      }

      send(body?: string) {
        const request = { method: this.#method, url: this.#url, body, headers: this.#headers };
        server.seen.push(request);
        setTimeout(() => {
          if (this.#done) return;
          this.#done = true;
          const reply = answer(request);
          if (!reply) return this.onerror?.();
          this.status = reply.status;
          this.responseText = reply.body;
          this.#contentType = reply.contentType ?? 'application/json';
          this.onload?.();
        }, 0);
      }

      abort() {
        if (this.#done) return;
        this.#done = true;
        this.onabort?.();
      }
    }
    this.XMLHttpRequest = TestDoubleXMLHttpRequest as unknown as typeof XMLHttpRequest;
  }

  #answer(method: string, url: string, body: string | undefined): ClientAnswer | undefined {
    const match = /^http:\/\/127\.0\.0\.1:(\d+)\/v5(\/.*)$/.exec(url);
    if (!match || this.down || !this.listening.has(Number(match[1]))) return undefined;
    return this.client.answer({ method, path: match[2] ?? '', body: body ?? '' });
  }
}
