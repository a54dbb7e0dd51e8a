import { delay } from '../../request/delay.ts';
import { launchConnect } from '../../util/launch-connect.ts';
import type { Bridge, BridgeRequest, BridgeResponse, DetectProgress } from '../bridge.ts';
import { fibonacciSeconds } from './fibonacci.ts';
import { xhr } from './xhr.ts';

/** The current local protocol: plain JSON on 127.0.0.1:33003–33022 under /v5 (connect-protocol.md §8.1). */
export const FIRST_PORT = 33003;
export const PORT_COUNT = 20;
const PING_TIMEOUT_MS = 3000;

export const baseUrl = (port: number) => `http://127.0.0.1:${port}/v5`;

/**
 * The local HTTP bridge. Detection pings every port at once and takes the lowest that answered 2xx, not the
 * fastest; when none answers it launches the client once and sweeps again after 1, 2, 3, 5, 8 … s.
 */
export class HttpBridge implements Bridge {
  readonly kind = 'http';
  #base: string | undefined;
  readonly #stop = new AbortController();

  constructor(private readonly launch: () => void = () => launchConnect()) {}

  /** The chosen base URL, e.g. `http://127.0.0.1:33003/v5`. */
  get base(): string | undefined {
    return this.#base;
  }

  async detect(
    timeoutMs: number,
    signal: AbortSignal,
    onProgress?: (status: DetectProgress) => void,
  ): Promise<boolean> {
    const deadline = timeoutMs < 0 ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    const backoff = fibonacciSeconds();
    let launched = false;
    while (!signal.aborted && !this.#stop.signal.aborted) {
      const port = await this.#sweep();
      if (port !== undefined) {
        this.#base = baseUrl(port);
        return true;
      }
      if (signal.aborted) return false;
      if (!launched) {
        launched = true;
        this.launch();
      }
      onProgress?.('RETRYING');
      const wait = backoff.next().value * 1000;
      if (Date.now() + wait > deadline) {
        await delay(Math.max(0, deadline - Date.now()), signal);
        return false;
      }
      await delay(wait, signal);
    }
    return false;
  }

  send(request: BridgeRequest): Promise<BridgeResponse> {
    if (!this.#base || this.#stop.signal.aborted) return Promise.resolve({ status: 0, body: '' });
    return xhr({
      method: request.method,
      url: `${this.#base}${request.path}`,
      body: request.method === 'GET' ? undefined : request.body,
      signal: this.#stop.signal,
    }).then(({ status, body }) => ({ status, body }));
  }

  onDisconnect(): () => void {
    // Loss shows as status 0 on a request; there is no separate disconnect signal over HTTP.
    return () => {};
  }

  stop(): void {
    this.#stop.abort();
  }

  async #sweep(): Promise<number | undefined> {
    const ports = Array.from({ length: PORT_COUNT }, (_, i) => FIRST_PORT + i);
    const answers = await Promise.all(
      ports.map((port) =>
        xhr({
          method: 'GET',
          url: `${baseUrl(port)}/connect/info/ping`,
          timeoutMs: PING_TIMEOUT_MS,
          signal: this.#stop.signal,
        }),
      ),
    );
    const index = answers.findIndex(({ status }) => status >= 200 && status < 300);
    return index < 0 ? undefined : ports[index];
  }
}
