import type { ClientAnswer, TestDoubleClient } from './test-double-client.ts';

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

  constructor(readonly client: TestDoubleClient) {
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

      open(method: string, url: string) {
        this.#method = method;
        this.#url = url;
      }

      setRequestHeader(name: string, value: string) {
        this.#headers[name.toLowerCase()] = value;
      }

      send(body?: string) {
        server.seen.push({ method: this.#method, url: this.#url, body, headers: this.#headers });
        setTimeout(() => {
          if (this.#done) return;
          this.#done = true;
          const answer = server.#answer(this.#method, this.#url, body);
          if (!answer) return this.onerror?.();
          this.status = answer.status;
          this.responseText = answer.body;
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
