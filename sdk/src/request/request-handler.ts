import { isInstallIssue } from '@rapid/protocol';
import type { Bridge, BridgeRequest, BridgeResponse } from '../bridge/bridge.ts';
import { type InternalStatus, STATUS } from '../connect/status.ts';
import { highestVersion, isAtLeast } from '../util/version.ts';

/** The oldest client the SDK will talk to, whatever the page asks (connect-bridge.md §9). */
export const MIN_SECURE_VERSION = '3.8.0';
const EXTENSION_SEARCH_MS = 1000;
const CLIENT_DETECTION_RETRY_MS = 1000;

export interface HandlerOptions {
  bridge: Bridge;
  minVersion: string;
  connectLaunchWaitTimeoutMs: number;
  /** Ids of this instance: `objectId * 10000 + n`, detection probes `objectId * 10500` (connect-protocol.md §5.3). */
  objectId: number;
  onStatus: (status: InternalStatus) => void;
  /** Asks the page to show the extension-install banner. */
  requestExtensionInstall: () => void;
}

interface Queued {
  request: BridgeRequest;
  resolve: (response: BridgeResponse) => void;
}

/**
 * The status machine of connect-bridge.md §4 over one bridge: detect the transport, detect and version-check the
 * client, queue requests until RUNNING, fail on timeout or on a disconnect that means "not installed".
 */
export class RequestHandler {
  #status: InternalStatus = STATUS.INITIALIZING;
  #queue: Queued[] = [];
  #nextId = 0;
  #everSucceeded = false;
  readonly #stop = new AbortController();

  constructor(private readonly options: HandlerOptions) {}

  get status(): InternalStatus {
    return this.#status;
  }

  init(): void {
    const { bridge, connectLaunchWaitTimeoutMs } = this.options;
    this.#setStatus(STATUS.INITIALIZING);
    bridge.onDisconnect((detail) => this.#onDisconnect(detail));
    setTimeout(() => this.#onInitTimeout(), connectLaunchWaitTimeoutMs);
    void this.#detect();
  }

  /** Sends now when RUNNING, otherwise queues until then; a status-0 answer goes back in the queue. */
  send(request: BridgeRequest): Promise<BridgeResponse> {
    return new Promise((resolve) => {
      const queued = { request, resolve };
      if (this.#status === STATUS.RUNNING) void this.#dispatch(queued);
      else this.#queue.push(queued);
    });
  }

  stop(): void {
    this.#stop.abort();
    this.options.bridge.stop();
    this.#setStatus('STOPPED');
  }

  async #detect(): Promise<void> {
    const { bridge, requestExtensionInstall } = this.options;
    const signal = this.#stop.signal;
    if (!(await bridge.detect(EXTENSION_SEARCH_MS, signal))) {
      if (signal.aborted) return;
      this.#setStatus(STATUS.EXTENSION_INSTALL);
      requestExtensionInstall();
      if (!(await bridge.detect(-1, signal))) return;
    }
    await this.#detectClient();
  }

  /** `GET /connect/info/version` with the fixed probe id until the client answers, then the version check. */
  async #detectClient(): Promise<void> {
    const { bridge, objectId, minVersion } = this.options;
    const probeId = objectId * 10500;
    while (!this.#stop.signal.aborted) {
      const response = await bridge.send({ method: 'GET', path: '/connect/info/version', body: '' }, probeId);
      if (response.status !== 0) {
        const version = readVersion(response.body);
        const minimum = highestVersion(minVersion || MIN_SECURE_VERSION, MIN_SECURE_VERSION);
        if (response.status === 503 || (version !== undefined && !isAtLeast(version, minimum))) {
          this.#setStatus(STATUS.OUTDATED);
          return;
        }
        this.#everSucceeded = true;
        this.#setStatus(STATUS.RUNNING);
        this.#flush();
        return;
      }
      await delay(CLIENT_DETECTION_RETRY_MS, this.#stop.signal);
    }
  }

  #onInitTimeout() {
    const settled: InternalStatus[] = [STATUS.RUNNING, STATUS.OUTDATED, STATUS.EXTENSION_INSTALL, 'STOPPED'];
    if (!settled.includes(this.#status)) this.#setStatus(STATUS.FAILED);
  }

  #onDisconnect(detail: string) {
    if (this.#status === STATUS.OUTDATED || this.#status === 'STOPPED') return;
    if (isInstallIssue(detail) && !this.#everSucceeded) {
      this.#setStatus(STATUS.FAILED);
      return;
    }
    // A transient loss: re-detect the client; the init timeout rule applies again.
    this.#setStatus('DEGRADED');
    setTimeout(() => this.#onInitTimeout(), this.options.connectLaunchWaitTimeoutMs);
    void this.#detectClient();
  }

  #flush() {
    const queued = this.#queue;
    this.#queue = [];
    for (const item of queued) void this.#dispatch(item);
  }

  async #dispatch(item: Queued) {
    const id = this.options.objectId * 10000 + ++this.#nextId;
    const response = await this.options.bridge.send(item.request, id);
    if (response.status === 0 && !this.#stop.signal.aborted) {
      this.#queue.push(item);
      return;
    }
    item.resolve(response);
  }

  #setStatus(status: InternalStatus) {
    if (status === this.#status && status !== STATUS.INITIALIZING) return;
    this.#status = status;
    this.options.onStatus(status);
  }
}

function readVersion(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
