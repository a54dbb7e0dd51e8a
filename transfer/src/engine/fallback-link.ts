import type { IncomingMessage } from 'node:http';
import type { RapidTransferSpec } from '@rapid/protocol';
import { joinRelative } from '../fs/confine-path.ts';
import { TokenBucket } from '../rate/token-bucket.ts';
import { SessionError, sessionError } from '../session/session-types.ts';
import { drain, FallbackHttp } from './http-client.ts';
import { rateOf } from './normalize-spec.ts';
import { sleep } from './range-pool.ts';

export const FALLBACK_CHUNK_BYTES = 8 * 1024 * 1024;
export const FALLBACK_PARALLEL = 4;
export const SESSION_HEADER = 'X-Rapid-Session';

export const contentPath = (path: string) =>
  `/files/content${joinRelative(path).split('/').map(encodeURIComponent).join('/')}`;

/** node-api.md §9 meaning of a node's HTTP answer (PROTOCOL.md §4.1). */
export function statusError(status: number, text: string): SessionError {
  if (status === 410) return new SessionError(28, 'cancelled on the node', false);
  if (status === 401 || status === 403)
    return new SessionError(19, `the node refused the token: ${text}`, false);
  if (status === 404) return new SessionError(4, `no such file on the node: ${text}`, false);
  if (status >= 500 || status === 412) return sessionError(12, `node error ${status}: ${text}`);
  return new SessionError(12, `node answered ${status}: ${text}`, false);
}

/**
 * What every request of a fallback session shares: the pinned keep-alive connection pool, the token and session
 * headers, the pacing bucket (one rate across parallel requests), the byte count, and abort.
 */
export class FallbackLink {
  transferred = 0;
  sessionId = '';
  /** Called when the node changes the session's rate (`PUT /ops/transfers`); the owner applies it. */
  onNodeRate: ((kbps: number) => void) | undefined;
  readonly #http: FallbackHttp;
  readonly #bucket: TokenBucket;
  #nodeRate: number;
  #aborted: SessionError | undefined;

  constructor(private readonly spec: RapidTransferSpec) {
    const secure = spec.https_fallback_port !== undefined || spec.http_fallback_port === undefined;
    const port = spec.https_fallback_port ?? spec.http_fallback_port ?? 443;
    const host = spec.remote_host.includes(':') ? `[${spec.remote_host}]` : spec.remote_host;
    this.#http = new FallbackHttp(
      new URL(`${secure ? 'https' : 'http'}://${host}:${port}`),
      spec.sshfp,
      FALLBACK_PARALLEL,
    );
    this.#nodeRate = rateOf(spec).target_rate_kbps;
    this.#bucket = new TokenBucket(this.#nodeRate * 1000);
  }

  get aborted(): SessionError | undefined {
    return this.#aborted;
  }

  get rateKbps(): number {
    return this.#bucket.rateBitsPerSecond / 1000;
  }

  setRate(kbps: number): void {
    this.#bucket.setRate(kbps * 1000);
  }

  abort(error: SessionError): void {
    this.#aborted = error;
    this.#http.cancelInflight();
  }

  check(): void {
    if (this.#aborted) throw this.#aborted;
  }

  async pace(bytes: number): Promise<void> {
    while (!this.#bucket.tryTake(bytes)) {
      this.check();
      await sleep(Math.max(1, this.#bucket.waitMs(bytes)));
    }
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Authorization: `Bearer ${this.spec.token ?? ''}`,
      ...(this.sessionId ? { [SESSION_HEADER]: this.sessionId } : {}),
      ...extra,
    };
  }

  /** A data request; follows a rate change the node sends back (`X-Rapid-Target-Rate-Kbps`). */
  async request(...args: Parameters<FallbackHttp['request']>): Promise<IncomingMessage> {
    const res = await this.#http.request(...args);
    const kbps = Number(res.headers['x-rapid-target-rate-kbps']);
    if (Number.isFinite(kbps) && kbps > 0 && kbps !== this.#nodeRate) {
      this.#nodeRate = kbps;
      this.onNodeRate?.(kbps);
    }
    return res;
  }

  async json(path: string, body: unknown): Promise<unknown> {
    const payload = Buffer.from(JSON.stringify(body));
    const res = await this.#http.request(
      'POST',
      path,
      this.headers({ 'Content-Type': 'application/json', 'Content-Length': String(payload.length) }),
      payload,
    );
    const text = await drain(res);
    if ((res.statusCode ?? 0) >= 300) throw statusError(res.statusCode ?? 0, text);
    return text ? JSON.parse(text) : undefined;
  }

  close(): void {
    this.#http.close();
  }
}
