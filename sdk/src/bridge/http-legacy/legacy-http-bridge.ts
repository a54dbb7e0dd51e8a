import { decryptPayload, encryptPayload } from '../../crypto/aes-ofb.ts';
import { delay } from '../../request/delay.ts';
import { launchConnect } from '../../util/launch-connect.ts';
import { readStored, writeStored } from '../../util/storage.ts';
import { isAtLeast } from '../../util/version.ts';
import type { Bridge, BridgeRequest, BridgeResponse, DetectProgress } from '../bridge.ts';
import { fibonacciSeconds } from '../http/fibonacci.ts';
import { xhr } from '../http/xhr.ts';
import {
  type LegacySession,
  newSession,
  SESSION_KEYS,
  sessionLaunchUri,
  storedSession,
  storeSession,
} from './legacy-session.ts';

/** The specification's local protocol (connect-protocol.md §8.2): HTTPS, 43003 + 9 more, a session, AES-OFB. */
export const LEGACY_HOST = 'local.connectme.us';
export const LEGACY_PORT = 43003;
export const DRIVE_PORT = 44003;
const PORT_COUNT = 10;
const READY_POLL_MS = 1000;
const PING_TIMEOUT_MS = 3000;
/** Clients older than this speak /v5 for everything, without a session. */
const SESSION_VERSION = '3.8';
const SESSION_HEADER = 'x-aspera-session-id';
const ENCRYPTED_TYPE = 'application/x-aspera-encrypted';
const UNSESSIONED = new Set(['/connect/info/ping', '/connect/info/version']);

export interface LegacyHttpOptions {
  firstPort?: number;
  host?: string;
  launch?: (uri: string) => void;
}

/**
 * The legacy local HTTP bridge. Detection first tries the session the last page load stored (one /ready call);
 * otherwise it launches the client with a fresh session key, sweeps the ports with Fibonacci back-off, checks the
 * version and polls /ready every second (WAITING) until the client accepts the key. Requests other than ping and
 * version go to /v6 with the session header and AES-OFB bodies; encrypted replies are decrypted.
 */
export class LegacyHttpBridge implements Bridge {
  readonly kind = 'http';
  #session: LegacySession = newSession();
  #port: number | undefined;
  #sessions = true;
  readonly #stop = new AbortController();
  readonly #firstPort: number;
  readonly #host: string;
  readonly #launch: (uri: string) => void;

  constructor(options: LegacyHttpOptions = {}) {
    this.#firstPort = options.firstPort ?? LEGACY_PORT;
    this.#host = options.host ?? LEGACY_HOST;
    this.#launch = options.launch ?? ((uri) => launchConnect(undefined, uri));
  }

  get session(): LegacySession {
    return this.#session;
  }

  async detect(
    timeoutMs: number,
    signal: AbortSignal,
    onProgress?: (status: DetectProgress) => void,
  ): Promise<boolean> {
    if (await this.#fastInit()) return true;
    const deadline = timeoutMs < 0 ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    const backoff = fibonacciSeconds();
    // In this era the first sweep, not the first retry, launches the client with the session.
    this.#launch(sessionLaunchUri(this.#session));
    writeStored(SESSION_KEYS.launchAttempted, 'yes', 'sessionStorage');
    while (!signal.aborted && !this.#stop.signal.aborted) {
      const port = await this.#sweep();
      if (port !== undefined) return this.#connect(port, signal, onProgress);
      if (signal.aborted) return false;
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

  async send(request: BridgeRequest): Promise<BridgeResponse> {
    if (this.#port === undefined || this.#stop.signal.aborted) return { status: 0, body: '' };
    const sessioned = this.#sessions && !UNSESSIONED.has(request.path);
    const hasBody = request.method !== 'GET' && request.body !== '';
    const response = await xhr({
      method: request.method,
      url: `${this.#url(this.#port, sessioned ? '/v6' : '/v5')}${request.path}`,
      body:
        request.method === 'GET'
          ? undefined
          : sessioned && hasBody
            ? this.#encrypt(request.body)
            : request.body,
      headers: sessioned ? { [SESSION_HEADER]: this.#session.id } : undefined,
      signal: this.#stop.signal,
    });
    // The 3.8 SDK decrypted only 200 replies; an encrypted error body is decrypted too, so its error object survives.
    const encrypted = response.contentType.includes(ENCRYPTED_TYPE) && !response.body.startsWith('{');
    return {
      status: response.status,
      body: encrypted ? decryptPayload(response.body, this.#session.key) : response.body,
    };
  }

  onDisconnect(): () => void {
    return () => {};
  }

  stop(): void {
    this.#stop.abort();
  }

  #url(port: number, prefix: '/v5' | '/v6'): string {
    return `https://${this.#host}:${port}${prefix}`;
  }

  #encrypt(body: string): string {
    return encryptPayload(body, this.#session.key);
  }

  async #ready(port: number): Promise<boolean> {
    const { status } = await xhr({
      method: 'GET',
      url: `${this.#url(port, '/v6')}/connect/info/ready`,
      headers: { [SESSION_HEADER]: this.#session.id },
      timeoutMs: PING_TIMEOUT_MS,
      signal: this.#stop.signal,
    });
    return status === 200;
  }

  async #fastInit(): Promise<boolean> {
    const stored = storedSession();
    if (!stored) return false;
    this.#session = stored.session;
    // Connect (43003+) and Drive (44003+) share the stored session but not the port: another range's port only
    // lends its session, which the client already knows, and this bridge sweeps its own range.
    if (stored.port < this.#firstPort || stored.port >= this.#firstPort + PORT_COUNT) return false;
    if (await this.#ready(stored.port)) {
      this.#port = stored.port;
      return true;
    }
    this.#session = newSession();
    return false;
  }

  async #connect(
    port: number,
    signal: AbortSignal,
    onProgress?: (status: DetectProgress) => void,
  ): Promise<boolean> {
    this.#port = port;
    const { status, body } = await xhr({
      method: 'GET',
      url: `${this.#url(port, '/v5')}/connect/info/version`,
      signal: this.#stop.signal,
    });
    const version = status === 200 ? readVersion(body) : undefined;
    if (version !== undefined && !isAtLeast(version, SESSION_VERSION)) {
      // Too old for sessions: the handler's version check will find it OUTDATED.
      this.#sessions = false;
      return true;
    }
    onProgress?.('WAITING');
    while (!signal.aborted && !this.#stop.signal.aborted) {
      if (await this.#ready(port)) {
        storeSession(this.#session, port);
        return true;
      }
      await delay(READY_POLL_MS, signal);
    }
    return false;
  }

  async #sweep(): Promise<number | undefined> {
    const ports = Array.from({ length: PORT_COUNT }, (_, i) => this.#firstPort + i);
    const answers = await Promise.all(
      ports.map((port) =>
        xhr({
          method: 'GET',
          url: `${this.#url(port, '/v5')}/connect/info/ping`,
          timeoutMs: PING_TIMEOUT_MS,
          signal: this.#stop.signal,
        }),
      ),
    );
    const index = answers.findIndex(({ status }) => status >= 200 && status < 300);
    return index < 0 ? undefined : ports[index];
  }
}

function readVersion(body: string): string | undefined {
  try {
    const version = (JSON.parse(body) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this tab already tried to launch the client (sessionStorage flag, yes/no). */
export function launchAttempted(): boolean {
  return readStored(SESSION_KEYS.launchAttempted, 'sessionStorage') === 'yes';
}
